// What the back office calls the contract's enums and events.
import type { ClaimStep, PrizeBand, ProductType, StaffRole } from '@prize/generated/client';

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
