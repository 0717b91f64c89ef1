import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import { staffOf } from '../staff/auth/require-staff.ts';
import { requireDataProtection } from './data-protection-access.ts';
import type { DataProtectionService } from './data-protection.service.ts';

const BASE = '/api/v1/staff/data-protection';

/**
 * Before the contract validator, behind the staff gate: another role is refused (403) before its
 * body is looked at, as the accounts gate does.
 */
export function dataProtectionGate(): Router {
  const router = Router();
  router.use(BASE, requireDataProtection);
  return router;
}

/** A claimant's rights (docs/adr/022): data protection staff and admins only (dataProtectionGate). */
export function dataProtectionRoutes(service: DataProtectionService): Router {
  const router = Router();

  contractRoute(router, 'post', '/api/v1/staff/data-protection/searches', async (req, res) => {
    res.json(await service.search(req.body.email, staffOf(res)));
  });

  router.post(`${BASE}/exports`, async (req, res) => {
    const archive = await service.export(String(req.body.email), staffOf(res));
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="claims-export-${day}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await pipeline(archive, res);
  });

  contractRoute(
    router,
    'post',
    '/api/v1/staff/data-protection/claims/{claimHashid}/erasure',
    async (req, res) => {
      res.json(await service.erase(req.params.claimHashid, req.body.reason, staffOf(res)));
    },
  );
  return router;
}
