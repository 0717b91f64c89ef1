import type { components } from '@prize/generated/server';
import type { DeliveryPoints } from '../address/delivery-point.ts';

type PersonalDetails = components['schemas']['PersonalDetails'];
type ClaimPersonalDetails = components['schemas']['ClaimPersonalDetails'];

export interface IdentityVerdict {
  idDocsRequired: boolean;
}

declare const serverDerived: unique symbol;

/**
 * Personal details as checked and stored: only `trustedDetails` makes them, so a provider never
 * sees a dpsCode the request sent (docs/adr/016).
 */
export type TrustedPersonalDetails = PersonalDetails & { readonly [serverDerived]: true };

/** Drops the form-only fields and the sent dpsCode; adds the delivery point the server found, if any. */
export async function trustedDetails(
  details: ClaimPersonalDetails,
  points: DeliveryPoints,
): Promise<TrustedPersonalDetails> {
  const { isManualAddress, addressLookup, dpsCode: sent, ...kept } = details;
  const dpsCode = kept.isOverseas ? '' : await points.dpsCode(kept);
  return (dpsCode ? { ...kept, dpsCode } : kept) as TrustedPersonalDetails;
}

/** An identity-check service: answers whether the claimant must send two ID documents. */
export interface IdentityProvider {
  readonly name: string;
  check(details: TrustedPersonalDetails, signal: AbortSignal): Promise<IdentityVerdict>;
}

export class IdentityProviderError extends Error {}

/**
 * The local, deterministic provider of `make start` and the tests. ID documents are required
 * when the claimant is not the ticket owner, lives overseas, or gave an address with no Royal
 * Mail delivery point (no dpsCode: typed in by hand, or not found at the address id sent).
 * IDENTITY_DOCS_REQUIRED=always|never forces the answer for testing.
 */
export function localIdentityProvider(policy: 'rules' | 'always' | 'never'): IdentityProvider {
  return {
    name: `local-${policy}`,
    async check(details) {
      if (policy !== 'rules') return { idDocsRequired: policy === 'always' };
      return {
        idDocsRequired: !details.isOwner || details.isOverseas === true || !details.dpsCode,
      };
    },
  };
}

/**
 * Bounds any provider: a slow or failing one becomes an IdentityProviderError, never a hang.
 * The timer is cleared as soon as the check settles: `AbortSignal.timeout` would keep each
 * request's signal, listener and promise alive for the whole timeout, which under load is
 * thousands of them carried into the old generation and collected by full GCs.
 */
export async function checkWithTimeout(
  provider: IdentityProvider,
  details: TrustedPersonalDetails,
  timeoutMs: number,
): Promise<IdentityVerdict> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Raced as well as signalled: a provider that ignores the signal still cannot hold the request.
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException('The identity check timed out', 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, timeoutMs);
  });
  try {
    return await Promise.race([provider.check(details, controller.signal), timedOut]);
  } catch (error) {
    throw new IdentityProviderError(error instanceof Error ? error.name : 'identity check failed');
  } finally {
    clearTimeout(timer);
  }
}
