import { pageMeta } from '../../config';

// MAX_FILE_SIZE's documented default, 15mb.
export const DEFAULT_MAX_FILE_SIZE = 15 * 1024 * 1024;

// MAX_FILE_SIZE in bytes, which the server writes into index.html (server/src/http/client-app.ts).
export function readMaxFileSize(): number {
  const bytes = Number(pageMeta('max-file-size'));
  return Number.isInteger(bytes) && bytes > 0 ? bytes : DEFAULT_MAX_FILE_SIZE;
}
