// Request bodies built from the form's values: only what the contract names is sent.
import type { ClaimSubmission, PersonalDetails } from '@prize/generated/client';
import type {
  AboutTicketValues,
  ClaimDetailsValues,
  IdDocumentsValues,
  PaymentValues,
  PersonalDetailsValues,
  TicketImagesValues,
} from './claimForm';
import { needsTicketBack, normalisePhone } from './claimForm';

const clean = (value: string | undefined) => (value ?? '').trim();

export function toPersonalDetails(values: PersonalDetailsValues): PersonalDetails {
  const body: PersonalDetails = {
    isOwner: values.isOwner === true,
    title: values.title as PersonalDetails['title'],
    firstName: clean(values.firstName),
    lastName: clean(values.lastName),
    dateOfBirth: values.dateOfBirth ?? '',
    phoneNumber: normalisePhone(values.phoneNumber),
  };
  if (values.isOverseas) return { ...body, isOverseas: true };

  const address = values.isManualAddress
    ? {
        addressLine1: clean(values.addressLine1),
        addressLine2: clean(values.addressLine2),
        town: clean(values.town),
        county: clean(values.county),
        postCode: clean(values.postCode),
        dpsCode: '',
      }
    : values.addressLookup;
  if (!address) return { ...body, isOverseas: false };

  const withAddress: PersonalDetails = {
    ...body,
    isOverseas: false,
    addressLine1: address.addressLine1.trim(),
    town: address.town.trim(),
    postCode: address.postCode.trim(),
  };
  // An empty optional part is left out rather than sent as ''.
  if (address.addressLine2.trim() !== '') withAddress.addressLine2 = address.addressLine2.trim();
  if (address.county.trim() !== '') withAddress.county = address.county.trim();
  if (address.dpsCode !== '') withAddress.dpsCode = address.dpsCode;
  // The server derives the delivery point from the lookup's id; a typed address has none.
  if (address.addressId) withAddress.addressId = address.addressId;
  return withAddress;
}

/**
 * The amend form's identity body, spec section 7: the personal details and address fields, the
 * address fields and dpsCode omitted when overseas, and no `isOverseas` (the server reads an
 * absent address as overseas). `addressId` stays when the lookup was used: the server finds the
 * delivery point from it (docs/adr/016).
 */
export function toInfoRequestPersonalDetails(values: PersonalDetailsValues): PersonalDetails {
  const { isOverseas: _overseas, ...body } = toPersonalDetails(values);
  return body;
}

export interface IdentityResult {
  uuid: string;
  idDocsRequired: boolean;
}

export interface ClaimValues {
  identity: IdentityResult;
  idDocuments: IdDocumentsValues;
  claimDetails: ClaimDetailsValues;
  aboutTicket: AboutTicketValues;
  ticketImages: TicketImagesValues;
  payment: PaymentValues;
}

export function toClaimSubmission(values: ClaimValues): ClaimSubmission {
  const { identity, idDocuments, claimDetails, aboutTicket, ticketImages, payment } = values;
  const body: ClaimSubmission = {
    identityCheckUuid: identity.uuid,
    idDocsRequired: identity.idDocsRequired,
    productType: aboutTicket.productType as ClaimSubmission['productType'],
    prizeAmountPence: aboutTicket.prizeAmountPence ?? 0,
    ticketFrontFileUuid: ticketImages.ticketFrontFileUuid?.uuid ?? '',
    // The claim details rule lets the claim go on only when the ticket is in the claimant's hands.
    isTicketInPossession: true,
    isTicketDamaged: claimDetails.isTicketDamaged === true,
    isLotteryRetailer: claimDetails.isLotteryRetailer === true,
    isChequePreferred: payment.isChequePreferred === true,
  };
  if (identity.idDocsRequired) {
    if (idDocuments.idDocument1FileUuid)
      body.idDocument1FileUuid = idDocuments.idDocument1FileUuid.uuid;
    if (idDocuments.idDocument2FileUuid)
      body.idDocument2FileUuid = idDocuments.idDocument2FileUuid.uuid;
  }
  if (aboutTicket.productType === 'DBG') {
    if (aboutTicket.dbgGame) body.dbgGame = aboutTicket.dbgGame;
    if (aboutTicket.dbgTicketType === 'PINK' || aboutTicket.dbgTicketType === 'WHITE') {
      body.dbgTicketType = aboutTicket.dbgTicketType;
    }
    if (aboutTicket.dbgTicketNumber) body.dbgTicketNumber = aboutTicket.dbgTicketNumber;
    if (aboutTicket.dbgTicketType === 'PINK' && aboutTicket.dbgTermNumber)
      body.dbgTermNumber = aboutTicket.dbgTermNumber;
    if (aboutTicket.dbgTicketType === 'WHITE' && aboutTicket.dbgRetailerNumber) {
      body.dbgRetailerNumber = aboutTicket.dbgRetailerNumber;
    }
  }
  if (aboutTicket.productType === 'SC') {
    if (aboutTicket.scBarcodeNumber) body.scBarcodeNumber = aboutTicket.scBarcodeNumber;
    if (aboutTicket.scSerialNumber) body.scSerialNumber = aboutTicket.scSerialNumber;
    if (aboutTicket.scVirn) body.scVirn = aboutTicket.scVirn;
  }
  if (needsTicketBack(aboutTicket) && ticketImages.ticketBackFileUuid) {
    body.ticketBackFileUuid = ticketImages.ticketBackFileUuid.uuid;
  }
  return body;
}
