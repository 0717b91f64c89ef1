import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { errorHandler } from '../../../src/http/error-handler.ts';
import {
  fieldMessages,
  loadContract,
  loadDereferencedContract,
  openApiValidator,
} from '../../../src/http/openapi.ts';
import type { AddressLimits } from '../../../src/modules/address/address-limits.ts';
import type { AddressProvider } from '../../../src/modules/address/address-provider.ts';
import { addressRoutes } from '../../../src/modules/address/address.routes.ts';
import {
  loqateLayoutErrors,
  loqateLayoutQuery,
} from '../../../src/modules/address/loqate-layout.ts';

export interface AddressApp {
  url: string;
  close(): Promise<void>;
}

/**
 * The address routes behind the real contract validator, checking every answer against the
 * contract too (a shape the contract does not allow becomes a 500 and fails the test), wired as
 * the server wires them: Loqate's layout read before the validator, its errors answered its way.
 */
export async function startAddressApp(
  addressProvider: AddressProvider,
  limits?: AddressLimits,
): Promise<AddressApp> {
  const contract = loadContract();
  const logger = pino({ level: 'silent' });
  const app = express();
  app.use(loqateLayoutQuery(loadDereferencedContract()));
  app.use(openApiValidator({ contract, validateResponses: true }));
  app.use(addressRoutes({ addressProvider, limits }));
  app.use(loqateLayoutErrors());
  app.use(errorHandler(logger, fieldMessages(loadDereferencedContract())));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
