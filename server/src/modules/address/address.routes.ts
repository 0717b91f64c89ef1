import { Router, type Request } from 'express';
import type { AddressProvider } from './address-provider.ts';
import { createAddressProvider, type AddressDependencies } from './create-address-provider.ts';

/** What the server passes (the provider is built from the configuration), or a provider of a test's own. */
export type AddressRouteDependencies = AddressDependencies | { addressProvider: AddressProvider };

/** The validator has checked types and lengths; a repeated parameter still arrives as an array. */
function single(req: Request, name: string): string {
  const value = req.query[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The address proxy of spec section 7 (Loqate Capture Interactive shapes). The search text is
 * personal data: it is passed to the provider and nowhere else (the request log drops query strings).
 */
export function addressRoutes(deps: AddressRouteDependencies): Router {
  const provider = 'addressProvider' in deps ? deps.addressProvider : createAddressProvider(deps);
  const router = Router();
  router.get('/api/address/find', async (req, res) => {
    const container = single(req, 'Container');
    res.json(await provider.find({ text: single(req, 'Text'), countries: single(req, 'Countries') || 'GB,IM', container: container || undefined }));
  });
  router.get('/api/address/retrieve', async (req, res) => {
    res.json(await provider.retrieve(single(req, 'Id')));
  });
  return router;
}
