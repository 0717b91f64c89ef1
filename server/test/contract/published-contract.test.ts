import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const generated = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../generated');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the published contract', () => {
  it('when the JSON contract is asked for, then it is the bytes of generated/openapi.json with a semver version and every tag of operations', async () => {
    const res = await request(server.url)
      .get('/api/v1/openapi.json')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((res.body as Buffer).equals(fs.readFileSync(path.join(generated, 'openapi.json')))).toBe(
      true,
    );
    const document = JSON.parse((res.body as Buffer).toString('utf8'));
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/claim',
        '/api/address/find',
        '/api/v1/operator/claims',
        '/api/v1/openapi.json',
      ]),
    );
  });

  it('when the YAML contract is asked for, then it is the bytes of generated/openapi.yaml', async () => {
    const res = await request(server.url).get('/api/v1/openapi.yaml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(res.text).toBe(fs.readFileSync(path.join(generated, 'openapi.yaml'), 'utf8'));
  });

  it('when a client sends back the strong ETag it holds, then the answer is 304 with no body; a stale one gets the document', async () => {
    for (const file of ['openapi.json', 'openapi.yaml']) {
      const first = await request(server.url).get(`/api/v1/${file}`);
      expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const again = await request(server.url)
        .get(`/api/v1/${file}`)
        .set('If-None-Match', first.headers.etag!);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      const stale = await request(server.url)
        .get(`/api/v1/${file}`)
        .set('If-None-Match', '"an-older-version"');
      expect(stale.status).toBe(200);
      // fetch() sends Cache-Control: no-cache with any If-None-Match; the condition still holds,
      // among others in a list, and weakly compared.
      const fromFetch = await fetch(`${server.url}/api/v1/${file}`, {
        headers: { 'If-None-Match': `"older", W/${first.headers.etag}` },
      });
      expect(fromFetch.status).toBe(304);
    }
  });

  it('the JSON and YAML documents carry different ETags (a tag names one representation)', async () => {
    const json = await request(server.url).get('/api/v1/openapi.json');
    const yaml = await request(server.url).get('/api/v1/openapi.yaml');
    expect(json.headers.etag).not.toBe(yaml.headers.etag);
  });
});

describe('the API reference page', () => {
  it('when /api/docs is opened, then it is HTML that loads only this origin’s script and the product CSP, with no inline script', async () => {
    const res = await request(server.url).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const sources = [...res.text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).toMatch(/^\/(?!\/)/);
    // The configuration element is empty: nothing inline for the CSP to refuse.
    for (const [, body] of res.text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
      expect(body!.trim()).toBe('');
    expect(res.text).toContain('/api/v1/openapi.json');
  });

  it('when the page’s script is fetched, then the Scalar bundle comes from this server, compressed and cacheable for good', async () => {
    const page = await request(server.url).get('/api/docs');
    const script = /<script src="([^"]+)"/.exec(page.text)![1]!;
    const res = await request(server.url).get(script).set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text.length).toBeGreaterThan(100_000);
  });

  it('when the source map beside the Scalar bundle is asked for, then 404: no map is served from /api/docs', async () => {
    const page = await request(server.url).get('/api/docs');
    const script = /<script src="([^"]+)"/.exec(page.text)![1]!;
    for (const encoding of ['gzip, br', 'identity']) {
      const res = await request(server.url).get(`${script}.map`).set('Accept-Encoding', encoding);
      expect(res.status).toBe(404);
    }
  });
});
