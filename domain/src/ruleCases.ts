// The claimant-form rule cases (input -> problems) that the domain's, the client's and the
// server's tests all run: the page and the server must answer each the same way (domain/README.md).
// A case's input is laid over VALID_PERSONAL_DETAILS; `undefined` removes a field.
import { PersonalDetailsRules } from '@prize/generated/rules';
import { MINIMUM_AGE, ukDay } from './age.ts';
import type { PersonalDetails } from './personalDetails.ts';

/** Typed-in address details that pass every rule (no lookup id: the page's manual address). */
export const VALID_PERSONAL_DETAILS: PersonalDetails = {
  isOwner: true,
  title: 'Ms',
  firstName: 'Siân',
  lastName: "O'Neill-Smith",
  dateOfBirth: '1980-04-12',
  phoneNumber: '07700900123',
  isOverseas: false,
  addressLine1: '10 Downing Street',
  town: 'London',
  postCode: 'SW1A 2AA',
};

type Field = keyof typeof PersonalDetailsRules;

export interface RuleCase {
  name: string;
  /** The fields that differ from VALID_PERSONAL_DETAILS, given the moment the check runs. */
  input: (now: Date) => Partial<PersonalDetails>;
  /** The fields refused, each with the contract message the claimant sees. */
  problems: Partial<Record<Field, string>>;
}

const message = (field: Field) => (PersonalDetailsRules[field] as { message: string }).message;
const refused = (...fields: Field[]) =>
  Object.fromEntries(fields.map((field) => [field, message(field)]));

/** The UK day `years` years before now, moved by `days`: a birthday relative to today. */
function birthday(now: Date, years: number, days = 0): string {
  const today = ukDay(now);
  const date = new Date(Date.UTC(today.year - years, today.month - 1, today.day + days));
  return date.toISOString().slice(0, 10);
}

const NO_ADDRESS = {
  addressLine1: undefined,
  addressLine2: undefined,
  town: undefined,
  county: undefined,
  postCode: undefined,
};

export const RULE_CASES: readonly RuleCase[] = [
  { name: 'valid typed-in details', input: () => ({}), problems: {} },
  {
    name: 'a postcode of six letters',
    input: () => ({ postCode: 'ABCDEF' }),
    problems: refused('postCode'),
  },
  {
    name: 'a postcode too short',
    input: () => ({ postCode: 'ABC' }),
    problems: refused('postCode'),
  },
  {
    name: 'a postcode in lower case without its space',
    input: () => ({ postCode: 'sw1a2aa' }),
    problems: {},
  },
  { name: 'an Isle of Man postcode', input: () => ({ postCode: 'IM1 1AA' }), problems: {} },
  {
    name: 'markup characters in address line 2',
    input: () => ({ addressLine2: 'Flat <2>' }),
    problems: {},
  },
  {
    name: 'markup characters in the town and county',
    input: () => ({ town: 'Town <B>', county: 'A & <b>' }),
    problems: {},
  },
  {
    name: 'a control character in address line 2',
    input: () => ({ addressLine2: 'Flat\u00072' }),
    problems: refused('addressLine2'),
  },
  {
    name: 'a bidirectional override in the county',
    input: () => ({ county: '\u202EyentruoC' }),
    problems: refused('county'),
  },
  {
    name: 'a town over 50 characters',
    input: () => ({ town: 'x'.repeat(51) }),
    problems: refused('town'),
  },
  {
    name: 'an ampersand in address line 1',
    input: () => ({ addressLine1: 'Flat 2 & 3' }),
    problems: refused('addressLine1'),
  },
  {
    name: 'no address line 1',
    input: () => ({ addressLine1: undefined }),
    problems: refused('addressLine1'),
  },
  {
    name: 'a one-letter first name',
    input: () => ({ firstName: 'J' }),
    problems: refused('firstName'),
  },
  {
    name: 'a one-letter first name padded with spaces',
    input: () => ({ firstName: ' J ' }),
    problems: refused('firstName'),
  },
  {
    name: 'a digit in the first name',
    input: () => ({ firstName: 'J0hn' }),
    problems: refused('firstName'),
  },
  {
    name: 'a last name over 30 characters',
    input: () => ({ lastName: 'x'.repeat(31) }),
    problems: refused('lastName'),
  },
  {
    name: 'a phone number too short',
    input: () => ({ phoneNumber: '0770090' }),
    problems: refused('phoneNumber'),
  },
  {
    name: 'an 18th birthday today in the UK',
    input: (now) => ({ dateOfBirth: birthday(now, MINIMUM_AGE) }),
    problems: {},
  },
  {
    name: 'an 18th birthday tomorrow in the UK',
    input: (now) => ({ dateOfBirth: birthday(now, MINIMUM_AGE, 1) }),
    problems: refused('dateOfBirth'),
  },
  {
    name: 'a date that does not exist',
    input: () => ({ dateOfBirth: '1988-02-31' }),
    problems: refused('dateOfBirth'),
  },
  {
    name: 'living overseas with no address',
    input: () => ({ isOverseas: true, ...NO_ADDRESS }),
    problems: {},
  },
  {
    name: 'every rule broken at once',
    input: () => ({
      firstName: ' ',
      lastName: 'x',
      phoneNumber: '12',
      postCode: 'nope',
      town: undefined,
    }),
    problems: refused('firstName', 'lastName', 'phoneNumber', 'town', 'postCode'),
  },
];
