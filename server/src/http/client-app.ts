import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { precompressedAssets } from './precompressed.ts';
import { preloadLinks, readManifest, routePage } from './route-preloads.ts';

/** What the pages show that the deployment configures, read by client/src/config.ts. */
export interface PageSettings {
  productName: string;
  customerCarePhone: string;
  /** MAX_FILE_SIZE in bytes: the client refuses a larger file before sending any of it. */
  maxFileSize?: number;
  /** What the start page promises, and the forms' fallback before their first answer. */
  claimInactivityMinutes?: number;
  infoRequestInactivityMinutes?: number;
  operatorSiteUrl?: string;
  appStoreUrl?: string;
  googlePlayUrl?: string;
}

const escapeAttribute = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Each setting's meta tag name; a setting left unset gets no tag and the client's fallback. */
const META_NAMES: Record<keyof PageSettings, string> = {
  productName: 'product-name',
  customerCarePhone: 'customer-care-phone',
  maxFileSize: 'max-file-size',
  claimInactivityMinutes: 'claim-inactivity-minutes',
  infoRequestInactivityMinutes: 'info-request-inactivity-minutes',
  operatorSiteUrl: 'operator-site-url',
  appStoreUrl: 'app-store-url',
  googlePlayUrl: 'google-play-url',
};

/**
 * index.html with the deployment's settings as meta tags the client reads before its first
 * render, so one build serves any configuration and every page shows the server's settings from
 * the start (not the build's defaults, replaced later by an API answer: a visible change and a
 * layout shift).
 */
function withSettings(html: string, settings: PageSettings): string {
  const tags = (Object.keys(META_NAMES) as (keyof PageSettings)[])
    .filter((key) => settings[key] !== undefined)
    .map(
      (key) =>
        `<meta name="${META_NAMES[key]}" content="${escapeAttribute(String(settings[key]))}" />`,
    )
    .join('');
  return html.replace('</head>', `${tags}</head>`);
}

/**
 * Serves the built SPA: hashed assets are immutable and carry no personal data, so they may be
 * cached; every route outside /api gets index.html and the client router decides.
 */
export function clientApp(distDir: string, settings: PageSettings): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  /** index.html with the settings, per lazily loaded page it opens with ('' for none). */
  const pages = new Map<string, string>();
  const pageFor = (urlPath: string): string => {
    const source = routePage(urlPath) ?? '';
    let page = pages.get(source);
    if (page === undefined) {
      const html = withSettings(fs.readFileSync(indexFile, 'utf8'), settings);
      const manifest = source ? readManifest(distDir) : undefined;
      page = manifest ? html.replace('</head>', `${preloadLinks(manifest, source)}</head>`) : html;
      pages.set(source, page);
    }
    return page;
  };
  router.use(
    '/assets',
    precompressedAssets(path.join(distDir, 'assets')),
    express.static(path.join(distDir, 'assets'), {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  const sendPage: RequestHandler = (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send('The client is not built: run `make start` or `make build`.');
      return;
    }
    res.type('html').send(pageFor(req.path));
  };
  // index.html by its own name gets the settings too, not the file as built.
  router.get('/index.html', sendPage);
  router.use(express.static(distDir, { index: false }));
  router.get('/{*splat}', sendPage);
  return router;
}
