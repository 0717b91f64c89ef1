import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { precompressedAssets } from './precompressed.ts';

/**
 * Serves the built SPA: hashed assets are immutable and carry no personal data, so they may be
 * cached; every route outside /api gets index.html and the client router decides.
 */
export function clientApp(distDir: string): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  router.use(
    '/assets',
    precompressedAssets(path.join(distDir, 'assets')),
    express.static(path.join(distDir, 'assets'), {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  router.use(express.static(distDir, { index: false }));
  router.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (!fs.existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The client is not built: run `make start` or `make build`.');
      return;
    }
    res.sendFile(indexFile);
  });
  return router;
}
