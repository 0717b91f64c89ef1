import type { EntityManager } from '@mikro-orm/postgresql';
import type { StaffAccount } from '../accounts/staff-account.entity.ts';
import type { StaffPrincipal } from './staff-principal.ts';
import { StaffSessionSchema, type StaffSession } from './staff-session.entity.ts';
import { newToken, tokenHash } from './staff-secrets.ts';

export interface SessionLifetime {
  idleMinutes: number;
  maxHours: number;
}

export interface OpenedSession {
  /** The cookie's value: given to the browser once, never stored. */
  token: string;
  session: StaffSession;
}

/** A new session for `staff` (persisted; the caller flushes). */
export function openStaffSession(
  em: EntityManager,
  staff: StaffAccount,
  now: Date,
  lifetime: SessionLifetime,
  keyId: string,
): OpenedSession {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + lifetime.maxHours * 3_600_000);
  const session = em.create(StaffSessionSchema, {
    id: crypto.randomUUID(),
    tokenHash: tokenHash(token),
    staff,
    createdAt: now,
    idleExpiresAt: idleExpiry(now, expiresAt, lifetime),
    expiresAt,
    keyId,
  });
  em.persist(session);
  return { token, session };
}

function idleExpiry(now: Date, expiresAt: Date, lifetime: SessionLifetime): Date {
  return new Date(Math.min(now.getTime() + lifetime.idleMinutes * 60_000, expiresAt.getTime()));
}

const expired = (session: StaffSession, now: Date, keyId: string): boolean =>
  session.idleExpiresAt.getTime() <= now.getTime() ||
  session.expiresAt.getTime() <= now.getTime() ||
  // Made under a STAFF_SECRET_KEY since rotated away: rotating the key signs everyone out.
  session.keyId !== keyId;

/**
 * The session a cookie token names, when it is still alive and was made under the current key
 * (`keyId`); its idle expiry moves on. An ended session is deleted as it is found. Flushes `em`
 * (pass a fork).
 */
export async function findStaffSession(
  em: EntityManager,
  token: string,
  now: Date,
  lifetime: SessionLifetime,
  keyId: string,
): Promise<StaffSession | undefined> {
  const session = await em.findOne(
    StaffSessionSchema,
    { tokenHash: tokenHash(token) },
    { populate: ['staff'] },
  );
  if (!session) return undefined;
  // A disabled or reset account's sessions are ended with it; this catches any one left over.
  if (expired(session, now, keyId) || !accountActive(session.staff)) {
    await em.remove(session).flush();
    return undefined;
  }
  session.idleExpiresAt = idleExpiry(now, session.expiresAt, lifetime);
  await em.flush();
  return session;
}

/**
 * Deletes `staff`'s ended sessions (expired, or made under a rotated-away key), at each of their
 * sign-ins: the table keeps a handful of rows per member of staff without a maintenance job.
 */
export async function deleteExpiredSessions(
  em: EntityManager,
  staff: StaffAccount,
  now: Date,
  keyId: string,
): Promise<void> {
  await em.nativeDelete(StaffSessionSchema, {
    staff,
    $or: [
      { idleExpiresAt: { $lte: now } },
      { expiresAt: { $lte: now } },
      { keyId: { $ne: keyId } },
    ],
  });
}

/** Deletes every session made under another key than `keyId` (at start-up, after a rotation). */
export async function deleteSessionsOfOtherKeys(em: EntityManager, keyId: string): Promise<number> {
  return em.nativeDelete(StaffSessionSchema, { keyId: { $ne: keyId } });
}

/** Set up and not disabled: only such an account's sessions are live. */
export function accountActive(staff: StaffAccount): boolean {
  return !staff.disabledAt && Boolean(staff.setupCompletedAt);
}

/** Ends `staffId`'s sessions, but `except` (the caller's own, when it stays); answers how many. */
export function endSessionsOf(
  em: EntityManager,
  staffId: string,
  except?: string,
): Promise<number> {
  return em.nativeDelete(StaffSessionSchema, {
    staff: staffId,
    ...(except ? { id: { $ne: except } } : {}),
  });
}

export function principalOf(session: StaffSession): StaffPrincipal {
  const staff = session.staff;
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    roles: [...staff.roles],
    sessionId: session.id,
  };
}
