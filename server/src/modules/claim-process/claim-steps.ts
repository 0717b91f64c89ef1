/**
 * The five process steps of a submitted claim (spec section 1, docs/adr/020): which step may
 * follow which, and what the claimant's progress list shows for each. Pure: no I/O.
 */
export const CLAIM_STEPS = [
  'submitted',
  'reviewed',
  'ticket_requested',
  'ticket_received',
  'payment_details_requested',
  'paid',
  'rejected',
] as const;

export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** The forward path; each step's successor is the next one in this list. */
const PATH: readonly ClaimStep[] = [
  'submitted',
  'reviewed',
  'ticket_requested',
  'ticket_received',
  'payment_details_requested',
  'paid',
];

const FINAL_STEPS: readonly ClaimStep[] = ['paid', 'rejected'];

/** The steps `from` may move to: its successor on the path, and `rejected` from any step not final. */
export function nextSteps(from: ClaimStep): ClaimStep[] {
  if (FINAL_STEPS.includes(from)) return [];
  return [PATH[PATH.indexOf(from) + 1]!, 'rejected'];
}

export function isAllowedTransition(from: ClaimStep, to: ClaimStep): boolean {
  return nextSteps(from).includes(to);
}

/**
 * Steps of the claimant's list completed at `step` (0-5). A rejected claim keeps the count it had
 * when it was rejected, passed in as `stepBeforeRejection`.
 */
export function completedSteps(step: ClaimStep, stepBeforeRejection?: ClaimStep): number {
  if (step === 'rejected')
    return stepBeforeRejection && stepBeforeRejection !== 'rejected'
      ? PATH.indexOf(stepBeforeRejection)
      : 0;
  return PATH.indexOf(step);
}
