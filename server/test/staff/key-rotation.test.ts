import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config.ts';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import { hashPassword } from '../../src/modules/staff/auth/passwords.ts';
import { openTotpSecretOf, staffKeys } from '../../src/modules/staff/auth/staff-secrets.ts';
import { newTotpSecret } from '../../src/modules/staff/auth/totp.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { seedStaff, signIn, testClock, type SeededStaff } from './staff-fixtures.ts';

/** Issue 30, point 4: STAFF_SECRET_KEY rotates; a wrong one stops start-up. */
const OLD = 'old-staff-secret-key-0123456789abcdef-rotation';
const NEW = 'new-staff-secret-key-0123456789abcdef-rotation';
const WRONG = 'wrong-staff-secret-key-0123456789abcdef-rotation';
const clock = testClock();
let databaseUrl: string;
const running: TestServer[] = [];

const start = async (env: Record<string, string>) => {
  const server = await startTestServer(
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    // The check the production server makes at start-up (test servers skip it by default).
    { staffClock: clock.now, staffKeyCheck: true },
  );
  running.push(server);
  return server;
};

beforeAll(async () => {
  databaseUrl = await freshDatabase('key_rotation');
});
afterAll(async () => {
  for (const server of running) await server.close().catch(() => undefined);
});

/** The layout TOTP secrets were sealed in before the shared envelope: IV, tag, ciphertext. */
function sealedTheOldWay(secret: string, key: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', staffKeys(key).totp, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

async function sealedOf(server: TestServer, id: string): Promise<Buffer> {
  const account = await server.orm.em.fork().findOneOrFail(StaffAccountSchema, id);
  return Buffer.from(account.totpSecretSealed!);
}

describe('STAFF_SECRET_KEY rotation', () => {
  it('opens old secrets with the previous key and re-seals them at sign-in; sessions of the old key end; a wrong key stops start-up', async () => {
    const before = await start({ STAFF_SECRET_KEY: OLD });
    const staff = await seedStaff(before, 'admin');
    const legacy: SeededStaff = {
      ...(await seedStaff(before, 'claims_advisor')),
      secret: newTotpSecret(),
    };
    // An account sealed in the layout of earlier versions (no version byte, no associated data).
    const em = before.orm.em.fork();
    const row = await em.findOneOrFail(StaffAccountSchema, legacy.id);
    row.totpSecretSealed = sealedTheOldWay(legacy.secret, OLD);
    row.passwordHash = await hashPassword(legacy.password);
    await em.flush();
    const oldSession = await signIn(before, staff, clock);
    await before.close();

    const rotating = await start({ STAFF_SECRET_KEY: NEW, STAFF_SECRET_KEY_PREVIOUS: OLD });
    // The session made under the old key has ended.
    // (GET /staff/session answers 204 "signed out"; a call that needs a session answers 401.)
    const ended = await request(rotating.url)
      .get('/api/v1/staff/claims')
      .set('Cookie', oldSession.cookie);
    expect(ended.status).toBe(401);
    clock.advance(30_000);
    for (const member of [staff, legacy]) {
      expect(openTotpSecretOf(await sealedOf(rotating, member.id), staffKeys(NEW, OLD)).stale).toBe(
        true,
      );
      await signIn(rotating, member, clock);
      // Re-sealed under the new key alone, in the shared envelope (version byte 1).
      const sealed = await sealedOf(rotating, member.id);
      expect(sealed[0]).toBe(1);
      expect(openTotpSecretOf(sealed, staffKeys(NEW))).toEqual({
        secret: member.secret,
        stale: false,
      });
    }
    await rotating.close();

    // Every secret is under the new key now: the previous one can go.
    const after = await start({ STAFF_SECRET_KEY: NEW });
    clock.advance(30_000);
    await signIn(after, staff, clock);
    await after.close();

    const wrong = start({ STAFF_SECRET_KEY: WRONG }).catch((error: unknown) => error);
    const error = await wrong;
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^STAFF_SECRET_KEY opens none of the 2 sealed TOTP secrets: it is not the key they were sealed with/,
    );
  }, 300_000);

  it('a secret no key opens is a clear error, not a 500 at sign-in', () => {
    const sealed = sealedTheOldWay('JBSWY3DPEHPK3PXP', randomUUID());
    expect(() => openTotpSecretOf(sealed, staffKeys(NEW, OLD))).toThrow(
      'The TOTP secret cannot be opened with STAFF_SECRET_KEY or STAFF_SECRET_KEY_PREVIOUS',
    );
  });
});
