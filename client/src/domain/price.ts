import { ClaimSubmissionRules } from '@prize/generated/rules';

// The price input: digits and one decimal point, at most 2 decimals, kept as whole pence.

export function sanitizePriceInput(raw: string): string {
  let seenPoint = false;
  let decimals = 0;
  let result = '';
  for (const character of raw) {
    if (character === '.') {
      if (seenPoint) continue;
      seenPoint = true;
      result += character;
    } else if (character >= '0' && character <= '9') {
      if (seenPoint) {
        if (decimals === 2) continue;
        decimals += 1;
      }
      result += character;
    }
  }
  return result;
}

// Pounds times 100, rounded; null when there is no amount.
export function poundsTextToPence(text: string): number | null {
  const clean = sanitizePriceInput(text);
  if (clean === '' || clean === '.') return null;
  const pounds = Number(clean);
  return Number.isFinite(pounds) ? Math.round(pounds * 100) : null;
}

// The text the input shows for a stored amount (no grouping, so it can be edited).
export function penceToPoundsText(pence: number | null | undefined): string {
  if (pence === null || pence === undefined || !Number.isFinite(pence)) return '';
  const whole = Math.trunc(pence / 100);
  const rest = Math.abs(pence % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

// Made on first use: the claim page should not pay for locale data before a summary shows.
let gbp: Intl.NumberFormat | undefined;

export function formatPence(pence: number | null | undefined): string {
  if (pence === null || pence === undefined) return '';
  return (gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })).format(
    pence / 100,
  );
}

// The contract's limits (ClaimSubmission.prizeAmountPence).
export const PRIZE_MIN_PENCE = ClaimSubmissionRules.prizeAmountPence.minimum;
export const PRIZE_MAX_PENCE = ClaimSubmissionRules.prizeAmountPence.maximum;
