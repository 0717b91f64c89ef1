import { Router, type CookieOptions } from 'express';
import { contractRoute } from '../../../http/contract-routes.ts';
import type { StaffAccountsService } from '../accounts/staff-accounts.service.ts';
import { requireStaff, STAFF_API, STAFF_SESSION_COOKIE, staffOf } from './require-staff.ts';
import type { StaffAuthService } from './staff-auth.service.ts';

/** httpOnly, SameSite=Strict, sent to the staff API only; Secure when the service is on https. */
export function staffCookieOptions(publicUrl: string): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: STAFF_API,
    secure: publicUrl.startsWith('https:'),
  };
}

/** Sign-in, the session, sign-out, and the set-up link's two calls. */
export function staffAuthRoutes(
  auth: StaffAuthService,
  accounts: StaffAccountsService,
  publicUrl: string,
): Router {
  const router = Router();
  const cookie = staffCookieOptions(publicUrl);

  contractRoute(router, 'post', '/api/v1/staff/session', async (req, res) => {
    const signedIn = await auth.signIn(req.body, req.ip ?? 'unknown');
    res.cookie(STAFF_SESSION_COOKIE, signedIn.token, { ...cookie, expires: signedIn.expiresAt });
    res.setHeader('Cache-Control', 'no-store');
    res.json(signedIn.view);
  });

  // The back office's probe on load: signed out is 204, not a failed request in the console.
  contractRoute(router, 'get', '/api/v1/staff/session', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const staff = res.locals.staff;
    if (!staff) return void res.status(204).end();
    res.json(await auth.current(staff, res.locals.staffSessionToken ?? ''));
  });

  router.delete('/api/v1/staff/session', requireStaff());
  contractRoute(router, 'delete', '/api/v1/staff/session', async (_req, res) => {
    await auth.signOut(staffOf(res));
    res.clearCookie(STAFF_SESSION_COOKIE, cookie);
    res.status(204).end();
  });

  contractRoute(router, 'get', '/api/v1/staff/setup/{setupToken}', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await accounts.setup(req.params.setupToken));
  });

  contractRoute(router, 'post', '/api/v1/staff/setup/{setupToken}', async (req, res) => {
    // Taken from the client's sign-in allowance before the code is checked; a success gives it back.
    const attempt = await auth.takeAttempt(req.ip ?? 'unknown');
    await accounts.completeSetup(req.params.setupToken, req.body.password, req.body.code);
    await attempt.giveBack();
    res.status(204).end();
  });

  return router;
}
