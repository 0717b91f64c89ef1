// Which images a claim or an info request must carry, by product and ticket type (spec section 5,
// 'Upload ticket or Scratchcard images'), and the kinds of ticket images an operator can ask for.
import { ClaimSubmissionRules } from '@prize/generated/rules';
import type { components } from '@prize/generated/server';

type Schemas = components['schemas'];
export type ProductType = Schemas['ClaimSubmission']['productType'];
export type DbgTicketType = NonNullable<Schemas['ClaimSubmission']['dbgTicketType']>;
export type SectionType = Schemas['SectionType'];

/** The ticket a claim is about, as far as its images depend on it. */
export interface TicketChoice {
  productType?: ProductType;
  dbgTicketType?: DbgTicketType | 'UNSURE';
}

/** The back of a ticket is needed for Scratchcards and pink draw tickets. */
export function needsTicketBack(ticket: TicketChoice): boolean {
  return (
    ticket.productType === 'SC' || (ticket.productType === 'DBG' && ticket.dbgTicketType === 'PINK')
  );
}

/** The contract's message for a missing ticket image: its draw game text, or its Scratchcard text. */
export function ticketImageMessage(
  field: 'ticketFrontFileUuid' | 'ticketBackFileUuid',
  product: ProductType | undefined,
): string {
  const rule = ClaimSubmissionRules[field];
  return product === 'SC' ? rule.messageSc : rule.message;
}

export type FileProperty =
  'ticketFrontFileUuid' | 'ticketBackFileUuid' | 'idDocument1FileUuid' | 'idDocument2FileUuid';
/** The upload type (FileUploadRequest.type) of each file property. */
export type UploadType = 'ticketFront' | 'ticketBack' | 'idDocument1' | 'idDocument2';

const ID_DOCUMENTS: Array<[FileProperty, UploadType]> = [
  ['idDocument1FileUuid', 'idDocument1'],
  ['idDocument2FileUuid', 'idDocument2'],
];

/** The file kinds a claim must carry, by product and ticket type: [property, upload type]. */
export function claimFileKinds(
  ticket: TicketChoice,
  idDocsRequired: boolean,
): Array<[FileProperty, UploadType]> {
  const wanted: Array<[FileProperty, UploadType]> = [['ticketFrontFileUuid', 'ticketFront']];
  if (needsTicketBack(ticket)) wanted.push(['ticketBackFileUuid', 'ticketBack']);
  if (idDocsRequired) wanted.push(...ID_DOCUMENTS);
  return wanted;
}

/** The ticket-image sections an operator can ask for: one kind per request at most. */
export const IMAGE_SECTIONS = [
  'DBG_PINK_IMAGES',
  'DBG_WHITE_IMAGES',
  'SC_IMAGES',
] as const satisfies readonly SectionType[];
export type ImageSection = (typeof IMAGE_SECTIONS)[number];

export const isImageSection = (section: string): section is ImageSection =>
  (IMAGE_SECTIONS as readonly string[]).includes(section);

/** The ticket an image section is about. */
export function ticketOfImageSection(section: ImageSection | undefined): TicketChoice {
  switch (section) {
    case 'DBG_PINK_IMAGES':
      return { productType: 'DBG', dbgTicketType: 'PINK' };
    case 'DBG_WHITE_IMAGES':
      return { productType: 'DBG', dbgTicketType: 'WHITE' };
    case 'SC_IMAGES':
      return { productType: 'SC' };
    default:
      return {};
  }
}

/** The kinds of ticket images a claim's ticket has: the only ones an operator may ask for. */
export function imageSectionsOf(ticket: TicketChoice): ImageSection[] {
  return IMAGE_SECTIONS.filter((section) => {
    const of = ticketOfImageSection(section);
    return (
      of.productType === ticket.productType &&
      (of.dbgTicketType === undefined || of.dbgTicketType === ticket.dbgTicketType)
    );
  });
}

/** The sections an info request about a claim with this ticket may ask for. */
export function askableSections(ticket: TicketChoice): SectionType[] {
  return ['PERSONAL_DETAILS', 'ID_DOCUMENTS', ...imageSectionsOf(ticket)];
}

/** The files an info request's answer must carry: [property, upload type]. */
export function infoRequestFileKinds(
  requested: readonly SectionType[],
  idDocsRequired: boolean | undefined,
): Array<[FileProperty, UploadType]> {
  const files: Array<[FileProperty, UploadType]> = [];
  if (requested.includes('ID_DOCUMENTS') || idDocsRequired) files.push(...ID_DOCUMENTS);
  const images = requested.filter(isImageSection);
  if (images.length > 0) files.push(['ticketFrontFileUuid', 'ticketFront']);
  if (images.some((section) => needsTicketBack(ticketOfImageSection(section))))
    files.push(['ticketBackFileUuid', 'ticketBack']);
  return files;
}
