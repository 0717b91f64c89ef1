import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), as far as preloading needs it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * The lazily loaded page each route opens with (client/src/App.tsx), most specific first. Without
 * a hint the browser finds a page's chunks only after the entry chunk has run and asked for them:
 * one more round trip before the page can paint. A claim link is not hinted: its prerendered
 * shell paints without the claim page's chunk, and the client asks for that chunk together with
 * the link's first call (client/src/App.tsx, ClaimLink).
 */
const ROUTE_PAGES: { prefix: string; source: string }[] = [
  { prefix: '/claim/info-request/', source: 'src/pages/InfoRequestPage/InfoRequestPage.tsx' },
  { prefix: '/staff', source: 'src/staff/BackOfficePage.tsx' },
];

/** The page source a path opens with, if it opens with a lazily loaded one. */
export function routePage(urlPath: string): string | undefined {
  return ROUTE_PAGES.find(({ prefix }) => urlPath.startsWith(prefix))?.source;
}

export function readManifest(distDir: string): Record<string, ManifestChunk> | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * `<link>` hints for a lazily loaded page's chunks and styles, its shared chunks included; the
 * entry chunk and its imports are already in index.html.
 */
export function preloadLinks(manifest: Record<string, ManifestChunk>, source: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // What index.html loads already: the entry and the chunks it imports.
  const initial = new Set<string>();
  const visitInitial = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || initial.has(key)) return;
    initial.add(key);
    for (const imported of chunk.imports ?? []) visitInitial(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visitInitial(key);
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || initial.has(key) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [
    // crossorigin as on the stylesheet link Vite adds when the chunk loads: a preload in another
    // credentials mode is not used, and the stylesheet is fetched a second time.
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" />`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('');
}
