import {
  AddressIndexStateSchema,
  AddressPostcodeSchema,
  AddressSchema,
  AddressStreetSchema,
  AddressTermSchema,
} from '../modules/address/address.entity.ts';
import {
  AuditEventSchema,
  ClaimSchema,
  IdentityCheckSchema,
  UploadedFileSchema,
} from '../modules/claim/claim.entity.ts';
import { FormDraftSectionSchema } from '../modules/draft/draft.entity.ts';
import { InfoRequestSchema } from '../modules/info-request/info-request.entity.ts';
import { EmailOutboxSchema } from '../modules/mail/email-outbox.entity.ts';
import { RateLimitSchema } from '../http/rate-limit.entity.ts';
import {
  StaffAccountSchema,
  StaffSetupTokenSchema,
} from '../modules/staff/accounts/staff-account.entity.ts';
import { StaffSessionSchema } from '../modules/staff/auth/staff-session.entity.ts';
import { StaffAuditSchema } from '../modules/staff/audit/staff-audit.entity.ts';
import {
  ClaimProcessSchema,
  StaffNoteSchema,
} from '../modules/claim-process/claim-process.entity.ts';

/**
 * Every MikroORM entity of the server, one per table the migrations create; modules add theirs
 * here. test/foundation/schema-matches-entities.test.ts fails when these and the migrations differ.
 */
export const entities = [
  ClaimSchema,
  IdentityCheckSchema,
  UploadedFileSchema,
  AuditEventSchema,
  InfoRequestSchema,
  FormDraftSectionSchema,
  EmailOutboxSchema,
  RateLimitSchema,
  AddressSchema,
  AddressStreetSchema,
  AddressTermSchema,
  AddressPostcodeSchema,
  AddressIndexStateSchema,
  StaffAccountSchema,
  StaffSetupTokenSchema,
  StaffSessionSchema,
  StaffAuditSchema,
  ClaimProcessSchema,
  StaffNoteSchema,
];
