import { randomBytes, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import request from 'supertest';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import type { StaffRole } from '../../src/modules/staff/accounts/staff-role.ts';
import { hashPassword } from '../../src/modules/staff/auth/passwords.ts';
import { sealTotpSecret, staffKeys } from '../../src/modules/staff/auth/staff-secrets.ts';
import { newTotpSecret } from '../../src/modules/staff/auth/totp.ts';
import type { TestServer } from '../support/test-server.ts';

/** The staff module's clock, moved on by the tests (sessions, lock-outs and TOTP steps follow it). */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export const MINUTE = 60_000;

export interface SeededStaff {
  id: string;
  email: string;
  name: string;
  roles: StaffRole[];
  password: string;
  secret: string;
}

/** A set-up staff account written straight to the database (a fixture, like a seeder). */
export async function seedStaff(
  server: TestServer,
  role: StaffRole | StaffRole[],
): Promise<SeededStaff> {
  const id = randomUUID();
  const roles = ([] as StaffRole[]).concat(role);
  const staff: SeededStaff = {
    id,
    email: `staff-${id}@winnerservices.example`,
    name: `Tester ${id.slice(0, 8)}`,
    roles,
    password: `pw-${randomBytes(9).toString('base64url')}`,
    secret: newTotpSecret(),
  };
  const em = server.orm.em.fork();
  em.create(StaffAccountSchema, {
    id,
    email: staff.email,
    name: staff.name,
    roles,
    passwordHash: await hashPassword(staff.password),
    totpSecretSealed: sealTotpSecret(staff.secret, staffKeys(server.config.staffSecretKey)),
    setupCompletedAt: new Date(),
  });
  await em.flush();
  return staff;
}

/** The authenticator app's code at `at`. */
export function codeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** A 6-digit code that is not the authenticator's at `at` (nor, but for a one-in-a-million chance, a neighbour's). */
export async function wrongCodeAt(secret: string, at: Date): Promise<string> {
  const code = Number(await codeAt(secret, at));
  return String((code + 500_000) % 1_000_000).padStart(6, '0');
}

export interface SignedIn {
  /** The Cookie header to send. */
  cookie: string;
  csrfToken: string;
  setCookie: string;
}

/** The first Set-Cookie of an answer. */
export function setCookieOf(res: {
  headers: Record<string, string | string[] | undefined>;
}): string {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0] ?? '';
}

export function signInCall(
  server: TestServer,
  body: { email: string; password: string; code: string },
) {
  return request(server.url).post('/api/v1/staff/session').send(body);
}

/** Signs `staff` in with the current code of `clock` (use each TOTP step once per account). */
export async function signIn(
  server: TestServer,
  staff: SeededStaff,
  clock: TestClock,
): Promise<SignedIn> {
  const res = await signInCall(server, {
    email: staff.email,
    password: staff.password,
    code: await codeAt(staff.secret, clock.now()),
  });
  if (res.status !== 200)
    throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  const setCookie = setCookieOf(res);
  return { cookie: setCookie.split(';')[0]!, csrfToken: res.body.csrfToken, setCookie };
}

/** The set-up page's enrolment call: a new TOTP secret for the link (each call a new one). */
export async function enrolOn(url: string, token: string): Promise<string> {
  const res = await request(url).post(`/api/v1/staff/setup/${token}/authenticator`);
  if (res.status !== 200)
    throw new Error(`enrolment answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.totpSecret as string;
}

/** Completes a set-up link as its owner would: enrol, then password and a current code. */
export async function completeSetupOn(
  url: string,
  token: string,
  password: string,
  at: Date,
): Promise<{ secret: string; status: number }> {
  const secret = await enrolOn(url, token);
  const res = await request(url)
    .post(`/api/v1/staff/setup/${token}`)
    .send({ password, code: await codeAt(secret, at) });
  return { secret, status: res.status };
}
