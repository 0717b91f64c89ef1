// The server's entry into the client (built by `vite build --ssr` into dist-ssr/, loaded by
// server/src/http/page-shells.ts): each claimant page's shell as HTML, so its header, heading
// and footer paint with the HTML and CSS alone instead of after the JavaScript has run
// (docs/benchmarks.md, issue 35). The browser then hydrates the same markup (src/main.tsx).
import { prerender } from 'react-dom/static';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { createQueryClient } from '../api/queryClient';
import { AppRoot } from '../AppRoot';
import { metaFrom, pageSettingsFrom } from '../config';
import { CLAIMANT_ROUTES, type ClaimantRoute } from '../routing/claimantRoutes';

const routes = Object.entries(CLAIMANT_ROUTES) as [ClaimantRoute, string][];

/** Every route with a shell: the server renders each once, at start-up. */
export const SHELL_ROUTES = routes.map(([route]) => route);

/**
 * The claimant page a path opens (as the client's router matches it), or undefined where nothing
 * is prerendered: the back office, and the paths the client redirects to /.
 */
export function shellRoute(urlPath: string): ClaimantRoute | undefined {
  return routes.find(([, pattern]) => matchRoute(parse, pattern, urlPath)[0])?.[0];
}

/**
 * A path the route matches, with a placeholder for each token: the shell is rendered once per
 * route and never sees a claimant's link.
 */
export function placeholderPath(route: ClaimantRoute): string {
  return CLAIMANT_ROUTES[route].replace(/:\w+/g, '_');
}

/**
 * The route's page as it first renders, before any answer from the API: the application's own
 * components, with the deployment's settings (`settings`: the values the server writes into the
 * meta tags the client reads, by tag name). Rejects rather than return markup the client could
 * not hydrate (a part that failed to render).
 */
export async function prerenderShell(
  route: ClaimantRoute,
  settings: Readonly<Record<string, string>>,
): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <AppRoot
      queryClient={createQueryClient()}
      settings={pageSettingsFrom(metaFrom(settings))}
      ssrPath={placeholderPath(route)}
    />,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`The ${route} shell did not render`, { cause: errors[0] });
  return html;
}
