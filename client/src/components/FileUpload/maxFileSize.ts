import { pageConfig } from '../../config';

const UNITS = [
  ['gb', 1024 ** 3],
  ['mb', 1024 ** 2],
  ['kb', 1024],
] as const;

/** A size as MAX_FILE_SIZE is written (`15mb`, `512kb`), rounded down so it never promises more. */
export function formatByteSize(bytes: number): string {
  for (const [unit, size] of UNITS) {
    if (bytes >= size) return `${Math.floor((bytes / size) * 10) / 10}${unit}`;
  }
  return `${bytes} bytes`;
}

// MAX_FILE_SIZE in bytes, which the server writes into index.html (server/src/http/client-app.ts).
export function readMaxFileSize(): number {
  return pageConfig.maxFileSize;
}
