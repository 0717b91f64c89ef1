// Server field errors (ApiError.fieldErrors) sent back to the section that owns each field.
import { FORM_ERROR } from 'final-form';
import { FIELD_MESSAGES, FORM_MESSAGES } from '../domain/messages';
import type { SectionId } from './sections';

const FIELD_SECTIONS: Record<string, SectionId> = {
  isOwner: 'personalDetails',
  title: 'personalDetails',
  firstName: 'personalDetails',
  lastName: 'personalDetails',
  dateOfBirth: 'personalDetails',
  phoneNumber: 'personalDetails',
  isOverseas: 'personalDetails',
  addressLine1: 'personalDetails',
  addressLine2: 'personalDetails',
  town: 'personalDetails',
  county: 'personalDetails',
  postCode: 'personalDetails',
  addressId: 'personalDetails',
  dpsCode: 'personalDetails',
  identityCheckUuid: 'personalDetails',
  idDocsRequired: 'personalDetails',
  idDocument1FileUuid: 'idDocuments',
  idDocument2FileUuid: 'idDocuments',
  isTicketInPossession: 'claimDetails',
  isTicketDamaged: 'claimDetails',
  isLotteryRetailer: 'claimDetails',
  productType: 'aboutTicket',
  dbgGame: 'aboutTicket',
  dbgTicketType: 'aboutTicket',
  dbgTicketNumber: 'aboutTicket',
  dbgTermNumber: 'aboutTicket',
  dbgRetailerNumber: 'aboutTicket',
  scBarcodeNumber: 'aboutTicket',
  scSerialNumber: 'aboutTicket',
  scVirn: 'aboutTicket',
  prizeAmountPence: 'aboutTicket',
  ticketFrontFileUuid: 'ticketImages',
  ticketBackFileUuid: 'ticketImages',
  isChequePreferred: 'payment',
};

const ADDRESS_FIELDS = new Set([
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postCode',
  'addressId',
  'dpsCode',
]);

// Errors about the identity check itself are not about a field the claimant can see.
const SECTION_LEVEL_FIELDS = new Set(['identityCheckUuid', 'idDocsRequired', 'isOverseas']);

// The key final-form uses for an error of the whole form (its own constant).
export const FORM_ERROR_KEY = FORM_ERROR;

export type SectionErrors = Partial<Record<SectionId, Record<string, string>>>;

export interface MappedServerErrors {
  bySection: SectionErrors;
  // Fields no section shows: reported as a notification.
  unmapped: Record<string, string>;
}

export function mapServerErrors(
  fieldErrors: Readonly<Record<string, string>>,
  options: { usedAddressLookup: boolean },
): MappedServerErrors {
  const bySection: SectionErrors = {};
  const unmapped: Record<string, string> = {};
  const add = (section: SectionId, field: string, message: string) => {
    const errors = (bySection[section] ??= {});
    if (!(field in errors)) errors[field] = message;
  };
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = path.split(/[.[]/)[0] ?? path;
    const section = FIELD_SECTIONS[field];
    if (section === undefined) {
      unmapped[path] = message;
    } else if (ADDRESS_FIELDS.has(field) && options.usedAddressLookup) {
      // With the lookup the claimant sees one address field, not its parts.
      add(section, 'addressLookup', FIELD_MESSAGES.addressLookup);
    } else if (SECTION_LEVEL_FIELDS.has(field)) {
      add(section, FORM_ERROR_KEY, FORM_MESSAGES.submissionFailed);
    } else {
      add(section, field, message);
    }
  }
  return { bySection, unmapped };
}
