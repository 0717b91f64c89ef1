import { describe, expect, it } from 'vitest';
import {
  CLAIM_STEPS,
  completedSteps,
  isAllowedTransition,
  nextSteps,
  type ClaimStep,
} from '../../src/modules/claim-process/claim-steps.ts';
import {
  newTicketCode,
  normaliseTicketCode,
  TICKET_CODE,
} from '../../src/modules/claim-process/ticket-code.ts';

const FORWARD: Array<[ClaimStep, ClaimStep]> = [
  ['submitted', 'reviewed'],
  ['reviewed', 'ticket_requested'],
  ['ticket_requested', 'ticket_received'],
  ['ticket_received', 'payment_details_requested'],
  ['payment_details_requested', 'paid'],
];

describe('step transitions', () => {
  it('when a claim is at a step, then only the next step and rejected are allowed', () => {
    for (const [from, to] of FORWARD) expect(nextSteps(from)).toEqual([to, 'rejected']);
  });

  it('when a claim is paid or rejected, then nothing follows', () => {
    expect(nextSteps('paid')).toEqual([]);
    expect(nextSteps('rejected')).toEqual([]);
  });

  it('when any pair of steps is asked, then exactly the forward moves and rejections are allowed', () => {
    const allowed = CLAIM_STEPS.flatMap((from) =>
      CLAIM_STEPS.filter((to) => isAllowedTransition(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        ...FORWARD.map(([from, to]) => `${from}>${to}`),
        ...FORWARD.map(([from]) => `${from}>rejected`),
      ].sort(),
    );
  });
});

describe('completed steps for the claimant', () => {
  it.each([
    ['submitted', 0],
    ['reviewed', 1],
    ['ticket_requested', 2],
    ['ticket_received', 3],
    ['payment_details_requested', 4],
    ['paid', 5],
  ] as const)('when the claim is at %s, then %i steps are completed', (step, count) => {
    expect(completedSteps(step)).toBe(count);
  });

  it('when a claim is rejected, then it keeps the count it had before', () => {
    expect(completedSteps('rejected', 'ticket_requested')).toBe(2);
    expect(completedSteps('rejected', 'submitted')).toBe(0);
  });
});

describe('ticket codes', () => {
  it('when codes are made, then each is PC- and 10 Crockford characters, and they differ', () => {
    const codes = new Set(Array.from({ length: 1000 }, newTicketCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^PC-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
  });

  it('when a code is typed loosely, then it reads as the stored code', () => {
    expect(normaliseTicketCode('pc-7q2m9xa4kd')).toBe('PC-7Q2M9XA4KD');
    expect(normaliseTicketCode(' PC-7Q2M 9XA4-KD ')).toBe('PC-7Q2M9XA4KD');
    // Crockford: O is 0, I and L are 1.
    expect(normaliseTicketCode('PC-7Q2M9XA4KO')).toBe('PC-7Q2M9XA4K0');
    expect(normaliseTicketCode('PC-IL2M9XA4KD')).toBe('PC-112M9XA4KD');
    expect(TICKET_CODE.test(normaliseTicketCode('7q2m9xa4kd')!)).toBe(true);
  });

  it('when a code cannot be one, then nothing is looked up', () => {
    expect(normaliseTicketCode('PC-7Q2M9XA4K')).toBeUndefined();
    expect(normaliseTicketCode('PC-7Q2M9XA4KU')).toBeUndefined();
    expect(normaliseTicketCode('')).toBeUndefined();
  });
});
