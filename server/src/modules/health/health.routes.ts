import { Router } from 'express';
import { ServiceUnavailableError } from '../../http/errors.ts';
import { databaseReachable, type Database } from '../../db/orm.ts';

export function healthRoutes(orm: Database): Router {
  const router = Router();
  router.get('/api/v1/health', async (_req, res) => {
    if (!(await databaseReachable(orm))) throw new ServiceUnavailableError('The database is unreachable');
    res.json({ status: 'ok', database: 'up' });
  });
  return router;
}
