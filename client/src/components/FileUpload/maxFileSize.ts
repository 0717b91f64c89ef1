import bytes from 'bytes';
import { pageConfig } from '../../config';

/** A size as MAX_FILE_SIZE is written (`15mb`, `512kb`): the `bytes` package, lower case as the spec shows it. */
export function formatByteSize(size: number): string {
  return (bytes.format(size, { decimalPlaces: 1, unitSeparator: '' }) ?? `${size}b`).toLowerCase();
}

// MAX_FILE_SIZE in bytes, which the server writes into index.html (server/src/http/client-app.ts);
// undefined when the page's setting could not be read (never silently replaced by a default).
export function readMaxFileSize(): number | undefined {
  return pageConfig.maxFileSize;
}
