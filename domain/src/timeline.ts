// A claim's timeline in words for Winner Services staff (issue 31): every event the product
// records, with who did it and what it was about, never a raw key or an id. The server words a
// staff action's stored detail (timelineDetailText); the staff page words the whole row
// (timelineText).
import type { components } from '@prize/generated/server';
import { STEP_LABELS, type ClaimStep } from './claimSteps.ts';

type FileType = components['schemas']['FileType'];
type SectionType = components['schemas']['SectionType'];

export const FILE_LABELS: Record<FileType, string> = {
  ticketFront: 'Ticket front',
  ticketBack: 'Ticket back',
  idDocument1: 'ID document 1',
  idDocument2: 'ID document 2',
};

export const SECTION_LABELS: Record<SectionType, string> = {
  PERSONAL_DETAILS: 'Personal details',
  ID_DOCUMENTS: 'ID documents',
  DBG_PINK_IMAGES: 'Draw-based game ticket images (pink)',
  DBG_WHITE_IMAGES: 'Draw-based game ticket images (white)',
  SC_IMAGES: 'Scratchcard images',
};

/** Events with fixed words: the claim's own trail and the staff actions. */
const EVENT_WORDS: Record<string, string> = {
  'claim.started': 'Claim started',
  'claim.verified': 'E-mail address verified',
  'identity.checked': 'Identity checked',
  'claim.submitted': 'Claim submitted',
  'claim.purged': 'Personal data deleted',
  'file.viewed': 'Image viewed through the operator API',
  'info_request.created': 'Information requested',
  'info_request.opened': 'Information request opened by the claimant',
  'info_request.identity_checked': 'Information request: identity checked',
  'info_request.submitted': 'Information sent by the claimant',
  'claim.viewed': 'Claim details viewed',
  'claim.file_viewed': 'Image viewed',
  'claim.step_changed': 'Step changed',
  'claim.info_requested': 'Information requested',
  'claim.ticket_code_lookup': 'Found by ticket code',
  'claim.assigned': 'Assigned',
  'claim.unassigned': 'Unassigned',
  'claim.note_added': 'Note added',
  'claim.exported': 'Claim exported for a data subject request',
  'claim.personal_data_erased': 'Personal data erased on request',
  'retention.id_documents_deleted': 'ID document images deleted (retention period ended)',
  'retention.ticket_images_deleted': 'Ticket images deleted (retention period ended)',
  'retention.personal_data_anonymised': 'Personal details anonymised (retention period ended)',
};

const isStep = (value: unknown): value is ClaimStep =>
  typeof value === 'string' && Object.hasOwn(STEP_LABELS, value);
const isFileType = (value: unknown): value is FileType =>
  typeof value === 'string' && Object.hasOwn(FILE_LABELS, value);
const isSection = (value: unknown): value is SectionType =>
  typeof value === 'string' && Object.hasOwn(SECTION_LABELS, value);

/**
 * A staff action's stored detail in words: a step change's steps (and a rejection's reason), the
 * image viewed (`fileType`, looked up from the stored file id), the sections asked for. Ids are
 * never worded.
 */
export function timelineDetailText(
  detail: Record<string, unknown> | undefined,
): string | undefined {
  if (!detail) return undefined;
  if (isStep(detail.from) && isStep(detail.to)) {
    const steps = `${STEP_LABELS[detail.from]} → ${STEP_LABELS[detail.to]}`;
    return typeof detail.reason === 'string' ? `${steps}. Reason: ${detail.reason}` : steps;
  }
  if (isFileType(detail.fileType)) return FILE_LABELS[detail.fileType];
  if (Array.isArray(detail.sectionTypeList))
    return detail.sectionTypeList
      .filter(isSection)
      .map((section) => SECTION_LABELS[section])
      .join(', ');
  // An erasure's recorded reason (the staff member's words, never the claimant's data).
  if (typeof detail.reason === 'string') return detail.reason;
  return undefined;
}

/** An upload's event: `file.uploaded.<type>`, or `info_request.file.uploaded.<type>`. */
function uploadWords(event: string): string | undefined {
  const match = /^(info_request\.)?file\.uploaded\.(\w+)$/.exec(event);
  if (!match || !isFileType(match[2])) return undefined;
  const uploaded = `${FILE_LABELS[match[2]]} uploaded`;
  return match[1] ? `${uploaded} in answer to an information request` : uploaded;
}

/** A timeline row as staff read it, e.g. "Ticket front image viewed by Ada Advisor". */
export function timelineText(entry: {
  event: string;
  staffName?: string;
  detail?: string;
}): string {
  const by = entry.staffName ? ` by ${entry.staffName}` : '';
  const detail = entry.detail?.trim() || undefined;
  switch (entry.event) {
    case 'claim.file_viewed':
      return detail ? `${detail} image viewed${by}` : `Image viewed${by}`;
    case 'claim.step_changed':
      return detail ? `Step changed${by}: ${detail}` : `Step changed${by}`;
    case 'claim.info_requested':
      return detail ? `Information requested${by}: ${detail}` : `Information requested${by}`;
  }
  const words =
    EVENT_WORDS[entry.event] ??
    uploadWords(entry.event) ??
    // An event this build has no words for yet: its key in words, never the raw key.
    entry.event.replace(/[._]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  return `${words}${by}${detail ? `: ${detail}` : ''}`;
}
