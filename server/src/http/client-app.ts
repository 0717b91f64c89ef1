import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { encodePage, sendEncodedPage, type EncodedPage } from './encoded-page.ts';
import { pageShells, withShell, type PageShells } from './page-shells.ts';
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

/** The settings' meta tags by name, as the client reads them (client/src/config.ts). */
export function settingsMeta(settings: PageSettings): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(META_NAMES) as (keyof PageSettings)[])
    if (settings[key] !== undefined) values[META_NAMES[key]] = String(settings[key]);
  return values;
}

/**
 * index.html with the deployment's settings as meta tags the client reads before its first
 * render, so one build serves any configuration and every page shows the server's settings from
 * the start (not the build's defaults, replaced later by an API answer: a visible change and a
 * layout shift).
 */
function withSettings(html: string, meta: Record<string, string>): string {
  const tags = Object.entries(meta)
    .map(([name, value]) => `<meta name="${name}" content="${escapeAttribute(value)}" />`)
    .join('');
  // A function, so a `$` in a setting is not read as a replacement pattern.
  return html.replace('</head>', () => `${tags}</head>`);
}

export interface ClientAppOptions {
  /**
   * The claimant pages' prerendered shells (./page-shells.ts), made with these settings' meta
   * values (settingsMeta). Without them every page goes out as index.html alone.
   */
  shells?: PageShells;
}

/**
 * Serves the built SPA: hashed assets are immutable and carry no personal data, so they may be
 * cached; every route outside /api gets index.html and the client router decides.
 */
export function clientApp(
  distDir: string,
  settings: PageSettings,
  options: ClientAppOptions = {},
): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  const meta = settingsMeta(settings);
  const shells = options.shells ?? pageShells(undefined, meta);
  /**
   * Each page as sent, by the lazily loaded page it opens with (its preload hints) and the shell
   * prerendered into it: a handful of pages, whatever the paths asked for.
   */
  const pages = new Map<string, Promise<EncodedPage>>();
  const buildPage = async (source: string, route: string | undefined): Promise<string> => {
    let html = withSettings(fs.readFileSync(indexFile, 'utf8'), meta);
    const manifest = source ? readManifest(distDir) : undefined;
    if (manifest) html = html.replace('</head>', () => `${preloadLinks(manifest, source)}</head>`);
    const shell = route === undefined ? undefined : await shells.markup(route);
    return shell === undefined ? html : withShell(html, shell, distDir);
  };
  const pageFor = async (urlPath: string): Promise<EncodedPage> => {
    const source = routePage(urlPath) ?? '';
    const route = await shells.routeOf(urlPath);
    const key = `${source}|${route ?? ''}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = buildPage(source, route).then(encodePage);
      pages.set(key, page);
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
  const sendPage: RequestHandler = async (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send('The client is not built: run `make start` or `make build`.');
      return;
    }
    sendEncodedPage(req, res, await pageFor(req.path));
  };
  // The start page's form, sent before its script had taken it over (it posts rather than put the
  // address in the URL): the page again, by GET. The address is neither read nor kept.
  router.post('/', (_req, res) => res.redirect(303, '/'));
  // index.html by its own name gets the settings too, not the file as built.
  router.get('/index.html', sendPage);
  router.use(express.static(distDir, { index: false }));
  router.get('/{*splat}', sendPage);
  return router;
}
