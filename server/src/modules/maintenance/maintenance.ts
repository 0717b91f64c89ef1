import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { errorFields } from '../../infra/error-fields.ts';
import {
  deleteExpiredDrafts,
  expireAndPurgeClaims,
  purgeUnreferencedUploads,
} from '../claim/retention.ts';
import { reconcileStorage } from './reconcile-storage.ts';
import type { Config } from '../../config/config.ts';
import { applyRetention } from '../retention/apply-retention.ts';
import type { FileStorage } from '../files/storage.ts';
import { deleteExpiredCounts } from '../../http/rate-limit.ts';
import { deleteSentEmails } from '../mail/outbox.ts';
import type { OutboxPump } from '../mail/outbox-pump.ts';
import type { JobSender } from '../jobs/job-sender.ts';
import { PURGE_QUEUE, RECONCILE_QUEUE, SANITIZE_QUEUE } from '../jobs/queue.ts';

export interface MaintenanceDependencies {
  boss: PgBoss;
  jobs: JobSender;
  outbox: Pick<OutboxPump, 'sendStranded'>;
  em: EntityManager;
  storage: FileStorage;
  inactivityMinutes: number;
  logger: Logger;
  /** Days each data class of a closed claim is kept (docs/adr/022); no retention run without it. */
  retention?: Config['retention'];
}

/** One run of the periodic work: purge expired claims, remove closed claims' data past its retention, drafts and the uploads no submission uses, send stranded e-mails, delete old sent e-mails and rate-limit counts, re-queue lost image jobs. */
export async function runMaintenance({
  jobs,
  outbox,
  em,
  storage,
  inactivityMinutes,
  logger,
  retention,
}: MaintenanceDependencies): Promise<void> {
  await expireAndPurgeClaims(em.fork(), storage, inactivityMinutes, logger);
  if (retention) await applyRetention(em, storage, retention, logger);
  await purgeUnreferencedUploads(em.fork(), storage, logger);
  await deleteExpiredDrafts(em.fork());
  // E-mail trouble (SMTP or the database down) must not stop the image jobs below.
  await outbox
    .sendStranded()
    .catch((error: unknown) =>
      logger.warn(
        { err: errorFields(error) },
        'stranded e-mails not sent; the next run tries again',
      ),
    );
  const deleted = await deleteSentEmails(em.fork());
  if (deleted) logger.info({ deleted }, 'sent e-mails over a week old deleted');
  await deleteExpiredCounts(em.fork());
  const unsanitized = await em
    .fork()
    .getConnection()
    .execute<Array<{ id: string }>>(
      `select id from uploaded_file where sanitized_at is null and sanitize_error is null and created_at < now() - interval '2 minutes' limit 500`,
    );
  await Promise.all(unsanitized.map(({ id }) => jobs.send(SANITIZE_QUEUE, id, { fileId: id })));
}

/**
 * Every 5 minutes on one process of the fleet (pg-boss schedules are cluster-wide). Storage is
 * reconciled once a day, in the small hours: it looks at every stored file and file row (a
 * file-system call each), CPU that grows with every file kept and is too much to spend every
 * 5 minutes; what it repairs (leftovers of a crash mid-upload) can wait a day.
 */
export async function scheduleMaintenance(deps: MaintenanceDependencies): Promise<void> {
  await deps.boss.schedule(PURGE_QUEUE, '*/5 * * * *');
  await deps.boss.work(PURGE_QUEUE, async () => runMaintenance(deps));
  await deps.boss.schedule(RECONCILE_QUEUE, RECONCILE_SCHEDULE);
  await deps.boss.work(RECONCILE_QUEUE, async () => {
    await reconcileStorage(deps.em.fork(), deps.storage, deps.logger);
  });
}

/** 03:23 UTC every day. */
export const RECONCILE_SCHEDULE = '23 3 * * *';
