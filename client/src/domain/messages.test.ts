import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, FORM_MESSAGES, SCREEN_MESSAGES } from './messages';

interface Property {
  pattern?: string;
  'x-error-message'?: string;
  'x-error-message-sc'?: string;
}
const contract = JSON.parse(
  readFileSync(new URL('../../../generated/openapi.json', import.meta.url), 'utf8'),
) as {
  components: { schemas: Record<string, { properties?: Record<string, Property> }> };
};
const property = (schema: string, name: string): Property => {
  const found = contract.components.schemas[schema]?.properties?.[name];
  if (!found) throw new Error(`${schema}.${name} is not in the contract`);
  return found;
};

describe('messages agree with the contract', () => {
  it.each<[string, string, string]>([
    ['StartClaimRequest', 'email', FIELD_MESSAGES.email],
    ...(
      [
        'isOwner',
        'title',
        'firstName',
        'lastName',
        'dateOfBirth',
        'phoneNumber',
        'addressLine1',
        'addressLine2',
        'town',
        'county',
        'postCode',
      ] as const
    ).map((name): [string, string, string] => ['PersonalDetails', name, FIELD_MESSAGES[name]]),
    ...(
      [
        'idDocument1FileUuid',
        'idDocument2FileUuid',
        'productType',
        'dbgGame',
        'dbgTicketType',
        'dbgTicketNumber',
        'dbgTermNumber',
        'dbgRetailerNumber',
        'scBarcodeNumber',
        'scSerialNumber',
        'scVirn',
        'prizeAmountPence',
        'isTicketInPossession',
        'isTicketDamaged',
        'isLotteryRetailer',
      ] as const
    ).map((name): [string, string, string] => ['ClaimSubmission', name, FIELD_MESSAGES[name]]),
  ])('%s.%s has the client text', (schema, name, message) => {
    expect(property(schema, name)['x-error-message']).toBe(message);
  });

  it('the ticket image texts match for draw game tickets and Scratchcards', () => {
    for (const name of ['ticketFrontFileUuid', 'ticketBackFileUuid'] as const) {
      expect(property('ClaimSubmission', name)['x-error-message']).toBe(
        FIELD_MESSAGES[name]('draw game ticket'),
      );
      expect(property('ClaimSubmission', name)['x-error-message-sc']).toBe(
        FIELD_MESSAGES[name]('Scratchcard'),
      );
    }
  });
});

describe('screen and banner texts', () => {
  it('are worded exactly as the spec', () => {
    expect(FORM_MESSAGES.bannerTitle(3)).toBe("We couldn't process 3 of your entries.");
    expect(FORM_MESSAGES.bannerBody).toBe('Check the fields highlighted below.');
    expect(FORM_MESSAGES.submissionFailed).toBe(
      'There were validation errors, please correct them and resubmit',
    );
    expect(SCREEN_MESSAGES.cleared(20)).toBe(
      'Your claim form was cleared as it was left unfinished for 20 minutes',
    );
    expect(SCREEN_MESSAGES.startFailed).toBe('Failed to start claim.');
    expect(SCREEN_MESSAGES.loadFailed).toBe('Failed to load claim.');
    expect(SCREEN_MESSAGES.loadRequestFailed).toBe('Failed to load request.');
    expect(SCREEN_MESSAGES.detailsSubmitted).toBe('Your details have been submitted successfully.');
    expect(SCREEN_MESSAGES.cleared(15, 'form')).toBe(
      'Your form was cleared as it was left unfinished for 15 minutes',
    );
  });
});
