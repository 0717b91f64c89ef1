import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ClaimRecord, DataSubjectClaim, StoredFile } from './data-subject.repository.ts';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

export interface ArchivedClaim {
  claim: DataSubjectClaim;
  record: ClaimRecord;
}

/** A claim's folder in the archive: its reference, or its id before it has one. */
export const folderOf = (claim: DataSubjectClaim) => claim.hashid ?? claim.id;

/**
 * The archive of a rights-of-access export: per claim `claim.json` (what is stored about it)
 * and the images that still exist. Streamed: each image is opened only when the archive reaches
 * it, so memory stays flat however many claims there are. An image that cannot be read ends the
 * archive with that error (the download fails) and nothing else.
 */
export function claimArchive(
  claims: ArchivedClaim[],
  openFile: (file: StoredFile) => Promise<Readable>,
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  // yazl reports an image it could not open or read on the ZipFile, not on its output: unheard,
  // that event would end the whole server process.
  zip.on('error', (error: Error) => output.destroy(error));
  for (const { claim, record } of claims) {
    const folder = folderOf(claim);
    const files = record.files.map((file) => ({
      uuid: file.id,
      type: file.type,
      originalName: file.originalName,
      size: file.size,
      contentType: file.contentType,
      uploadedAt: file.createdAt,
      archivedAs: `files/${file.type}-${file.id}.${EXTENSIONS[file.contentType] ?? 'bin'}`,
    }));
    const document = {
      reference: claim.hashid,
      status: claim.status,
      step: claim.step ?? (claim.status === 'submitted' ? 'submitted' : undefined),
      email: claim.email,
      createdAt: claim.createdAt,
      verifiedAt: claim.verifiedAt,
      submittedAt: claim.submittedAt,
      claimDetails: claim.details,
      identityChecks: record.checks,
      files,
      infoRequests: record.requests,
      process: record.process,
      events: record.events,
      internalNotes: record.notes,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), `${folder}/claim.json`);
    record.files.forEach((file, index) => {
      zip.addReadStreamLazy(`${folder}/${files[index]!.archivedAs}`, (done) => {
        openFile(file).then(
          (stream) => done(null, stream),
          (error: Error) => done(error, undefined as unknown as Readable),
        );
      });
    });
  }
  zip.end();
  return output;
}
