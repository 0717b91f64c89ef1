// The info-request page (spec sections 2 and 4, 'Info request'): which sections it shows, in
// which order, and the body it sends.
import type { InfoRequestSubmission, SectionType } from '@prize/generated/client';
import {
  isImageSection,
  needsTicketBack,
  ticketOfImageSection,
  type ImageSection,
} from '@prize/domain';
import type { AboutTicketValues, IdDocumentsValues, TicketImagesValues } from './claimForm';
import { SECTION_TITLES } from './sections';
import type { IdentityResult } from './submission';

export type InfoSectionId = 'personalDetails' | 'idDocuments' | 'ticketImages';

// The ticket-image sections are the shared domain's (the server's list too).
export type ImageKind = ImageSection;

const SECTION_FOR: Record<SectionType, InfoSectionId> = {
  PERSONAL_DETAILS: 'personalDetails',
  ID_DOCUMENTS: 'idDocuments',
  DBG_PINK_IMAGES: 'ticketImages',
  DBG_WHITE_IMAGES: 'ticketImages',
  SC_IMAGES: 'ticketImages',
};

const isImageKind = (section: SectionType): section is ImageKind => isImageSection(section);

// The server's list as the page uses it: known values once each, in the server's order, and
// one kind of ticket images at most (the first). Empty when nothing usable was asked for.
export function readSectionTypes(list: readonly string[]): SectionType[] {
  const read: SectionType[] = [];
  for (const value of list) {
    if (!(value in SECTION_FOR)) continue;
    const section = value as SectionType;
    if (read.includes(section) || (isImageKind(section) && read.some(isImageKind))) continue;
    read.push(section);
  }
  return read;
}

export function imageKind(list: readonly SectionType[]): ImageKind | undefined {
  return list.find(isImageKind);
}

// The ID documents section comes right after personal details when the new identity check
// asks for ID documents and the request does not already include it (then it stays where
// the request put it).
export function withIdDocuments(
  list: readonly SectionType[],
  idDocsRequired: boolean,
): SectionType[] {
  const at = list.indexOf('PERSONAL_DETAILS');
  if (!idDocsRequired || at === -1 || list.includes('ID_DOCUMENTS')) return [...list];
  return [...list.slice(0, at + 1), 'ID_DOCUMENTS', ...list.slice(at + 1)];
}

// The sections shown, in order; a section's number is its place here plus one, and the last
// one submits.
export function infoRequestSections(
  list: readonly SectionType[],
  idDocsRequired: boolean,
): InfoSectionId[] {
  return withIdDocuments(list, idDocsRequired).map((section) => SECTION_FOR[section]);
}

// The ticket the images are of, in the claim form's terms (wording, back needed or not).
export function ticketForKind(kind: ImageKind | undefined): AboutTicketValues {
  return ticketOfImageSection(kind);
}

export function infoSectionTitle(id: InfoSectionId, kind: ImageKind | undefined): string {
  if (id !== 'ticketImages') return SECTION_TITLES[id];
  return kind === 'SC_IMAGES' ? 'Upload Scratchcard images' : 'Upload ticket images';
}

// What the image section asks for, in words.
export function ticketImagesIntro(kind: ImageKind | undefined): string {
  switch (kind) {
    case 'DBG_PINK_IMAGES':
      return 'We need new photos of the front and the back of your pink draw game ticket.';
    case 'DBG_WHITE_IMAGES':
      return 'We need a new photo of the front of your white draw game ticket.';
    case 'SC_IMAGES':
      return 'We need new photos of the front and the back of your Scratchcard.';
    default:
      return '';
  }
}

export interface InfoRequestValues {
  // The request's list (readSectionTypes).
  sectionTypeList: readonly SectionType[];
  // The identity check made on this page; null when personal details were not asked for.
  identity: IdentityResult | null;
  idDocuments: IdDocumentsValues;
  ticketImages: TicketImagesValues;
}

// Only what the request asked for is sent; ID_DOCUMENTS joins the list when the new identity
// check asked for ID documents (the server accepts it then, and only then).
export function toInfoRequestSubmission(values: InfoRequestValues): InfoRequestSubmission {
  const { sectionTypeList, identity, idDocuments, ticketImages } = values;
  const asked = sectionTypeList.includes('PERSONAL_DETAILS') ? identity : null;
  const sent = withIdDocuments(sectionTypeList, asked?.idDocsRequired === true);
  const body: InfoRequestSubmission = { sectionTypeList: sent };
  if (asked) {
    body.identityCheckUuid = asked.uuid;
    body.idDocsRequired = asked.idDocsRequired;
  }
  if (sent.includes('ID_DOCUMENTS')) {
    if (idDocuments.idDocument1FileUuid)
      body.idDocument1FileUuid = idDocuments.idDocument1FileUuid.uuid;
    if (idDocuments.idDocument2FileUuid)
      body.idDocument2FileUuid = idDocuments.idDocument2FileUuid.uuid;
  }
  const kind = imageKind(sectionTypeList);
  if (kind !== undefined) {
    if (ticketImages.ticketFrontFileUuid)
      body.ticketFrontFileUuid = ticketImages.ticketFrontFileUuid.uuid;
    if (needsTicketBack(ticketForKind(kind)) && ticketImages.ticketBackFileUuid) {
      body.ticketBackFileUuid = ticketImages.ticketBackFileUuid.uuid;
    }
  }
  return body;
}
