import { Migration } from '@mikro-orm/migrations';

/**
 * Every submitted claim gets its process row (issue 35). Until now a claim still at 'submitted'
 * had none (unless someone was assigned to it), so the queue's "submitted" filter was
 * `coalesce(p.step, 'submitted') = 'submitted'` after an outer join: no index could answer it,
 * and at a million claims PostgreSQL walked the whole queue in date order testing each claim's
 * row (106-124 ms a page). The submission now writes the row (claim.repository.ts), and this
 * backfills the claims submitted before it, dated at their submission as the assignment's rows
 * are, so the time at the step is unchanged. No schema change: `make migration` has nothing to
 * generate for data.
 */
export class Migration20261203090000_SubmittedClaimProcess extends Migration {
  override name = 'Migration20261203090000_SubmittedClaimProcess';

  override up(): void | Promise<void> {
    this.addSql(
      `insert into claim_process (claim_id, step, updated_at)
       select c.id, 'submitted', c.submitted_at from claim c
        where c.status = 'submitted'
          and not exists (select 1 from claim_process p where p.claim_id = c.id);`,
    );
    this.addSql('analyze claim_process;');
  }

  override down(): void | Promise<void> {
    // The rows that say nothing more than "submitted" (an assignment or a step says more).
    this.addSql(
      `delete from claim_process
        where step = 'submitted' and assigned_staff_id is null and ticket_code is null
          and id_documents_deleted_at is null and ticket_images_deleted_at is null
          and personal_data_removed_at is null;`,
    );
  }
}
