import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface PageWeight {
  jsFiles: string[];
  jsGzipBytes: number;
  cssFiles: string[];
  cssGzipBytes: number;
}

export interface ClientWeights {
  start: PageWeight;
  claim: PageWeight;
}

/** The claim form's lazy route: a dynamic entry whose source is .../ClaimPage.tsx or .../ClaimPage/index.tsx. */
const CLAIM_PAGE_SOURCE = /(^|\/)ClaimPage(\/index)?\.[jt]sx?$/;

/**
 * Gzipped (level 9, as the client's own build report) initial JavaScript and CSS of a page: what
 * the browser must fetch before the page renders. The start page: what index.html loads (entry
 * script, modulepreloads, stylesheets) and everything the entry imports statically. The claim
 * form: the same plus its lazy route's chunk, the chunks that chunk loads itself while the link
 * is checked (the form, since issue 35), and their static imports. Lazy chunks that are not
 * needed are left out.
 */
export function clientWeights(distDir: string): ClientWeights {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(
      `${manifestFile} is missing: client/vite.config.ts needs build.manifest = true`,
    );
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');

  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const htmlAssets = [
    ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.(?:js|css))"/g),
  ].map((match) => match[1]!);

  const js = new Set<string>();
  const css = new Set<string>();
  const addChunk = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) addChunk(imported);
  };
  for (const asset of htmlAssets) {
    if (asset.endsWith('.css')) css.add(asset);
    else if (byFile.has(asset)) addChunk(byFile.get(asset)!);
    else js.add(asset);
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addChunk(key);
  const start = weigh(distDir, js, css);

  const claimKey = Object.keys(manifest).find(
    (key) => manifest[key]!.isDynamicEntry && CLAIM_PAGE_SOURCE.test(manifest[key]!.src ?? key),
  );
  if (!claimKey)
    throw new Error(
      'no ClaimPage chunk in the Vite manifest (is the claim form still a lazy route in client/src/App.tsx?)',
    );
  addChunk(claimKey);
  for (const loaded of manifest[claimKey]!.dynamicImports ?? []) addChunk(loaded);
  const claim = weigh(distDir, js, css);
  return { start, claim };
}

function weigh(distDir: string, js: Set<string>, css: Set<string>): PageWeight {
  const gz = (file: string): number =>
    gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).byteLength;
  return {
    jsFiles: [...js],
    jsGzipBytes: [...js].reduce((sum, file) => sum + gz(file), 0),
    cssFiles: [...css],
    cssGzipBytes: [...css].reduce((sum, file) => sum + gz(file), 0),
  };
}
