import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Initial } from './Migration20261122000000Initial.ts';
import { Migration20261122010000Claims } from './Migration20261122010000Claims.ts';
import { Migration20261122015000Address } from './Migration20261122015000Address.ts';
import { Migration20261122015100AddressSearch } from './Migration20261122015100AddressSearch.ts';
import { Migration20261122020000InfoRequests } from './Migration20261122020000InfoRequests.ts';
import { Migration20261122030000FileSanitizing } from './Migration20261122030000FileSanitizing.ts';
import { Migration20261122040000ClaimHotUpdates } from './Migration20261122040000ClaimHotUpdates.ts';
import { Migration20261122041000OutboxLease } from './Migration20261122041000OutboxLease.ts';
import { Migration20261125090000ClaimReferenceBlocks } from './Migration20261125090000ClaimReferenceBlocks.ts';
import { Migration20261125180000BoundedRetries } from './Migration20261125180000BoundedRetries.ts';
import { Migration20261125180000FormDrafts } from './Migration20261125180000FormDrafts.ts';
import { Migration20261125203152_StaffAccounts } from './Migration20261125203152_StaffAccounts.ts';
import { Migration20261125203306_ClaimProcess } from './Migration20261125203306_ClaimProcess.ts';
import { Migration20261127165403_ClaimStatusLink } from './Migration20261127165403_ClaimStatusLink.ts';
import { Migration20261127165414_StaffSessionKeyId } from './Migration20261127165414_StaffSessionKeyId.ts';
import { Migration20261127165444_StaffQueue } from './Migration20261127165444_StaffQueue.ts';
import { Migration20261127170058_StaffAccountLifecycle } from './Migration20261127170058_StaffAccountLifecycle.ts';
import { Migration20261127172215_ClaimDataRetention } from './Migration20261127172215_ClaimDataRetention.ts';
import { Migration20261127173317_ScaleIndexes } from './Migration20261127173317_ScaleIndexes.ts';
import { Migration20261127174500_StaffAuditOwner } from './Migration20261127174500_StaffAuditOwner.ts';
import { Migration20261128031500_SearchStatistics } from './Migration20261128031500_SearchStatistics.ts';
import { Migration20261203090000_SubmittedClaimProcess } from './Migration20261203090000_SubmittedClaimProcess.ts';

/** Every migration, in order. Listed explicitly so no file discovery runs at start-up. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000Initial', class: Migration20261122000000Initial },
  { name: 'Migration20261122010000Claims', class: Migration20261122010000Claims },
  { name: 'Migration20261122015000Address', class: Migration20261122015000Address },
  { name: 'Migration20261122015100AddressSearch', class: Migration20261122015100AddressSearch },
  { name: 'Migration20261122020000InfoRequests', class: Migration20261122020000InfoRequests },
  { name: 'Migration20261122030000FileSanitizing', class: Migration20261122030000FileSanitizing },
  { name: 'Migration20261122040000ClaimHotUpdates', class: Migration20261122040000ClaimHotUpdates },
  { name: 'Migration20261122041000OutboxLease', class: Migration20261122041000OutboxLease },
  {
    name: 'Migration20261125090000ClaimReferenceBlocks',
    class: Migration20261125090000ClaimReferenceBlocks,
  },
  { name: 'Migration20261125180000BoundedRetries', class: Migration20261125180000BoundedRetries },
  { name: 'Migration20261125180000FormDrafts', class: Migration20261125180000FormDrafts },
  { name: 'Migration20261125203152_StaffAccounts', class: Migration20261125203152_StaffAccounts },
  { name: 'Migration20261125203306_ClaimProcess', class: Migration20261125203306_ClaimProcess },
  {
    name: 'Migration20261127165403_ClaimStatusLink',
    class: Migration20261127165403_ClaimStatusLink,
  },
  {
    name: 'Migration20261127165414_StaffSessionKeyId',
    class: Migration20261127165414_StaffSessionKeyId,
  },
  { name: 'Migration20261127165444_StaffQueue', class: Migration20261127165444_StaffQueue },
  {
    name: 'Migration20261127170058_StaffAccountLifecycle',
    class: Migration20261127170058_StaffAccountLifecycle,
  },
  {
    name: 'Migration20261127172215_ClaimDataRetention',
    class: Migration20261127172215_ClaimDataRetention,
  },
  { name: 'Migration20261127173317_ScaleIndexes', class: Migration20261127173317_ScaleIndexes },
  {
    name: 'Migration20261127174500_StaffAuditOwner',
    class: Migration20261127174500_StaffAuditOwner,
  },
  {
    name: 'Migration20261128031500_SearchStatistics',
    class: Migration20261128031500_SearchStatistics,
  },
  {
    name: 'Migration20261203090000_SubmittedClaimProcess',
    class: Migration20261203090000_SubmittedClaimProcess,
  },
];
