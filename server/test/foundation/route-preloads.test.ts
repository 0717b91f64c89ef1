import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApp } from '../../src/http/client-app.ts';

let dist: string;
let app: express.Express;

// The shape Vite writes (dist/.vite/manifest.json): an entry, lazily loaded pages, shared chunks.
const manifest = {
  'index.html': {
    file: 'assets/index-E.js',
    isEntry: true,
    imports: ['_Vendor-V.js'],
    css: ['assets/index-E.css'],
  },
  '_Vendor-V.js': { file: 'assets/Vendor-V.js' },
  '_Shared-S.js': { file: 'assets/Shared-S.js', imports: ['index.html', '_Deeper-D.js'] },
  '_Deeper-D.js': { file: 'assets/Deeper-D.js', imports: ['index.html'] },
  'src/pages/ClaimPage/ClaimPage.tsx': {
    file: 'assets/ClaimPage-C.js',
    imports: ['index.html', '_Shared-S.js'],
  },
  'src/pages/InfoRequestPage/InfoRequestPage.tsx': {
    file: 'assets/InfoRequestPage-I.js',
    imports: ['index.html', '_Shared-S.js', '_Vendor-V.js'],
    css: ['assets/InfoRequestPage-I.css'],
  },
};

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'client-dist-'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  app = express().use(clientApp(dist, { productName: 'P', customerCarePhone: '0' }));
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const preloaded = (html: string): string[] =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );

describe('the page a link opens with is fetched alongside the entry chunk', () => {
  it('when an info-request link is opened, then the amend page, its shared chunks and its styles are hinted, and the entry and its imports are not', async () => {
    const res = await request(app).get(
      '/claim/info-request/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );
    expect(res.status).toBe(200);
    expect(preloaded(res.text).sort()).toEqual(
      [
        '/assets/InfoRequestPage-I.css',
        '/assets/InfoRequestPage-I.js',
        '/assets/Deeper-D.js',
        '/assets/Shared-S.js',
      ].sort(),
    );
    expect(res.text).toContain('<meta name="product-name" content="P" />');
    // In the credentials mode of the stylesheet link Vite adds, or the preload goes unused.
    expect(res.text).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/InfoRequestPage-I.css" />',
    );
  });

  it("when a claim link is opened, then nothing is hinted: its shell paints without the claim page's chunk, which the client asks for with the link's first call", async () => {
    const res = await request(app).get('/claim/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(res.status).toBe(200);
    expect(preloaded(res.text)).toEqual([]);
  });

  it('when the start page is opened, then nothing is hinted (its JavaScript budget stays the entry alone)', async () => {
    const res = await request(app).get('/');
    expect(preloaded(res.text)).toEqual([]);
  });
});
