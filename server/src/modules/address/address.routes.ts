import cors from 'cors';
import { Router, type Request, type RequestHandler } from 'express';
import type { AddressProvider, FindResponse, RetrieveResponse } from './address-provider.ts';
import type { AddressLimits } from './address-limits.ts';
import { createAddressProvider, type AddressDependencies } from './create-address-provider.ts';
import { LOQATE_FIND_PATHS, LOQATE_RETRIEVE_PATH } from './loqate-layout.ts';

/**
 * What the server passes (the provider and limits are built from the configuration), or a
 * provider of a test's own, with limits when the test is about them.
 */
export type AddressRouteDependencies =
  | (AddressDependencies & { limits: AddressLimits })
  | { addressProvider: AddressProvider; limits?: AddressLimits };

/** The validator has checked types and lengths; a repeated parameter still arrives as an array. */
function single(req: Request, name: string): string {
  const value = req.query[name];
  return typeof value === 'string' ? value : '';
}

/** Loqate's `Limit`, on its layout: the first suggestions only (an error entry is always alone). The validator has made it an integer. */
function limited(answer: FindResponse, req: Request): FindResponse {
  const limit = Number(req.query.Limit);
  return Number.isInteger(limit) && limit > 0 ? { Items: answer.Items.slice(0, limit) } : answer;
}

/**
 * The address proxy of spec section 7 (Loqate Capture Interactive shapes), at the API's own
 * paths and at Loqate's layout (`loqate-layout.ts` reads those requests as Loqate does), with the
 * same handlers. The search text is personal data: it is passed to the provider and nowhere else
 * (the request log drops query strings).
 */
export function addressRoutes(deps: AddressRouteDependencies): Router {
  const provider = 'addressProvider' in deps ? deps.addressProvider : createAddressProvider(deps);
  const limits = deps.limits;
  const lookup =
    <T>(answer: (req: Request) => Promise<T>): RequestHandler =>
    async (req, res) => {
      if (!limits) return void res.json(await answer(req));
      await limits.admit(req.ip ?? 'unknown', req.get('x-claim-token') || undefined);
      res.json(await limits.run(() => answer(req)));
    };
  const find = (req: Request): Promise<FindResponse> => {
    const container = single(req, 'Container');
    return provider.find({
      text: single(req, 'Text'),
      countries: single(req, 'Countries') || 'GB,IM',
      container: container || undefined,
    });
  };
  const retrieve = (req: Request): Promise<RetrieveResponse> =>
    provider.retrieve(single(req, 'Id'));

  const router = Router();
  router.get('/api/address/find', lookup(find));
  router.get('/api/address/retrieve', lookup(retrieve));
  router.get(
    LOQATE_FIND_PATHS,
    lookup(async (req) => limited(await find(req), req)),
  );
  router.get(LOQATE_RETRIEVE_PATH, lookup(retrieve));
  return router;
}

/**
 * Cross-origin calls to the address proxy from the operator's named sites (ADDRESS_CORS_ORIGINS),
 * answered before the validator so a preflight is not refused as an unknown OPTIONS operation.
 * No origin is allowed by default, and no other path of the API is ever opened.
 */
export function addressCors(origins: string[]): Router {
  const router = Router();
  if (origins.length)
    router.use('/api/address', cors({ origin: origins, methods: ['GET'], maxAge: 600 }));
  return router;
}
