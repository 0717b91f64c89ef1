import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientApp, settingsMeta, type PageSettings } from '../../src/http/client-app.ts';
import { pageShells } from '../../src/http/page-shells.ts';

interface ShellCall {
  route: string;
  settings: Record<string, string>;
}

declare global {
  var shellCalls: ShellCall[] | undefined;
}

let dir: string;
let dist: string;
let shellModule: string;

// The shape of client/dist-ssr/prerenderShell.js (client/src/prerender/prerenderShell.tsx), with
// every call kept: what the server gives the client's renderer is what these tests look at.
const FAKE_SHELL_MODULE = `
export const SHELL_ROUTES = ['start', 'claim'];
export function shellRoute(path) {
  return path === '/' ? 'start' : /^\\/claim\\/[^/]+$/.test(path) ? 'claim' : undefined;
}
export async function prerenderShell(route, settings) {
  (globalThis.shellCalls ??= []).push({ route, settings });
  if (settings['product-name'] === 'Broken') throw new Error('the shell did not render');
  return '<h1>' + route + ' shell</h1><p>' + settings['product-name'] + '</p>';
}
`;

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const SETTINGS: PageSettings = {
  productName: 'National Lottery',
  customerCarePhone: '0333 234 5050',
  claimInactivityMinutes: 5,
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-shells-'));
  dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>t</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-A.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-A.css'), 'h1{color:#0b0c0c}');
  shellModule = path.join(dir, 'prerenderShell.mjs');
  fs.writeFileSync(shellModule, FAKE_SHELL_MODULE);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The app as the server makes it: the shells rendered with the settings' meta values first. */
async function appWith(settings: PageSettings, module = shellModule) {
  const warn = vi.fn();
  const shells = pageShells(module, settingsMeta(settings), { warn });
  await shells.ready;
  return { app: express().use(clientApp(dist, settings, { shells })), warn };
}

describe('claimant pages arrive with their shell already rendered', () => {
  it('when the start page is asked for, then its shell is in the root, rendered with the meta tags the client reads, and the stylesheet is inline', async () => {
    const { app } = await appWith(SETTINGS);
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"><h1>start shell</h1><p>National Lottery</p></div>');
    expect(res.text).toContain('<meta name="product-name" content="National Lottery" />');
    expect(res.text).toContain('<style>h1{color:#0b0c0c}</style>');
    expect(res.text).not.toContain('href="/assets/index-A.css"');
  });

  it("when claim links are asked for, then each gets the claim shell, rendered once and never given the link's token", async () => {
    globalThis.shellCalls = [];
    const { app } = await appWith({ ...SETTINGS, productName: 'Once Lottery' });
    const first = await request(app).get(`/claim/${TOKEN}`);
    const second = await request(app).get('/claim/another-claimants-token');
    for (const res of [first, second]) {
      expect(res.text).toContain('<h1>claim shell</h1><p>Once Lottery</p>');
      expect(res.text).not.toContain(TOKEN);
    }
    const claimCalls = globalThis.shellCalls.filter((call) => call.route === 'claim');
    expect(claimCalls).toHaveLength(1);
    expect(claimCalls[0]!.settings).toEqual({
      'product-name': 'Once Lottery',
      'customer-care-phone': '0333 234 5050',
      'claim-inactivity-minutes': '5',
    });
    expect(JSON.stringify(globalThis.shellCalls)).not.toContain('token');
  });

  it('when a path has no shell (the back office, a path the client redirects), then the page goes out as built', async () => {
    const { app } = await appWith(SETTINGS);
    for (const url of ['/staff', '/claim/a/b']) {
      const res = await request(app).get(url);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A.css">');
    }
  });

  it('when a shell fails to render, then that page goes out without it and the failure is logged', async () => {
    const { app, warn } = await appWith({ ...SETTINGS, productName: 'Broken' });
    const res = await request(app).get(`/claim/${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ route: 'claim' }),
      expect.stringMatching(/did not render/),
    );
  });

  it('when the prerender bundle is not built, then pages go out as built and the start says so', async () => {
    const { app, warn } = await appWith(SETTINGS, path.join(dir, 'missing.mjs'));
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/not built/));
  });

  it("when the start page's form is sent before its script took it over, then the page comes back by GET", async () => {
    const { app } = await appWith(SETTINGS);
    const res = await request(app).post('/').type('form').send({ email: 'early@example.com' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
  });

  it('when the browser accepts brotli or gzip, then the page goes out compressed, and as text otherwise', async () => {
    const { app } = await appWith(SETTINGS);
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const raw = (encoding: string) =>
        new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) =>
          http
            .get({ port, path: '/', headers: { 'accept-encoding': encoding } }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
              );
            })
            .on('error', reject),
        );
      const text = await raw('identity');
      expect(text.encoding).toBeUndefined();
      expect(text.body.toString()).toContain('<h1>start shell</h1>');
      const br = await raw('gzip, deflate, br');
      expect(br.encoding).toBe('br');
      expect(zlib.brotliDecompressSync(br.body)).toEqual(text.body);
      const gzip = await raw('gzip');
      expect(gzip.encoding).toBe('gzip');
      expect(zlib.gunzipSync(gzip.body)).toEqual(text.body);
    } finally {
      server.close();
    }
  });
});
