// What the back office calls the contract's enums and events.
import type {
  ClaimStep,
  WaitingOn,
  PrizeBand,
  ProductType,
  StaffRole,
} from '@prize/generated/client';

export const ROLE_LABELS: Record<StaffRole, string> = {
  claims_advisor: 'Claims advisor',
  customer_care: 'Customer care',
  admin: 'Admin',
  data_protection: 'Data protection',
};

// An account's roles, a set, in the contract's order: "Admin, Claims advisor" reads as either.
export function rolesLabel(roles: readonly StaffRole[]): string {
  return roles.map((role) => ROLE_LABELS[role]).join(', ');
}

export { STEP_LABELS } from '@prize/domain';

// The button for moving a claim on to each step (rejection has its own form).
export const STEP_ACTIONS: Record<Exclude<ClaimStep, 'submitted' | 'rejected'>, string> = {
  reviewed: 'Mark as reviewed',
  ticket_requested: 'Request the ticket',
  ticket_received: 'Mark ticket received',
  payment_details_requested: 'Request payment details',
  paid: 'Mark as paid',
};

export const PRODUCT_LABELS: Record<ProductType, string> = {
  DBG: 'Draw-based game',
  SC: 'Scratchcard',
};

export const PRIZE_BAND_LABELS: Record<PrizeBand, string> = {
  up_to_1000: 'Up to £1,000',
  '1000_to_10000': '£1,000 to £10,000',
  over_10000: 'Over £10,000',
};

// The image and section names the timeline uses too, once in @prize/domain.
export { FILE_LABELS, SECTION_LABELS } from '@prize/domain';

// Whose move it is, as the step tags say it (their colours tell the three apart).
export const WAITING_LABELS: Record<WaitingOn, string> = {
  staff: 'Our move',
  post: 'In the post',
  claimant: 'Claimant',
  nobody: 'Closed',
};

// The standard reasons for rejecting a claim (the advisor may add to them or write their own).
export const REJECTION_REASONS = [
  'The ticket is not a winning ticket for this draw.',
  'The ticket was claimed before.',
  'The claim was made after the prize claim period ended.',
  'The ticket is too damaged to validate.',
  'The claimant could not prove they own the ticket.',
  'The claimant did not answer our request for information.',
] as const;

// "3 days", "5 hours", "12 minutes": how long a claim has been waiting.
export function formatWaiting(iso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  const [amount, unit] =
    minutes >= 2 * 24 * 60
      ? [Math.floor(minutes / (24 * 60)), 'day']
      : minutes >= 120
        ? [Math.floor(minutes / 60), 'hour']
        : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPence(pence: number): string {
  return pounds.format(pence / 100);
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
