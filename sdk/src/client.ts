import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import { errorFromAnswer } from './errors.js';
import type { paths } from './generated/openapi.js';

/** An openapi-fetch client typed by the contract: `client.POST('/api/v1/claim', { body })`. */
export type PrizeClient = Client<paths>;

export interface PrizeClientOptions {
  /** The service's origin, e.g. `https://claims.example.com` (the contract's paths are absolute). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` on the operator operations (`/api/v1/operator/...`) only. */
  operatorToken?: string;
  /** Another fetch (a test double, a proxy-aware one); defaults to the global fetch. */
  fetch?: ClientOptions['fetch'];
  /** Headers for every request. */
  headers?: ClientOptions['headers'];
  /** openapi-fetch middleware, run in order around every request. */
  middleware?: Middleware[];
}

const OPERATOR_PATH = /^\/api\/v1\/operator\//;

function operatorAuth(token: string): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (OPERATOR_PATH.test(schemaPath)) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

export function createPrizeClient(options: PrizeClientOptions): PrizeClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (options.operatorToken) client.use(operatorAuth(options.operatorToken));
  for (const middleware of options.middleware ?? []) client.use(middleware);
  return client;
}

/** What every openapi-fetch call resolves to: the success body or the error body, and the answer. */
export interface Answer<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * The success body of a call, or a thrown PrizeValidationError (a 400 naming the rejected
 * properties) or PrizeApiError (any other failure, with the general error body):
 * `const { claimHashid } = await unwrap(client.POST(...))`.
 */
export async function unwrap<Data>(call: Promise<Answer<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromAnswer(response, error);
  return data as Data;
}
