import { Router } from 'express';
import { contractRoute } from '../../../http/contract-routes.ts';
import { requireStaff, staffOf } from '../auth/require-staff.ts';
import type { StaffAccountsService } from './staff-accounts.service.ts';

/** Admins only, checked before the contract validator: other roles learn nothing of the body rules. */
export function staffAccountsGate(): Router {
  const router = Router();
  router.use('/api/v1/staff/accounts', requireStaff({ roles: ['admin'] }));
  return router;
}

/** Staff accounts and their lifecycle (behind staffAccountsGate). */
export function staffAccountsRoutes(accounts: StaffAccountsService): Router {
  const router = Router();

  contractRoute(router, 'get', '/api/v1/staff/accounts', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ items: await accounts.list() });
  });

  contractRoute(router, 'post', '/api/v1/staff/accounts', async (req, res) => {
    res.status(201).json(await accounts.create(req.body, staffOf(res)));
  });

  contractRoute(router, 'post', '/api/v1/staff/accounts/{staffId}/disable', async (req, res) => {
    res.json(await accounts.disable(req.params.staffId, staffOf(res)));
  });

  contractRoute(router, 'post', '/api/v1/staff/accounts/{staffId}/enable', async (req, res) => {
    res.json(await accounts.enable(req.params.staffId, staffOf(res)));
  });

  contractRoute(router, 'post', '/api/v1/staff/accounts/{staffId}/reset', async (req, res) => {
    res.json(await accounts.reset(req.params.staffId, staffOf(res)));
  });

  // The set-up link's enrolment (public: the token is the credential; see staffGate).
  contractRoute(
    router,
    'post',
    '/api/v1/staff/setup/{setupToken}/authenticator',
    async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await accounts.enrolAuthenticator(req.params.setupToken));
    },
  );

  return router;
}
