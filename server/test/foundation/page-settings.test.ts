import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, placeholderLinks } from '../../src/config/config.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let dist: string;
let server: TestServer;

beforeAll(async () => {
  // One build: the same index.html whatever the deployment's settings.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'client-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  server = await startTestServer(
    {
      CLAIM_INACTIVITY_TIMER_MINUTES: '5',
      INFO_REQUEST_INACTIVITY_TIMER_MINUTES: '7',
      MAX_FILE_SIZE: '4mb',
      OPERATOR_SITE_URL: 'https://www.lottery.example.co.uk',
      APP_STORE_URL: 'https://apps.apple.com/gb/app/lottery/id1',
      GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=uk.lottery&hl=en',
      NODE_ENV: 'production',
      ADDRESS_PROVIDER: 'local',
      // Production has no embedded defaults for these (the test's mail sink speaks plain SMTP).
      STAFF_SECRET_KEY: 'page-settings-staff-secret-key-0123456789',
      SMTP_REQUIRE_TLS: 'false',
      PAYMENT_DETAILS_URL: 'https://payments.example/form',
    },
    { clientDist: dist },
  );
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('settings the claimant sees, at run time', () => {
  it('when the server starts with CLAIM_INACTIVITY_TIMER_MINUTES=5 and MAX_FILE_SIZE=4mb, then the served page carries them as meta tags', async () => {
    const res = await fetch(`${server.url}/`);
    const html = await res.text();
    expect(html).toContain('<meta name="claim-inactivity-minutes" content="5" />');
    expect(html).toContain('<meta name="info-request-inactivity-minutes" content="7" />');
    expect(html).toContain(`<meta name="max-file-size" content="${4 * 1024 * 1024}" />`);
    expect(html).toContain(
      '<meta name="operator-site-url" content="https://www.lottery.example.co.uk" />',
    );
    expect(html).toContain(
      '<meta name="app-store-url" content="https://apps.apple.com/gb/app/lottery/id1" />',
    );
    expect(html).toContain(
      '<meta name="google-play-url" content="https://play.google.com/store/apps/details?id=uk.lottery&#38;hl=en" />',
    );
    expect(html).toContain('<meta name="product-name" content="National Lottery" />');
  });

  it('when the links are real in production, then no placeholder warning is logged', () => {
    expect(server.logs.join('')).not.toMatch(/placeholder address/);
  });
});

describe('placeholder links', () => {
  const base = {
    DATABASE_URL: 'postgres://u@localhost/db',
    SMTP_URL: 'smtp://localhost:25',
    RATE_LIMIT_SECRET: 'x'.repeat(32),
  };

  it('when the links are left at their defaults, then the operator site is named as a placeholder', () => {
    expect(placeholderLinks(loadConfig(base))).toEqual(['OPERATOR_SITE_URL']);
  });

  it('when a link points at example.org or a .test host, then it is named', () => {
    const config = loadConfig({
      ...base,
      OPERATOR_SITE_URL: 'https://lottery.com',
      APP_STORE_URL: 'https://shop.example.org/app',
      GOOGLE_PLAY_URL: 'https://play.test/app',
    });
    expect(placeholderLinks(config)).toEqual(['APP_STORE_URL', 'GOOGLE_PLAY_URL']);
  });

  it('when a store link is not https, then the configuration is refused', () => {
    expect(() => loadConfig({ ...base, APP_STORE_URL: 'http://apps.apple.com/' })).toThrow(
      /APP_STORE_URL must use https:/,
    );
  });
});
