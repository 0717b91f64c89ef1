// The back office's names for a claim's process steps, shown by the client's staff pages and in
// the server's timeline and conflict texts: page copy, not contract (docs/adr/017, 020).
import type { components } from '@prize/generated/server';

export type ClaimStep = components['schemas']['ClaimStep'];

export const STEP_LABELS: Record<ClaimStep, string> = {
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  ticket_requested: 'Ticket requested',
  ticket_received: 'Ticket received',
  payment_details_requested: 'Payment details requested',
  paid: 'Paid',
  rejected: 'Rejected',
};
