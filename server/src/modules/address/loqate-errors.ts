import type { LoqateErrorItem } from './address-provider.ts';

/**
 * The error items both providers answer with, worded as Loqate words them. The browser only
 * reads `Error` (spec section 8): find 1001 / 1004 / 1005, retrieve 1001.
 */
export const findTextRequired: LoqateErrorItem = {
  Error: '1001',
  Description: 'Text or Container Required',
  Cause: 'The Text or Container parameters were not supplied.',
  Resolution: 'Check they were supplied and try again.',
};

export const retrieveIdInvalid: LoqateErrorItem = {
  Error: '1001',
  Description: 'Id Invalid',
  Cause: 'The Id parameter supplied was invalid.',
  Resolution: 'Try again, using only IDs from the Find services.',
};

export const requestTimedOut: LoqateErrorItem = {
  Error: '1004',
  Description: 'Request Timed Out',
  Cause: 'The search took too long to complete.',
  Resolution: 'Use a more specific search, such as a full postcode, and try again.',
};

/** Upstream unreachable or answering nonsense: the same code as a timeout, so the user is told to try again. */
export const serviceUnavailable: LoqateErrorItem = {
  Error: '1004',
  Description: 'Service Unavailable',
  Cause: 'The address service could not be reached or gave an unreadable answer.',
  Resolution: 'Wait a moment and try again.',
};

export const containerInvalid: LoqateErrorItem = {
  Error: '1005',
  Description: 'Container Invalid',
  Cause: 'The Container parameter was not recognised as a container Id from a previous search.',
  Resolution: 'Use only Ids of non-Address results returned by Find and try again.',
};

/** A parameter of Loqate's layout with a value the contract does not allow (`Limit=abc`, a Text of 300 characters). */
export function parameterInvalid(name: string): LoqateErrorItem {
  return {
    Error: '1002',
    Description: `${name} Invalid`,
    Cause: `The ${name} parameter supplied was invalid.`,
    Resolution: 'Check the parameter and try again.',
  };
}

/** The per-client or per-claim lookup limit, on Loqate's layout; Loqate's own per-IP limit error is the model. */
export const tooManyLookups: LoqateErrorItem = {
  Error: '18',
  Description: 'Individual IP Limit Exceeded',
  Cause: 'Too many lookups were made from this client in a short time.',
  Resolution: 'Wait a minute and try again.',
};

export function errorAnswer(item: LoqateErrorItem): { Items: LoqateErrorItem[] } {
  return { Items: [{ ...item }] };
}
