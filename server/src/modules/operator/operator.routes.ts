import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import { GoneError, ValidationFailure, type ValidationItem } from '../../http/errors.ts';
import { sendImage } from '../files/served-image.ts';
import { operatorAuth, type OperatorAuthOptions } from './operator-auth.ts';
import type { OperatorService } from './operator.service.ts';

/** Authentication runs before the contract validator: an anonymous caller learns nothing. */
export function operatorGate(options: OperatorAuthOptions): Router {
  const router = Router();
  router.use('/api/v1/operator', operatorAuth(options));
  return router;
}

/**
 * Page and page size as SQL can take them. The validator's type coercion turns 'Infinity' and
 * '1e400' into Infinity and then passes them as integers within any bound, and the contract sets
 * no maximum page: refuse what is not a safe integer, or makes an offset past one.
 */
export function paging(query: { page?: number; pageSize?: number }): {
  page: number;
  pageSize: number;
} {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 20);
  const problems: ValidationItem[] = [];
  const pageSizeValid = Number.isSafeInteger(pageSize) && pageSize >= 1 && pageSize <= 100;
  if (!pageSizeValid)
    problems.push({
      property: 'pageSize',
      constraints: { maximum: 'pageSize must be an integer from 1 to 100' },
      children: [],
    });
  if (
    !Number.isSafeInteger(page) ||
    page < 1 ||
    !Number.isSafeInteger((page - 1) * (pageSizeValid ? pageSize : 1))
  ) {
    problems.push({
      property: 'page',
      constraints: { maximum: 'page is out of range' },
      children: [],
    });
  }
  if (problems.length) throw new ValidationFailure(problems);
  return { page, pageSize };
}

export const PERSONAL_DATA_REMOVED = "This claim's personal data has been removed.";

export function operatorRoutes(operator: OperatorService): Router {
  const router = Router();

  contractRoute(router, 'get', '/api/v1/operator/claims', async (req, res) => {
    const { page, pageSize } = paging(req.query);
    res.json(await operator.list(req.query.status, page, pageSize));
  });

  // Not typed from the contract yet: the service's stored personalDetails may be null, which
  // the contract's OperatorClaim does not allow (the response validator guards it at run time).
  router.get('/api/v1/operator/claims/:claimHashid', async (req, res) => {
    const claim = await operator.claim(req.params.claimHashid);
    // OperatorClaim requires the personal data; once removed (docs/adr/022) the answer is 410.
    if (!('email' in claim) || !('personalDetails' in claim))
      throw new GoneError(PERSONAL_DATA_REMOVED);
    res.json(claim);
  });

  contractRoute(
    router,
    'post',
    '/api/v1/operator/claims/{claimHashid}/info-requests',
    async (req, res) => {
      res
        .status(201)
        .json(await operator.requestInformation(req.params.claimHashid, req.body.sectionTypeList));
    },
  );

  router.get('/api/v1/operator/files/:uuid', async (req, res) => {
    await sendImage(res, await operator.file(req.params.uuid), 'operator');
  });

  return router;
}
