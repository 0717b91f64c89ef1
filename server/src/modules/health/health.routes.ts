import { Router } from 'express';
import { ServiceUnavailableError } from '../../http/errors.ts';
import { databaseReachable, type Database } from '../../db/orm.ts';
import { LIVE_PATH, READY_PATH, type Readiness } from './readiness.ts';

export function healthRoutes(orm: Database, readiness: Readiness): Router {
  const router = Router();
  router.get('/api/v1/health', async (_req, res) => {
    if (!(await databaseReachable(orm)))
      throw new ServiceUnavailableError('The database is unreachable');
    res.json({ status: 'ok', database: 'up' });
  });
  router.get(LIVE_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get(READY_PATH, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const reason = await readiness.notReadyBecause();
    if (reason) {
      res.setHeader('Retry-After', '5');
      throw new ServiceUnavailableError(reason);
    }
    res.json({ status: 'ready', database: 'up', storage: 'up' });
  });
  return router;
}
