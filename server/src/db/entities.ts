import { FormDraftSectionSchema } from '../modules/draft/draft.entity.ts';
import { AuditEventSchema, ClaimSchema, IdentityCheckSchema, UploadedFileSchema } from '../modules/claim/claim.entity.ts';

/** Every MikroORM entity of the server; modules add theirs here. */
export const entities = [ClaimSchema, IdentityCheckSchema, UploadedFileSchema, AuditEventSchema, FormDraftSectionSchema];
