import type { EntityManager } from '@mikro-orm/postgresql';
import { displayFileName } from '@prize/domain';
import type { Config } from '../../config/config.ts';
import { claimAlreadySubmitted } from '../claim/claim.errors.ts';
import { claimRepository } from '../claim/claim.repository.ts';
import type { FileType } from '../claim/claim.types.ts';
import { assertAcceptableImage } from '../files/image-checks.ts';
import type { MalwareScanner } from '../files/malware-scan.ts';
import type { FileStorage } from '../files/storage.ts';
import type { ReceivedFile } from '../files/upload-receiver.ts';
import type { JobSender } from '../jobs/job-sender.ts';
import { SANITIZE_QUEUE } from '../jobs/queue.ts';
import { makeRoomForUpload, type UploadTarget } from './upload-quota.ts';
import { newRowId } from '../../db/row-id.ts';

export interface UploadServiceDependencies {
  config: Pick<Config, 'imageDecodeMemory' | 'uploadBudgetPerClaim'>;
  em: EntityManager;
  jobs: JobSender;
  storage: FileStorage;
  scanner?: MalwareScanner;
}

/**
 * Keeps an image a claimant sent, for the claim form or an info request's amend form: checks the
 * received bytes, commits them to storage, makes room within the claim's budget and records the
 * row with its audit event, then queues the background re-encoding (docs/adr/006).
 */
export function uploadService({
  config,
  em: rootEm,
  jobs,
  storage,
  scanner,
}: UploadServiceDependencies) {
  return {
    async store(
      target: UploadTarget,
      type: FileType,
      fileName: string,
      received: ReceivedFile,
    ): Promise<{ uuid: string }> {
      const { claimId, infoRequestId } = target;
      await assertAcceptableImage(received, scanner, config.imageDecodeMemory);
      const uuid = newRowId();
      const storageKey = await storage.commit(received.tempPath);
      let superseded: string[] = [];
      try {
        await rootEm.fork().transactional(async (tx) => {
          superseded = await makeRoomForUpload(
            tx,
            target,
            type,
            received.size,
            config.uploadBudgetPerClaim,
          );
          const repository = claimRepository(tx);
          await repository.saveFile({
            id: uuid,
            claimId,
            infoRequestId,
            type,
            // Any name is accepted; staff and operators see its display name (@prize/domain).
            originalName: displayFileName(fileName),
            size: received.size,
            sha256: received.sha256,
            contentType: received.contentType,
            storageKey,
          });
          await repository.audit(
            claimId,
            `${infoRequestId ? 'info_request.' : ''}file.uploaded.${type}`,
          );
          // An upload for the claim form is activity on the claim: it keeps the claim open.
          if (!infoRequestId && (await repository.touch(claimId)) === 0)
            throw claimAlreadySubmitted();
        });
      } catch (error) {
        // The refusal is the answer; bytes a failing store keeps go with the reconciliation.
        await storage.remove(storageKey).catch(() => undefined);
        throw error;
      }
      // The upload is committed and answered either way: superseded bytes a failing store (a
      // bucket outage) keeps have no row, and the storage reconciliation removes them.
      await Promise.all(superseded.map((key) => storage.remove(key).catch(() => undefined)));
      // Committed: if queueing fails now, maintenance queues the file later.
      await jobs.send(SANITIZE_QUEUE, uuid, { fileId: uuid }).catch(() => undefined);
      return { uuid };
    },
  };
}

export type UploadService = ReturnType<typeof uploadService>;
