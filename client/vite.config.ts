import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

interface ChunkInfo {
  type: 'chunk';
  code: string;
  isEntry: boolean;
  imports: string[];
}

type BundleEntry = ChunkInfo | { type: 'asset' };

// The JS the browser must fetch before the start page renders: the entry chunks index.html
// loads and everything they import statically (lazy routes are left out on purpose).
function initialChunkSize(bundle: Record<string, BundleEntry>): {
  files: string[];
  gzipBytes: number;
} {
  const seen = new Set<string>();
  const queue = Object.entries(bundle)
    .filter(([, entry]) => entry.type === 'chunk' && entry.isEntry)
    .map(([fileName]) => fileName);
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

function reportInitialJsSize(): Plugin {
  return {
    name: 'prize:report-initial-js-size',
    apply: 'build',
    writeBundle(_options, bundle) {
      const { files, gzipBytes } = initialChunkSize(bundle as unknown as Record<string, BundleEntry>);
      const kib = (gzipBytes / 1024).toFixed(1);
      console.log(`initial JS gzipped: ${kib} KiB (${files.length} chunk(s): ${files.join(', ')})`);
    },
  };
}

export default defineConfig({
  plugins: [react(), reportInitialJsSize()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': process.env.API_PROXY_TARGET || 'http://127.0.0.1:3000',
    },
  },
  preview: {
    proxy: {
      '/api': process.env.API_PROXY_TARGET || 'http://127.0.0.1:3000',
    },
  },
});
