import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

interface ChunkInfo {
  type: 'chunk';
  name: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
}

type BundleEntry = ChunkInfo | { type: 'asset' };

// The JS the browser must fetch before a page renders: the chunks it starts from and
// everything they import statically (lazy routes are left out on purpose).
function chunkSize(
  bundle: Record<string, BundleEntry>,
  start: string[],
): { files: string[]; gzipBytes: number } {
  const seen = new Set<string>();
  const queue = [...start];
  let gzipBytes = 0;
  while (queue.length > 0) {
    const fileName = queue.shift();
    if (fileName === undefined || seen.has(fileName)) continue;
    const entry = bundle[fileName];
    if (entry?.type !== 'chunk') continue;
    seen.add(fileName);
    gzipBytes += gzipSync(entry.code, { level: 9 }).byteLength;
    queue.push(...entry.imports);
  }
  return { files: [...seen], gzipBytes };
}

function chunksWhere(
  bundle: Record<string, BundleEntry>,
  test: (chunk: ChunkInfo) => boolean,
): string[] {
  return Object.entries(bundle)
    .filter(([, entry]) => entry.type === 'chunk' && test(entry))
    .map(([fileName]) => fileName);
}

// The start page (entry chunks) and each lazy page (entry plus its own chunks).
function reportInitialJsSize(): Plugin {
  return {
    name: 'prize:report-initial-js-size',
    apply: 'build',
    writeBundle(_options, output) {
      const bundle = output as unknown as Record<string, BundleEntry>;
      const entries = chunksWhere(bundle, (chunk) => chunk.isEntry);
      const initial = chunkSize(bundle, entries);
      const kib = (bytes: number) => (bytes / 1024).toFixed(1);
      console.log(
        `initial JS gzipped: ${kib(initial.gzipBytes)} KiB (${initial.files.length} chunk(s): ${initial.files.join(', ')})`,
      );
      for (const page of chunksWhere(
        bundle,
        (chunk) => chunk.isDynamicEntry && chunk.name.endsWith('Page'),
      )) {
        const name = (bundle[page] as ChunkInfo).name;
        const { files, gzipBytes } = chunkSize(bundle, [...entries, page]);
        console.log(
          `${name} JS gzipped: ${kib(gzipBytes)} KiB (${files.length} chunk(s), ${kib(gzipBytes - initial.gzipBytes)} KiB on top of the start page)`,
        );
      }
    },
  };
}

// The generated client's modules only declare functions and constants. Saying so lets the
// bundler follow the barrel (generated/client/index.ts) to each endpoint module and put it in
// the chunk that uses it: otherwise every endpoint any page uses (the back office's too) is
// reachable from the start page through the barrel and ships in its entry chunk.
const treeshake = {
  moduleSideEffects: (id: string) => !id.includes('/generated/client/'),
};

const apiProxy = { '/api': process.env.API_PROXY_TARGET || 'http://127.0.0.1:3000' };

// `vite build` makes the browser's bundle (dist/); `vite build --ssr src/prerender/prerenderShell.tsx`
// the server's prerender of each claimant page's shell (dist-ssr/, outside what the server serves).
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [reportInitialJsSize()])],
  // The server's production install has none of the client's packages (Dockerfile: `npm ci
  // --omit=dev -w server`): React, the router and the rest go into the prerender bundle.
  ssr: { noExternal: true },
  // React's production build on the server as in the browser (no development checks per render).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode) } : {},
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, rolldownOptions: { treeshake } }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true, // dist/.vite/manifest.json: bench/ reads each page's initial chunks from it
        // One stylesheet, in index.html: the server puts it inline into the pages it prerenders,
        // and a lazy chunk then has no stylesheet of its own to load (Vite's loader, finding no
        // <link> for an inlined one, would fetch and apply it again before the chunk runs).
        cssCodeSplit: false,
        rolldownOptions: {
          treeshake,
          output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
        },
      },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
}));
