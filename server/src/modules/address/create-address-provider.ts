import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/orm.ts';
import type { AddressProvider } from './address-provider.ts';
import { LocalAddressIndex } from './local-address-index.ts';
import { LocalAddressProvider } from './local-address-provider.ts';
import { LoqateAddressProvider } from './loqate-address-provider.ts';
import { nativePool } from '../../db/native-pool.ts';
import { seedAddressIndex } from './seed-address-index.ts';

/** A local search takes milliseconds; one still running after this is cancelled and answered 1004. */
export const LOCAL_TIMEOUT_MS = 3_000;

export interface AddressDependencies {
  config: Config;
  orm: Database;
  logger: Logger;
}

/** ADDRESS_PROVIDER picks the provider: `local` (default, the embedded index) or `loqate`. */
export function createAddressProvider({
  config,
  orm,
  logger,
}: AddressDependencies): AddressProvider {
  if (config.addressProvider === 'loqate') {
    return new LoqateAddressProvider({
      baseUrl: config.loqateBaseUrl,
      apiKey: config.loqateApiKey ?? '',
      logger,
    });
  }
  return new LocalAddressProvider(new LocalAddressIndex(() => nativePool(orm), LOCAL_TIMEOUT_MS));
}

/** At start-up, after the migrations: loads the local index once (a few seconds, the first time only). */
export async function prepareAddressIndex(
  config: Config,
  orm: Database,
  logger: Logger,
): Promise<void> {
  if (config.addressProvider !== 'local') return;
  await seedAddressIndex(await nativePool(orm), logger);
}
