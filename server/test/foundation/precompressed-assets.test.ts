import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApp } from '../../src/http/client-app.ts';

let dist: string;
let server: http.Server;
let base: string;
const script = `export const answer = ${JSON.stringify('x'.repeat(20_000))};\n`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'client-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'secret.js'), 'not an asset');
  const app = express();
  app.use(
    clientApp(dist, {
      productName: 'Lotto "Big" <Draw>',
      customerCarePhone: '0333 234 5050',
      maxFileSize: 15_728_640,
    }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Raw bytes and headers, without the automatic decoding fetch and supertest do. */
function get(
  pathname: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${base}${pathname}`,
        { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on('error', reject);
  });
}

describe('client assets', () => {
  it('when the browser accepts gzip, then a script is sent gzipped, immutable, varying on Accept-Encoding', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it('when the browser accepts brotli, then brotli is sent once it is ready', async () => {
    let res = await get('/assets/index-abc123.js', 'gzip, br');
    for (let i = 0; i < 50 && res.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await get('/assets/index-abc123.js', 'gzip, br');
    }
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0', undefined],
  ])(
    'when the browser sends Accept-Encoding %j, then the answer is encoded %j',
    async (header, expected) => {
      // Brotli is made in the background: wait until it is ready, so a 'gzip' answer is a choice.
      for (let i = 0; i < 50; i++) {
        if ((await get('/assets/index-abc123.js', 'br')).headers['content-encoding'] === 'br')
          break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const res = await get('/assets/index-abc123.js', header);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
    },
  );

  it('when a source map is asked for, then it is never compressed on request', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    const res = await get('/assets/index-abc123.js.map', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('when the browser accepts no compression, then the plain file is sent', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(script);
  });

  it('when an asset is missing or the path tries to leave the folder, then nothing is sent compressed', async () => {
    expect((await get('/assets/nothing.js', 'gzip')).status).toBe(404);
    const escaped = await get('/assets/..%2fsecret.js', 'gzip');
    expect([403, 404]).toContain(escaped.status);
    expect(escaped.headers['content-encoding']).toBeUndefined();
    expect(escaped.body.toString()).not.toContain('not an asset');
  });

  it("when a page is opened, then index.html carries the deployment's product name and phone, escaped, for the first render", async () => {
    const page = await get('/claim/some-token');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body.toString('utf8');
    expect(html).toContain(
      '<meta name="product-name" content="Lotto &#34;Big&#34; &#60;Draw&#62;" />',
    );
    expect(html).toContain('<meta name="customer-care-phone" content="0333 234 5050" />');
    expect(html).toContain('<meta name="max-file-size" content="15728640" />');
    expect(html.indexOf('name="product-name"')).toBeLessThan(html.indexOf('</head>'));
    expect((await get('/index.html')).body.toString('utf8')).toBe(html);
  });
});
