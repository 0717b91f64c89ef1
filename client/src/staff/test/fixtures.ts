import type { StaffClaim, StaffSession, StaffUser } from '@prize/generated/client';

export const CSRF = 'csrf-token-of-the-session-0123456789';

export const ADVISOR: StaffUser = {
  id: '0b0c1d2e-3f40-4152-8364-758697a8b9ca',
  email: 'ravi.patel@winner-services.example',
  name: 'Ravi Patel',
  roles: ['claims_advisor'],
  createdAt: '2025-03-01T09:00:00Z',
  setupCompleted: true,
  disabled: false,
};

export function sessionOf(staff: StaffUser = ADVISOR): StaffSession {
  return {
    staff,
    csrfToken: CSRF,
    idleExpiresAt: '2099-01-01T00:30:00Z',
    expiresAt: '2099-01-01T12:00:00Z',
  };
}

export function claimOf(overrides: Partial<StaffClaim> = {}): StaffClaim {
  return {
    claimHashid: 'K7Q2M9XA',
    reference: 'K7Q2M9XA',
    email: 'sarah.oneill@example.co.uk',
    status: 'submitted',
    submittedAt: '2025-03-14T10:42:17Z',
    personalDetails: {
      isOwner: true,
      title: 'Mrs',
      firstName: 'Sarah',
      lastName: "O'Neill",
      dateOfBirth: '1979-04-23',
      phoneNumber: '07700900123',
      isOverseas: false,
      addressLine1: '14 Elm Grove',
      town: 'Leeds',
      postCode: 'LS6 2AB',
    },
    identityCheckUuid: '9d4e6f1a-2b3c-4d5e-8f7a-0b1c2d3e4f50',
    idDocsRequired: false,
    claimDetails: {
      isTicketInPossession: true,
      isTicketDamaged: false,
      isLotteryRetailer: false,
      isChequePreferred: false,
    },
    ticketDetails: {
      productType: 'SC',
      scBarcodeNumber: '1234-5678901-234',
      scSerialNumber: '123456789',
      scVirn: '1234',
      prizeAmountPence: 175000,
      ticketFrontFileUuid: '7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30',
    },
    files: [
      {
        uuid: '7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30',
        type: 'ticketFront',
        originalName: 'IMG_2041.jpg',
        size: 2410587,
        sha256: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b',
        contentType: 'image/jpeg',
        createdAt: '2025-03-14T10:38:55Z',
      },
    ],
    identityChecks: [
      {
        uuid: '9d4e6f1a-2b3c-4d5e-8f7a-0b1c2d3e4f50',
        idDocsRequired: false,
        checkedAt: '2025-03-14T10:29:47Z',
      },
    ],
    infoRequests: [],
    audit: [],
    step: 'submitted',
    identityCheckResult: {
      idDocsRequired: false,
      checkedAt: '2025-03-14T10:29:47Z',
      provider: 'Stub identity service',
    },
    allowedTransitions: ['reviewed', 'rejected'],
    timeline: [
      { at: '2025-03-14T10:42:17Z', event: 'claim.submitted' },
      { at: '2025-03-17T09:02:44Z', event: 'claim.viewed', staffName: 'Ravi Patel' },
    ],
    ...overrides,
  };
}

export const json = (body: unknown, status = 200) => Response.json(body, { status });
export const problem = (status: number, message: string) =>
  Response.json({ statusCode: status, message }, { status });
