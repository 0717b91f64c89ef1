import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';

/** What the client's prerender bundle exports (client/src/prerender/prerenderShell.tsx). */
interface ShellModule {
  SHELL_ROUTES: readonly string[];
  shellRoute(urlPath: string): string | undefined;
  prerenderShell(route: string, settings: Readonly<Record<string, string>>): Promise<string>;
}

export interface PageShells {
  /** Settles once every route's shell is rendered (or has failed to): the instance then serves. */
  ready: Promise<void>;
  /** The route whose shell a path opens with, or undefined: the page is served without one. */
  routeOf(urlPath: string): Promise<string | undefined>;
  /** The route's shell, rendered once; undefined if it could not be. */
  markup(route: string): Promise<string | undefined>;
}

function isShellModule(value: unknown): value is ShellModule {
  const module = value as Partial<ShellModule> | undefined;
  return (
    Array.isArray(module?.SHELL_ROUTES) &&
    typeof module.shellRoute === 'function' &&
    typeof module.prerenderShell === 'function'
  );
}

/**
 * Each claimant page's shell (layout, heading, footer; nothing of a claimant's), prerendered by
 * the client's own components from the bundle `vite build --ssr` writes (client/dist-ssr/), so
 * the page's largest text paints with the HTML and CSS instead of after the JavaScript. One
 * render per route with the deployment's settings (`settings`: the meta tags' values, which the
 * client reads too), at start-up (`ready`): a request costs a route match. The route is all the
 * bundle is given of a request, never its path, so no link token can reach the markup. Without
 * the bundle (`modulePath` undefined or absent), or when a shell fails to render, pages go out
 * without it and the client renders them whole.
 */
export function pageShells(
  modulePath: string | undefined,
  settings: Readonly<Record<string, string>>,
  logger?: Pick<Logger, 'warn'>,
): PageShells {
  const built = modulePath !== undefined && fs.existsSync(modulePath);
  if (modulePath !== undefined && !built)
    logger?.warn(
      { modulePath },
      'the prerender bundle is not built (make build): pages go out without their shell',
    );
  const loaded: Promise<ShellModule | undefined> = !built
    ? Promise.resolve(undefined)
    : import(pathToFileURL(modulePath).href).then(
        (module: unknown) => {
          if (isShellModule(module)) return module;
          logger?.warn(
            { modulePath },
            'the prerender bundle has an unknown shape: pages go out without their shell',
          );
          return undefined;
        },
        (error: unknown) => {
          logger?.warn(
            { err: error, modulePath },
            'the prerender bundle did not load: pages go out without their shell',
          );
          return undefined;
        },
      );
  const rendered = new Map<string, Promise<string | undefined>>();
  const markup = async (route: string): Promise<string | undefined> => {
    let shell = rendered.get(route);
    if (shell === undefined) {
      shell = loaded.then((module) =>
        module?.prerenderShell(route, settings).catch((error: unknown) => {
          logger?.warn(
            { err: error, route },
            'a page shell did not render: that page goes out without it',
          );
          return undefined;
        }),
      );
      rendered.set(route, shell);
    }
    return shell;
  };
  return {
    // Rendered before the first claimant asks (the first render also loads the pages' modules).
    ready: loaded.then(async (module) => {
      await Promise.all((module?.SHELL_ROUTES ?? []).map(markup));
    }),
    routeOf: async (urlPath) => (await loaded)?.shellRoute(urlPath),
    markup: async (route) =>
      (await loaded)?.SHELL_ROUTES.includes(route) ? markup(route) : undefined,
  };
}

const EMPTY_ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * index.html with the shell in its root, and its stylesheets inlined: the shell then paints from
 * the HTML alone, one round trip sooner, before any script has arrived (a stylesheet link would
 * hold the first paint until the scripts that arrived meanwhile had run). The entry stylesheet
 * is about 4 KiB gzipped.
 */
export function withShell(html: string, shell: string, distDir: string): string {
  if (!html.includes(EMPTY_ROOT)) return html;
  return html
    .replace(EMPTY_ROOT, () => `<div id="root">${shell}</div>`)
    .replace(STYLESHEET, (link, file: string) => {
      const css = fs.readFileSync(path.join(distDir, file), 'utf8');
      return css.includes('</style') ? link : `<style>${css}</style>`;
    });
}
