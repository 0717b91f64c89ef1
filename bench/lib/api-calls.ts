import { randomBytes } from 'node:crypto';
import { personalDetails, pinkClaim, serial } from '../../server/test/support/journey.ts';
import type { Call } from './load.ts';
import type { SeedState } from './seed.ts';

/** The five claimant calls the benches load (`make bench` and `make bench-scale`). */
export interface ApiCall {
  name: string;
  label: string;
  state?: SeedState;
  make(
    next: () => { token: string; identityCheckUuid?: string; front?: string; back?: string },
  ): Call;
}

const runId = randomBytes(4).toString('hex');
let counter = 0;

export const CALLS: ApiCall[] = [
  {
    name: 'ticket_check',
    label: 'POST /api/v1/claim/check/dbg-ticket-number',
    make: () => ({
      method: 'POST',
      next: () => ({
        path: '/api/v1/claim/check/dbg-ticket-number',
        body: { dbgTicketNumber: serial() },
      }),
    }),
  },
  {
    name: 'verify',
    label: 'PATCH /api/v1/claim/{token}/verify',
    state: 'started',
    make: (next) => ({
      method: 'PATCH',
      next: () => ({ path: `/api/v1/claim/${next().token}/verify` }),
    }),
  },
  {
    name: 'identity',
    label: 'POST /api/v1/claim/{token}/identity',
    state: 'verified',
    make: (next) => ({
      method: 'POST',
      next: () => ({ path: `/api/v1/claim/${next().token}/identity`, body: personalDetails() }),
    }),
  },
  {
    name: 'submit',
    label: 'POST /api/v1/claim/{token}',
    state: 'submittable',
    make: (next) => ({
      method: 'POST',
      next: () => {
        const claim = next();
        return {
          path: `/api/v1/claim/${claim.token}`,
          body: pinkClaim(claim.identityCheckUuid!, claim.front!, claim.back!),
        };
      },
    }),
  },
  {
    // Last: each start queues an e-mail, which the server then sends in the background.
    name: 'start',
    label: 'POST /api/v1/claim',
    make: () => ({
      method: 'POST',
      next: () => {
        const n = counter++;
        return {
          path: '/api/v1/claim',
          body: { email: `bench.${runId}.${n}@example.co.uk` },
          headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        };
      },
    }),
  },
];
