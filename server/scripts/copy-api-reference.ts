/**
 * `npm run build -w server` (turbo's build, so `make start`, `make build` and the Dockerfile):
 * copies the API reference page's one self-contained script out of `@scalar/api-reference` into
 * server/dist/api-reference/, with the library's version beside it. The package is a development
 * dependency: its ~270 packages would otherwise be the larger part of the production install
 * (`npm ci --omit=dev -w server`) to serve this one file (issue 34). No source map is copied: the
 * page serves the script alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_REFERENCE_DIR,
  API_REFERENCE_SCRIPT,
} from '../src/modules/contract/api-reference-assets.ts';

// The package exports no package.json: its root is found from its main entry (dist/index.js).
const scalarRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))),
  '..',
);
const { version } = JSON.parse(fs.readFileSync(path.join(scalarRoot, 'package.json'), 'utf8')) as {
  version: string;
};

fs.rmSync(API_REFERENCE_DIR, { recursive: true, force: true });
fs.mkdirSync(API_REFERENCE_DIR, { recursive: true });
// Without its source-map comment: browsers' developer tools would ask for a map that is not served.
const script = fs
  .readFileSync(path.join(scalarRoot, 'dist/browser/standalone.js'), 'utf8')
  .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
fs.writeFileSync(path.join(API_REFERENCE_DIR, API_REFERENCE_SCRIPT), script);
fs.writeFileSync(path.join(API_REFERENCE_DIR, 'version.json'), `${JSON.stringify({ version })}\n`);
console.log(`API reference page: @scalar/api-reference ${version} copied to ${API_REFERENCE_DIR}`);
