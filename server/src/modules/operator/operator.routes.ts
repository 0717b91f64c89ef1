import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { SectionType } from '../info-request/info-request.rules.ts';
import { operatorAuth } from './operator-auth.ts';
import type { OperatorStatus } from './operator.repository.ts';
import type { OperatorService } from './operator.service.ts';

/** Authentication runs before the contract validator: an anonymous caller learns nothing. */
export function operatorGate(token: string | undefined): Router {
  const router = Router();
  router.use('/api/v1/operator', operatorAuth(token));
  return router;
}

export function operatorRoutes(operator: OperatorService): Router {
  const router = Router();

  router.get('/api/v1/operator/claims', async (req, res) => {
    const status = req.query.status as OperatorStatus | undefined;
    res.json(await operator.list(status, Number(req.query.page ?? 1), Number(req.query.pageSize ?? 20)));
  });

  router.get('/api/v1/operator/claims/:claimHashid', async (req, res) => {
    res.json(await operator.claim(req.params.claimHashid));
  });

  router.post('/api/v1/operator/claims/:claimHashid/info-requests', async (req, res) => {
    res.status(201).json(await operator.requestInformation(req.params.claimHashid, req.body.sectionTypeList as SectionType[]));
  });

  router.get('/api/v1/operator/files/:uuid', async (req, res) => {
    const file = await operator.file(req.params.uuid);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Cache-Control', 'private, no-store');
    // A stored upload must never run as a document in the operator's browser.
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    await pipeline(file.stream, res);
  });

  return router;
}
