import { createPrizeClient, type Middleware, type PrizeClient } from '@prize/sdk';
import { expect } from 'vitest';
import { baseUrl, isReal, operatorToken, randomClientIp, serverUrl } from './api.ts';

/**
 * The journeys run through the published SDK (`sdk/`, as built to dist/), the way a third party
 * calls the API, on both targets: the Prism mock, or the real server behind
 * `prism proxy --errors`. On the real target each request is a new client (X-Forwarded-For, as
 * `api()` does), and every answer through the proxy must break no rule of the contract and come
 * from the real server itself (Prism re-mocks an upstream 501; the server's CSP header is on
 * every answer it gives, never on a mock's).
 */
const realServerChecks: Middleware = {
  onRequest({ request }) {
    request.headers.set('x-forwarded-for', randomClientIp());
    return request;
  },
};

const withinContract: Middleware = {
  onResponse({ request, response }) {
    const what = `${request.method} ${new URL(request.url).pathname}`;
    const violations = response.headers.get('sl-violations');
    expect(violations, `${what}: the answer breaks the contract: ${violations}`).toBeNull();
    expect(
      response.headers.get('content-security-policy'),
      `${what}: answered by Prism, not by the real server`,
    ).not.toBeNull();
    return response;
  },
};

function client(url: string, checks: Middleware[]): PrizeClient {
  return createPrizeClient({ baseUrl: url, operatorToken, middleware: isReal ? checks : [] });
}

/** Through the contract-checking proxy on the real target; the mock itself otherwise. */
export const sdk = client(baseUrl, [realServerChecks, withinContract]);

/**
 * Straight to the real server (the mock otherwise): for uploads, whose binary bodies Prism
 * 5.16's proxy corrupts (see `direct` in api.ts).
 */
export const sdkDirect = client(isReal ? serverUrl : baseUrl, [realServerChecks]);
