import { unwrap, type PrizeClient } from './client.js';
import type { components } from './generated/openapi.js';

export type FileType = components['schemas']['FileType'];
export type FileUploadResponse = components['schemas']['FileUploadResponse'];

export interface UploadFile {
  /** Which image this is: ticketFront, ticketBack, idDocument1 or idDocument2. */
  type: FileType;
  /** The image bytes: a browser File, or in Node `new Blob([await readFile(path)])`. */
  file: Blob;
  /** The original file name (stored for the operator); defaults to the File's own name. */
  fileName?: string;
}

// The multipart body the contract describes: `type`, `fileName` and the `file` part, in that order
// so the server knows which image it is before the bytes arrive. fetch writes the boundary itself.
function uploadForm({ type, file, fileName }: UploadFile): FormData {
  const name = fileName ?? (typeof File !== 'undefined' && file instanceof File ? file.name : type);
  const form = new FormData();
  form.append('type', type);
  form.append('fileName', name);
  form.append('file', file, name);
  return form;
}

/** Uploads one image to a claim (claim token from the verification e-mail). */
export function uploadClaimFile(
  client: PrizeClient,
  claimToken: string,
  upload: UploadFile,
): Promise<FileUploadResponse> {
  return unwrap(
    client.POST('/api/v1/claim/{id}/file', {
      params: { path: { id: claimToken } },
      body: { type: upload.type, fileName: upload.fileName ?? upload.type, file: upload.file },
      bodySerializer: () => uploadForm(upload),
    }),
  );
}

/** Uploads one image in answer to an info request (token from the operator's e-mail). */
export function uploadInfoRequestFile(
  client: PrizeClient,
  infoRequestToken: string,
  upload: UploadFile,
): Promise<FileUploadResponse> {
  return unwrap(
    client.POST('/api/v1/claim/info-request/{infoRequestToken}/file', {
      params: { path: { infoRequestToken } },
      body: { type: upload.type, fileName: upload.fileName ?? upload.type, file: upload.file },
      bodySerializer: () => uploadForm(upload),
    }),
  );
}
