import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { precompressedAssets } from '../../http/precompressed.ts';

// The package exports no package.json: its root is found from its main entry (dist/index.js).
const scalarRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))),
  '..',
);
const scalarVersion = (
  JSON.parse(fs.readFileSync(path.join(scalarRoot, 'package.json'), 'utf8')) as { version: string }
).version;
// The standalone bundle: one self-contained script that renders the reference, no chunks.
const scalarBrowserDir = path.join(scalarRoot, 'dist/browser');
// The library's version is in the URL, so the script may be cached for good (a new version is a
// new URL).
const assetsPath = `/api/docs/assets/scalar-${scalarVersion}`;

/**
 * What Scalar may do on this page. Every default that reaches another host is off, so the page
 * works under the product's CSP (connect-src, font-src and script-src 'self'):
 * - its default fonts come from fonts.scalar.com: the system fonts are used instead;
 * - its telemetry, AI agent and MCP buttons call scalar.com;
 * - "Test request" would go through proxy.scalar.com: without a proxy it calls this origin only.
 */
const configuration = {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  showDeveloperTools: 'never',
  documentDownloadType: 'both',
  defaultOpenAllTags: true,
};

const escapeAttribute = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// No inline script: Scalar reads its configuration from the data attribute of an empty script
// element, and its bundle comes from this origin, so the product's CSP needs no exception.
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Prize postal-claim API reference</title>
  </head>
  <body>
    <script id="api-reference" data-configuration="${escapeAttribute(JSON.stringify(configuration))}"></script>
    <script src="${assetsPath}/standalone.js"></script>
  </body>
</html>
`;

/** GET /api/docs: the human reference of the published contract, rendered by Scalar. */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(page);
  });
  // Scalar's source maps (17 MB) are for its developers, not for this page's readers.
  router.use(assetsPath, (req, res, next) =>
    path.extname(req.path).toLowerCase() === '.map' ? res.sendStatus(404) : next(),
  );
  router.use(
    assetsPath,
    precompressedAssets(scalarBrowserDir),
    express.static(scalarBrowserDir, {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  return router;
}
