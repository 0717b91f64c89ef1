import { describe, expect, it } from 'vitest';
import {
  createPrizeClient,
  PrizeApiError,
  PrizeValidationError,
  unwrap,
  uploadClaimFile,
} from '../src/index.js';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: Request;
}

/** A fetch that records each request and answers with the next canned answer. */
function fakeFetch(...answers: Array<{ status: number; body?: unknown }>) {
  const sent: Sent[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.clone(),
    });
    const answer = answers.shift() ?? {
      status: 500,
      body: { statusCode: 500, message: 'no answer left' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  };
  return { fetch, sent };
}

describe('typed calls', () => {
  it('when a claim is started, then the JSON body goes to the contract path and the typed answer comes back', async () => {
    const { fetch, sent } = fakeFetch({ status: 201, body: { email: 'sam@example.com' } });
    const client = createPrizeClient({ baseUrl: 'https://claims.example.com/', fetch });

    const started = await unwrap(
      client.POST('/api/v1/claim', { body: { email: 'sam@example.com' } }),
    );

    // The answer's type is the contract's StartClaimResponse: `email` is a string.
    const email: string = started.email;
    expect(email).toBe('sam@example.com');
    expect(sent[0]!.url).toBe('https://claims.example.com/api/v1/claim');
    expect(sent[0]!.method).toBe('POST');
    expect(await sent[0]!.body.json()).toEqual({ email: 'sam@example.com' });
  });

  it('when an operator token is given, then only operator paths carry it as a bearer token', async () => {
    const { fetch, sent } = fakeFetch(
      { status: 200, body: { items: [], page: 1, pageSize: 20, total: 0 } },
      { status: 200, body: { status: 'ok', database: 'up' } },
    );
    const client = createPrizeClient({
      baseUrl: 'http://127.0.0.1:3000',
      operatorToken: 'op-secret',
      fetch,
    });

    await unwrap(client.GET('/api/v1/operator/claims', { params: { query: { page: 1 } } }));
    await unwrap(client.GET('/api/v1/health'));

    expect(sent[0]!.url).toBe('http://127.0.0.1:3000/api/v1/operator/claims?page=1');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer op-secret');
    expect(sent[1]!.headers.get('authorization')).toBeNull();
  });
});

describe('typed errors', () => {
  it('when the answer is a validation 400, then a PrizeValidationError names each property, nested ones by path', async () => {
    const { fetch } = fakeFetch({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: [
          {
            property: 'email',
            constraints: { format: 'Please enter a valid email address' },
            children: [],
          },
          {
            property: 'address',
            children: [
              {
                property: 'postCode',
                constraints: { pattern: 'Enter a real postcode' },
                children: [],
              },
            ],
          },
        ],
      },
    });
    const client = createPrizeClient({ baseUrl: 'http://127.0.0.1:3000', fetch });

    const failure = await unwrap(client.POST('/api/v1/claim', { body: { email: 'nope' } })).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(PrizeValidationError);
    expect(failure).toBeInstanceOf(PrizeApiError);
    const validation = failure as PrizeValidationError;
    expect(validation.status).toBe(400);
    expect(validation.fieldErrors).toEqual({
      email: ['Please enter a valid email address'],
      'address.postCode': ['Enter a real postcode'],
    });
    expect(validation.message).toBe('Invalid request: email, address.postCode');
  });

  it('when the answer is any other failure, then a PrizeApiError carries the general body and its message', async () => {
    const { fetch } = fakeFetch({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'This claim has already been submitted.',
      },
    });
    const client = createPrizeClient({ baseUrl: 'http://127.0.0.1:3000', fetch });

    const failure = await unwrap(
      client.PATCH('/api/v1/claim/{id}/verify', {
        params: { path: { id: 'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU' } },
      }),
    ).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(PrizeApiError);
    expect(failure).not.toBeInstanceOf(PrizeValidationError);
    expect((failure as PrizeApiError).status).toBe(409);
    expect((failure as PrizeApiError).body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This claim has already been submitted.',
    });
    expect((failure as PrizeApiError).message).toBe('This claim has already been submitted.');
  });

  it('when a failure has no JSON body, then a PrizeApiError still carries the status', async () => {
    const fetch = async (): Promise<Response> =>
      new Response('upstream down', { status: 502, statusText: 'Bad Gateway' });
    const client = createPrizeClient({ baseUrl: 'http://127.0.0.1:3000', fetch });

    const failure = await unwrap(client.GET('/api/v1/health')).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(PrizeApiError);
    expect((failure as PrizeApiError).status).toBe(502);
    expect((failure as PrizeApiError).body).toBeUndefined();
  });
});

describe('the upload helper', () => {
  it('when an image is uploaded, then it is one multipart body with type, fileName and the file part', async () => {
    const { fetch, sent } = fakeFetch({
      status: 201,
      body: { uuid: '0b8f1a52-1c3e-4f6a-9d2b-7e5c4a3b2d1f' },
    });
    const client = createPrizeClient({ baseUrl: 'http://127.0.0.1:3000', fetch });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

    const stored = await uploadClaimFile(client, 'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU', {
      type: 'ticketFront',
      file: new Blob([bytes], { type: 'image/png' }),
      fileName: 'front.png',
    });

    expect(stored.uuid).toBe('0b8f1a52-1c3e-4f6a-9d2b-7e5c4a3b2d1f');
    expect(sent[0]!.url).toBe(
      'http://127.0.0.1:3000/api/v1/claim/q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU/file',
    );
    expect(sent[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await sent[0]!.body.formData();
    expect([...form.keys()]).toEqual(['type', 'fileName', 'file']);
    expect(form.get('type')).toBe('ticketFront');
    expect(form.get('fileName')).toBe('front.png');
    const file = form.get('file') as File;
    expect(file.name).toBe('front.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });
});
