import { describe, expect, it } from 'vitest';
import type { PersonalDetails } from '../../src/modules/claim/claim.types.ts';
import {
  checkWithTimeout,
  IdentityProviderError,
  trustedDetails,
  type IdentityProvider,
} from '../../src/modules/identity/identity-provider.ts';
import { personalDetails } from '../support/journey.ts';

const details = await trustedDetails(personalDetails() as PersonalDetails, {
  callsOut: false,
  dpsCode: async () => '1A',
});

/** A provider that answers after `delayMs` (or never) and keeps the signal it was given. */
function provider(delayMs: number | null): IdentityProvider & { signal?: AbortSignal } {
  const recorded: IdentityProvider & { signal?: AbortSignal } = {
    name: 'test',
    check(_details, signal) {
      recorded.signal = signal;
      return delayMs === null
        ? new Promise(() => undefined)
        : new Promise((resolve) => setTimeout(() => resolve({ idDocsRequired: false }), delayMs));
    },
  };
  return recorded;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the time limit on an identity check', () => {
  it('when the provider answers in time, then its verdict is returned and the timer is gone: the signal never fires afterwards', async () => {
    const fast = provider(0);
    expect(await checkWithTimeout(fast, details, 30)).toEqual({ idDocsRequired: false });
    await wait(80);
    expect(fast.signal!.aborted).toBe(false);
  });

  it('when the provider does not answer, then the check fails as a timeout and the provider is told to stop', async () => {
    const silent = provider(null);
    const failure = await checkWithTimeout(silent, details, 30).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdentityProviderError);
    expect((failure as Error).message).toBe('TimeoutError');
    expect(silent.signal!.aborted).toBe(true);
  });
});
