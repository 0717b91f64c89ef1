// What the back office calls the contract's enums and events.
import type {
  ClaimStep,
  FileType,
  PrizeBand,
  ProductType,
  SectionType,
  StaffRole,
} from '@prize/generated/client';

export const ROLE_LABELS: Record<StaffRole, string> = {
  claims_advisor: 'Claims advisor',
  customer_care: 'Customer care',
  admin: 'Admin',
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

export const FILE_LABELS: Record<FileType, string> = {
  ticketFront: 'Ticket front',
  ticketBack: 'Ticket back',
  idDocument1: 'ID document 1',
  idDocument2: 'ID document 2',
};

export const SECTION_LABELS: Record<SectionType, string> = {
  PERSONAL_DETAILS: 'Personal details',
  ID_DOCUMENTS: 'ID documents',
  DBG_PINK_IMAGES: 'Draw-based game ticket images (pink)',
  DBG_WHITE_IMAGES: 'Draw-based game ticket images (white)',
  SC_IMAGES: 'Scratchcard images',
};

const EVENT_LABELS: Record<string, string> = {
  'claim.started': 'Claim started',
  'claim.verified': 'E-mail address verified',
  'identity.checked': 'Identity checked',
  'claim.submitted': 'Claim submitted',
  'claim.purged': 'Personal data deleted',
  'file.viewed': 'Image viewed',
  'info_request.created': 'Information requested',
  'info_request.opened': 'Information request opened',
  'info_request.identity_checked': 'Information request: identity checked',
  'info_request.submitted': 'Information sent by the claimant',
  'claim.viewed': 'Claim details viewed',
  'claim.file_viewed': 'Image viewed',
  'claim.step_changed': 'Step changed',
  'claim.info_requested': 'Information requested',
  'claim.ticket_code_lookup': 'Found by ticket code',
};

export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event;
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
