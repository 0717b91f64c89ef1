import cookieParser from 'cookie-parser';
import { messages } from '@prize/generated/rules';
import { Router, type RequestHandler } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenError, UnauthorizedError } from '../../../http/errors.ts';
import { holdsAnyRole, type StaffRole } from '../accounts/staff-role.ts';
import type { StaffPrincipal } from './staff-principal.ts';
import { findStaffSession, principalOf, type SessionLifetime } from './staff-session.ts';
import { csrfTokenFor, sameSecret, type StaffKeys } from './staff-secrets.ts';

export type { StaffPrincipal } from './staff-principal.ts';

export const STAFF_SESSION_COOKIE = 'staff_session';
export const STAFF_API = '/api/v1/staff';

declare global {
  // Express's own extension point for res.locals.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The signed-in member of staff, set by the staff gate for a live session. */
      staff?: StaffPrincipal;
      /** The CSRF token the session's state-changing calls must send. */
      staffCsrfToken?: string;
      /** The session cookie's token (sign-out and GET /staff/session need it). */
      staffSessionToken?: string;
    }
  }
}

export const CSRF_REQUIRED = messages.csrfRequired;
export const SIGN_IN_REQUIRED = messages.staffSessionEnded;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Guards a staff route: 401 without a live session, 403 when the account holds none of `roles`
 * (any role when omitted; an account's roles are a set), 403 when a state-changing call lacks the session's `X-CSRF-Token`. Needs the staff
 * gate (staffGate) in front, which finds the session; without it everyone is refused.
 */
export function requireStaff(options: { roles?: StaffRole[] } = {}): RequestHandler {
  return (req, res, next) => {
    const staff = res.locals.staff;
    if (!staff) return next(new UnauthorizedError(SIGN_IN_REQUIRED));
    if (!SAFE_METHODS.has(req.method)) {
      const sent = req.get('x-csrf-token');
      const expected = res.locals.staffCsrfToken;
      if (!sent || !expected || !sameSecret(sent, expected))
        return next(new ForbiddenError(CSRF_REQUIRED));
    }
    if (options.roles && !holdsAnyRole(staff.roles, options.roles))
      return next(new ForbiddenError(messages.forbidden));
    next();
  };
}

/** The signed-in member of staff of a request that passed requireStaff. */
export function staffOf(res: { locals: { staff?: StaffPrincipal } }): StaffPrincipal {
  if (!res.locals.staff) throw new UnauthorizedError(SIGN_IN_REQUIRED);
  return res.locals.staff;
}

export interface StaffGateOptions {
  em: EntityManager;
  keys: StaffKeys;
  lifetime: SessionLifetime;
  clock: () => Date;
}

/**
 * The calls made before there is a session: signing in, the session probe (204 when signed
 * out, so the back office's load is not a failed request) and the set-up link's three.
 */
function isPublic(method: string, path: string): boolean {
  if ((method === 'POST' || method === 'GET') && /^\/session\/?$/i.test(path)) return true;
  if (method === 'POST' && /^\/setup\/[^/]+\/authenticator\/?$/i.test(path)) return true;
  return (method === 'GET' || method === 'POST') && /^\/setup\/[^/]+\/?$/i.test(path);
}

/**
 * Runs before the contract validator on every /api/v1/staff call: finds the cookie's session
 * (moving its idle expiry on), and refuses any call but the public ones without a live session
 * or, for a state-changing call, without its CSRF token. Routes add their roles with
 * requireStaff; a staff route added without it is still signed-in only.
 */
export function staffGate({ em, keys, lifetime, clock }: StaffGateOptions): Router {
  const router = Router();
  const signedInOnly = requireStaff();
  // The validator's cookie security scheme reads req.cookies too.
  router.use(STAFF_API, cookieParser(), async (req, res, next) => {
    const cookie: unknown = req.cookies?.[STAFF_SESSION_COOKIE];
    const token = typeof cookie === 'string' ? cookie : undefined;
    // A malformed cookie is no session: never a lookup with arbitrary bytes.
    if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
      const session = await findStaffSession(em.fork(), token, clock(), lifetime, keys.id);
      if (session) {
        res.locals.staff = principalOf(session);
        res.locals.staffCsrfToken = csrfTokenFor(token, keys);
        res.locals.staffSessionToken = token;
      }
    }
    if (isPublic(req.method, req.path)) return next();
    signedInOnly(req, res, next);
  });
  return router;
}
