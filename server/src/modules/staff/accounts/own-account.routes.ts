import { Router } from 'express';
import { contractRoute } from '../../../http/contract-routes.ts';
import { ValidationFailure } from '../../../http/errors.ts';
import { staffOf } from '../auth/require-staff.ts';
import type { StaffAuthService } from '../auth/staff-auth.service.ts';
import type { OwnAccountService } from './own-account.service.ts';

/** Every signed-in member of staff: their password and sessions (the staff gate signs them in). */
export function ownAccountRoutes(own: OwnAccountService, auth: StaffAuthService): Router {
  const router = Router();

  contractRoute(router, 'post', '/api/v1/staff/password', async (req, res) => {
    // Taken like a sign-in attempt before anything is checked: a wrong password or code keeps it
    // counted against the client; a success, or only a weak new password, gives it back.
    const attempt = await auth.takeAttempt(req.ip ?? 'unknown');
    try {
      await own.changePassword(staffOf(res), req.body);
    } catch (error) {
      if (
        error instanceof ValidationFailure &&
        error.items.every((item) => item.property === 'newPassword')
      )
        await attempt.giveBack();
      throw error;
    }
    await attempt.giveBack();
    res.status(204).end();
  });

  contractRoute(router, 'get', '/api/v1/staff/sessions', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await own.sessions(staffOf(res)));
  });

  contractRoute(router, 'delete', '/api/v1/staff/sessions', async (_req, res) => {
    await own.endOtherSessions(staffOf(res));
    res.status(204).end();
  });

  contractRoute(router, 'delete', '/api/v1/staff/sessions/{sessionId}', async (req, res) => {
    await own.endSession(staffOf(res), req.params.sessionId);
    res.status(204).end();
  });

  return router;
}
