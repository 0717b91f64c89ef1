import express, { Router } from 'express';
import { precompressedAssets } from '../../http/precompressed.ts';
import { API_REFERENCE_SCRIPT, apiReferenceAssets } from './api-reference-assets.ts';

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
const pageFor = (assetsPath: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Prize postal-claim API reference</title>
  </head>
  <body>
    <script id="api-reference" data-configuration="${escapeAttribute(JSON.stringify(configuration))}"></script>
    <script src="${assetsPath}/${API_REFERENCE_SCRIPT}"></script>
  </body>
</html>
`;

/** GET /api/docs: the human reference of the published contract, rendered by Scalar. */
export function apiDocsRoutes(): Router {
  const router = Router();
  const assets = apiReferenceAssets();
  if (!assets) {
    // A production install that skipped the build: the contract is still served as JSON.
    router.get('/api/docs', (_req, res) => {
      res
        .status(404)
        .type('text')
        .send(
          'The API reference page was not built (npm run build -w server); the contract is at /api/v1/openapi.json.',
        );
    });
    return router;
  }
  // The library's version is in the URL, so the script may be cached for good (a new version is
  // a new URL).
  const assetsPath = `/api/docs/assets/scalar-${assets.version}`;
  const page = pageFor(assetsPath);
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(page);
  });
  // Only the script is served: not the package's chunks or source maps beside it.
  const only = (req: express.Request, res: express.Response, next: express.NextFunction): void => {
    if (req.path === `/${API_REFERENCE_SCRIPT}`) next();
    else res.status(404).end();
  };
  router.use(
    assetsPath,
    only,
    precompressedAssets(assets.dir),
    express.static(assets.dir, {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  return router;
}
