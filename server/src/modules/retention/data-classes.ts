import type { FileType } from '../claim/claim.types.ts';

/**
 * The classes of a closed claim's data that are removed on their own schedule (docs/adr/022).
 * What is never removed is the financial record: reference, product, amount, ticket identifiers,
 * dates and steps.
 */
export const DATA_CLASSES = ['id_documents', 'ticket_images', 'personal_data'] as const;
export type DataClass = (typeof DATA_CLASSES)[number];

/** The claim_process column that says when the class went, and the file types it covers. */
export const DATA_CLASS_RULES: Record<
  DataClass,
  { column: string; fileTypes: FileType[]; event: string }
> = {
  id_documents: {
    column: 'id_documents_deleted_at',
    fileTypes: ['idDocument1', 'idDocument2'],
    event: 'retention.id_documents_deleted',
  },
  ticket_images: {
    column: 'ticket_images_deleted_at',
    fileTypes: ['ticketFront', 'ticketBack'],
    event: 'retention.ticket_images_deleted',
  },
  personal_data: {
    column: 'personal_data_removed_at',
    fileTypes: [],
    event: 'retention.personal_data_anonymised',
  },
};

/** The claim's timeline event when a member of staff erased its personal data on request. */
export const ERASURE_EVENT = 'claim.personal_data_erased';
