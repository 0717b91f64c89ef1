import type { Logger } from 'pino';
import type { AddressProvider, RetrieveItem } from './address-provider.ts';
import { dpsCodeFromBarcode } from '@prize/domain';
import { compactPostcode } from './postcode.ts';

/** The address as the claimant sent it, with the lookup's id when they chose it there. */
export interface SentAddress {
  addressId?: string;
  addressLine1?: string;
  postCode?: string;
}

export interface DeliveryPoints {
  /** See AddressProvider.callsOut. */
  readonly callsOut: boolean;
  /** The delivery point suffix of the sent address, from the provider's own record; '' when there is none. */
  dpsCode(address: SentAddress): Promise<string>;
}

const sameLine = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toUpperCase() === b.trim().replace(/\s+/g, ' ').toUpperCase();

function isAddress(item: unknown): item is RetrieveItem {
  return (
    typeof item === 'object' &&
    item !== null &&
    !('Error' in item) &&
    typeof (item as RetrieveItem).Barcode === 'string'
  );
}

/**
 * The server's own delivery point (docs/adr/016): the address id is read back from the provider,
 * and its suffix counts only when that address has the postcode and first line that were sent.
 * A provider that fails or answers an error item means no delivery point, never a failed call.
 */
export function deliveryPoints(provider: AddressProvider, logger?: Logger): DeliveryPoints {
  return {
    callsOut: provider.callsOut === true,
    async dpsCode({ addressId, addressLine1, postCode }) {
      if (!addressId || !addressLine1 || !postCode) return '';
      let items: unknown[];
      try {
        items = (await provider.retrieve(addressId)).Items;
      } catch (error) {
        // Never the id or the address: only that the provider could not answer.
        logger?.warn(
          { failure: (error as Error)?.name },
          'delivery point unavailable: the address provider failed',
        );
        return '';
      }
      const address = items.find(isAddress);
      if (
        !address ||
        compactPostcode(address.PostalCode) !== compactPostcode(postCode) ||
        !sameLine(address.Line1, addressLine1)
      )
        return '';
      return dpsCodeFromBarcode(address.Barcode, address.PostalCode);
    },
  };
}
