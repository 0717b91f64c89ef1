import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { startupBanner } from '../../src/launch-banner.ts';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import { migratedDatabase } from '../support/fresh-database.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { completeSetupOn } from './staff-fixtures.ts';

const ADMIN = 'first.admin@winnerservices.example';
const SETUP_LINK = /\/staff\/setup\/([A-Za-z0-9_-]{43})\b/;

let sink: MailSink;
let databaseUrl: string;

beforeAll(async () => {
  sink = await startMailSink();
  // A database of its own: "no admin yet" must hold whatever other test files do.
  databaseUrl = await migratedDatabase('staff_first_admin');
});
afterAll(async () => {
  await sink?.stop();
});

async function start(): Promise<TestServer> {
  return startTestServer({
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    STAFF_ADMIN_EMAIL: ADMIN,
  });
}

// Three server starts and a set-up (argon2): minutes on a busy 2-core machine.
describe('the first admin', { timeout: 180_000 }, () => {
  it('when STAFF_ADMIN_EMAIL is set and no admin is set up, then each start e-mails a set-up link (never logged) until one is used', async () => {
    const first = await start();
    let firstLink: string | undefined;
    try {
      firstLink = first.staffSetupLink;
      expect(firstLink).toMatch(SETUP_LINK);
      const mail = await sink.waitFor(ADMIN, /Set up your/);
      expect(mail.text).toContain(firstLink);
      expect(first.logs.join('\n')).not.toContain(SETUP_LINK.exec(firstLink!)![1]);
      const admin = await first.orm.em.fork().findOneOrFail(StaffAccountSchema, { email: ADMIN });
      expect(admin.roles).toEqual(['admin']);
    } finally {
      await first.close();
    }

    // Not set up yet: the next start gives a fresh link, and the first one dies (one live link).
    const second = await start();
    try {
      expect(second.staffSetupLink).toMatch(SETUP_LINK);
      expect(second.staffSetupLink).not.toBe(firstLink);
      const token = SETUP_LINK.exec(second.staffSetupLink!)![1]!;
      const firstToken = SETUP_LINK.exec(firstLink!)![1]!;
      expect((await request(second.url).get(`/api/v1/staff/setup/${firstToken}`)).status).toBe(404);
      const setup = await request(second.url).get(`/api/v1/staff/setup/${token}`);
      expect(setup.body).toEqual({ email: ADMIN, name: 'Administrator', roles: ['admin'] });
      const done = await completeSetupOn(
        second.url,
        token,
        'violet lantern orbit meadow admin',
        new Date(),
      );
      expect(done.status).toBe(204);
      expect(await second.orm.em.fork().count(StaffAccountSchema, { email: ADMIN })).toBe(1);
    } finally {
      await second.close();
    }

    const third = await start();
    try {
      expect(third.staffSetupLink).toBeUndefined();
    } finally {
      await third.close();
    }
  });

  it('when the launch banner is printed, then it shows the link outside production only', () => {
    const env = {
      DATABASE_URL: 'postgres://localhost/claims',
      SMTP_URL: 'smtp://localhost:1025',
      RATE_LIMIT_SECRET: 'banner-test-rate-limit-secret-0123456789',
      STAFF_ADMIN_EMAIL: ADMIN,
      STAFF_SECRET_KEY: 'banner-test-staff-secret-key-0123456789',
    };
    const link = `http://localhost:3000/staff/setup/${'Q'.repeat(43)}`;
    const development = startupBanner({ config: loadConfig(env), staffSetupLink: link });
    expect(development).toContain(link);
    const production = startupBanner({
      config: loadConfig({
        ...env,
        NODE_ENV: 'production',
        ADDRESS_PROVIDER: 'loqate',
        LOQATE_API_KEY: 'k',
        PAYMENT_DETAILS_URL: 'https://payments.example/form',
        SMTP_REQUIRE_TLS: 'false',
      }),
      staffSetupLink: link,
    });
    expect(production).not.toContain(link);
  });
});
