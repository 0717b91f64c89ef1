import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the server's build puts the API reference page's script (server/scripts/copy-api-reference.ts). */
export const API_REFERENCE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/api-reference',
);
export const API_REFERENCE_SCRIPT = 'standalone.js';

export interface ApiReferenceAssets {
  dir: string;
  version: string;
}

/**
 * The built copy of the page's script and the version it came from, or undefined when the server
 * was not built (`npm run build -w server`).
 */
export function builtApiReference(dir = API_REFERENCE_DIR): ApiReferenceAssets | undefined {
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8')) as {
      version: string;
    };
    if (!fs.existsSync(path.join(dir, API_REFERENCE_SCRIPT))) return undefined;
    return { dir, version };
  } catch {
    return undefined;
  }
}

/**
 * The script where the server runs unbuilt from a development install (unit tests, `make dev`):
 * straight from the development dependency. A production install has no such package.
 */
function installedApiReference(): ApiReferenceAssets | undefined {
  try {
    const root = path.resolve(
      path.dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))),
      '..',
    );
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    return { dir: path.join(root, 'dist/browser'), version };
  } catch {
    return undefined;
  }
}

/** The built copy first; the development dependency when unbuilt; undefined when neither is there. */
export function apiReferenceAssets(): ApiReferenceAssets | undefined {
  return builtApiReference() ?? installedApiReference();
}
