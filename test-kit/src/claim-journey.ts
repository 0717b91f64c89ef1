import { uploadForm } from './uploads.ts';

/**
 * One API call with fetch: a JSON or multipart body, the answer's JSON (or nothing), and an
 * error naming the call and the answer when it is not a success.
 */
export async function apiCall<T>(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`${baseUrl}${url}`, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The local address index's id of 10 Downing Street, SW1A 2AA (server/src/modules/address/README.md). */
export const DOWNING_STREET_10 = 'GB|RM|A|10000002';

/** An identity check's body that passes: the owner at 10 Downing Street, chosen with the address lookup. */
export function personalDetails(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    isOwner: true,
    title: 'Ms',
    firstName: 'Siân',
    lastName: "O'Neill-Smith",
    dateOfBirth: '1980-04-12',
    phoneNumber: '07700900123',
    isOverseas: false,
    addressLine1: '10 Downing Street',
    addressLine2: '',
    town: 'London',
    county: '',
    postCode: 'SW1A 2AA',
    // Chosen with the address lookup: the generated index's 10 Downing Street (delivery point 1A).
    addressId: DOWNING_STREET_10,
    dpsCode: '1A',
    ...overrides,
  };
}

export interface IdentityCheck {
  uuid: string;
  idDocsRequired: boolean;
}

/**
 * The claimant's whole journey through the API of a running server, whichever suite drives it:
 * start, follow the verification link (`linkAfterStart` reads it from the suite's inbox once the
 * start call is made), identity check, uploads, submission.
 */
export function claimJourney(baseUrl: string) {
  return {
    /** POST /claim then PATCH .../verify with the link's token. */
    async startAndVerify(
      email: string,
      linkAfterStart: () => Promise<string>,
    ): Promise<{ link: string; token: string }> {
      await apiCall(baseUrl, 'POST', '/api/v1/claim', { email });
      const link = await linkAfterStart();
      const token = link.split('/').at(-1)!;
      await apiCall(baseUrl, 'PATCH', `/api/v1/claim/${token}/verify`);
      return { link, token };
    },
    checkIdentity(token: string, details: Record<string, unknown>): Promise<IdentityCheck> {
      return apiCall(baseUrl, 'POST', `/api/v1/claim/${token}/identity`, details);
    },
    async upload(
      token: string,
      type: string,
      fileName: string,
      content: Buffer,
      contentType = 'image/png',
    ): Promise<string> {
      const form = uploadForm(type, fileName, content, contentType);
      const uploaded = await apiCall<{ uuid: string }>(
        baseUrl,
        'POST',
        `/api/v1/claim/${token}/file`,
        form,
      );
      return uploaded.uuid;
    },
    submit(token: string, submission: Record<string, unknown>): Promise<{ claimHashid: string }> {
      return apiCall(baseUrl, 'POST', `/api/v1/claim/${token}`, submission);
    },
  };
}
