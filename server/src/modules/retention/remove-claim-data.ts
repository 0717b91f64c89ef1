import type { EntityManager } from '@mikro-orm/postgresql';
import { StaffNoteSchema } from '../claim-process/claim-process.entity.ts';
import { draftRepository } from '../draft/draft.repository.ts';
import type { FileStorage } from '../files/storage.ts';
import { DATA_CLASS_RULES, type DataClass } from './data-classes.ts';

/**
 * Removes classes of one closed claim's data inside the caller's transaction: the files of the
 * image classes (rows now, bytes by removeBytes once the transaction committed), and for
 * `personal_data` the e-mail address, every identity check's personal details and the staff's
 * internal notes (free text about the claimant, so personal data too). The claim's
 * own audit trail gets one event per class that removed something (its timeline shows them);
 * claim_process records when each class went, removed or not. Answers the storage keys whose
 * bytes are to go.
 */
export async function removeClaimData(
  tx: EntityManager,
  claimId: string,
  classes: readonly DataClass[],
  at: Date,
  /** Retention records an event per class; an erasure records itself in the staff audit instead. */
  events: 'per-class' | 'none' = 'per-class',
): Promise<string[]> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  const run = <T extends Array<Record<string, unknown>>>(sql: string, params: unknown[]) =>
    connection.execute<T>(sql, params, 'all', context);
  const keys: string[] = [];
  for (const dataClass of classes) {
    const rule = DATA_CLASS_RULES[dataClass];
    let removed: number;
    if (rule.fileTypes.length) {
      const files = await run<Array<{ storage_key: string }>>(
        `delete from uploaded_file where claim_id = ? and type in (${rule.fileTypes.map(() => '?').join(', ')}) returning storage_key`,
        [claimId, ...rule.fileTypes],
      );
      keys.push(...files.map((file) => file.storage_key));
      removed = files.length;
    } else {
      const claims = await run<Array<{ id: string }>>(
        `update claim set email = null where id = ? and email is not null returning id`,
        [claimId],
      );
      const checks = await run<Array<{ id: string }>>(
        `update identity_check set personal_details = null where claim_id = ? and personal_details is not null returning id`,
        [claimId],
      );
      await draftRepository(tx).forget([claimId]);
      // The staff audit keeps that a note was added (its id), never what it said.
      const notes = await tx.nativeDelete(StaffNoteSchema, { claim: claimId });
      removed = claims.length + checks.length + notes;
    }
    await run(
      `update claim_process set ${rule.column} = ? where claim_id = ? and ${rule.column} is null`,
      [at, claimId],
    );
    if (removed && events === 'per-class')
      await run(`insert into audit_event (claim_id, event, at) values (?, ?, ?)`, [
        claimId,
        rule.event,
        at,
      ]);
  }
  return keys;
}

/** Bytes after their rows committed: a failing store leaves them to the daily reconciliation. */
export async function removeBytes(
  storage: Pick<FileStorage, 'remove'>,
  keys: string[],
): Promise<number> {
  let kept = 0;
  for (const key of keys) await storage.remove(key).catch(() => kept++);
  return kept;
}
