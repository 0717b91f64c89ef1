import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALIDATION_PROBLEMS, toValidationItems } from '../../src/http/error-handler.ts';
import type { ValidationItem } from '../../src/http/errors.ts';
import { personalDetails } from '../support/journey.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue 21, point 1: a body built to fail validation thousands of times costs little and gets a
 * short answer. The server runs in this process, so the CPU time measured is its (and the
 * client's) for the one request.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'warn' });
});
afterAll(() => server.close());

const TOKEN = 'A'.repeat(43);
const ANSWER_LIMIT = 8 * 1024;
const CPU_LIMIT_MS = 50;

/** `prefix` + as many `item`s as fit in `bytes` + `suffix`. */
function filled(
  bytes: number,
  prefix: string,
  item: (n: number) => string,
  suffix: string,
): string {
  const parts: string[] = [];
  let size = prefix.length + suffix.length;
  for (let n = 0; size + item(n).length + 1 <= bytes; n++) {
    parts.push(item(n));
    size += item(n).length + 1;
  }
  return `${prefix}${parts.join(',')}${suffix}`;
}

async function post(
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) {
  const started = process.cpuUsage();
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const answer = await res.text();
  const cpu = process.cpuUsage(started);
  return { status: res.status, answer, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const countItems = (items: ValidationItem[]): number =>
  items.reduce((sum, item) => sum + 1 + countItems(item.children), 0);

describe('hostile request bodies', () => {
  // The first request of an operation compiles its validator: not what is measured.
  beforeAll(async () => {
    await post(`/api/v1/claim/info-request/${TOKEN}`, '{"sectionTypeList":["x"]}');
    await post('/api/v1/claim', '{"p":1}');
  });

  it('when a 64 kB body of thousands of list items comes, then it is refused at once as too large', async () => {
    const { status, answer, cpuMs } = await post(
      `/api/v1/claim/info-request/${TOKEN}`,
      filled(64 * 1024, '{"sectionTypeList":[', (n) => `"${n.toString(36)}"`, ']}'),
    );
    expect(status).toBe(413);
    expect(answer.length).toBeLessThan(ANSWER_LIMIT);
    expect(cpuMs).toBeLessThan(CPU_LIMIT_MS);
  });

  it('when a body just under the limit holds a thousand invalid list items, then the answer names a few dozen problems', async () => {
    const { status, answer, cpuMs } = await post(
      `/api/v1/claim/info-request/${TOKEN}`,
      filled(8 * 1024 - 64, '{"sectionTypeList":[', (n) => `"${n.toString(36)}"`, ']}'),
    );
    expect(status).toBe(400);
    expect(answer.length).toBeLessThan(ANSWER_LIMIT);
    const { message } = JSON.parse(answer) as { message: ValidationItem[] };
    expect(countItems(message)).toBeLessThanOrEqual(MAX_VALIDATION_PROBLEMS);
    expect(message[0]).toMatchObject({
      property: 'sectionTypeList',
      constraints: { maxItems: expect.any(String) },
    });
    expect(cpuMs).toBeLessThan(CPU_LIMIT_MS);
  });

  it('when the claim start carries a thousand unknown properties, then the answer stays short', async () => {
    const { status, answer, cpuMs } = await post(
      '/api/v1/claim',
      filled(8 * 1024 - 64, '{"email":"a@example.com",', (n) => `"p${n}":1`, '}'),
    );
    expect(status).toBe(400);
    expect(answer.length).toBeLessThan(ANSWER_LIMIT);
    expect(
      countItems((JSON.parse(answer) as { message: ValidationItem[] }).message),
    ).toBeLessThanOrEqual(MAX_VALIDATION_PROBLEMS);
    expect(cpuMs).toBeLessThan(CPU_LIMIT_MS);
  });

  it('when six sections are asked for, then sectionTypeList is refused for having too many items', async () => {
    const six = [
      'PERSONAL_DETAILS',
      'ID_DOCUMENTS',
      'DBG_PINK_IMAGES',
      'DBG_WHITE_IMAGES',
      'SC_IMAGES',
      'SC_IMAGES',
    ];
    const { status, answer } = await post(
      `/api/v1/claim/info-request/${TOKEN}`,
      JSON.stringify({ sectionTypeList: six }),
    );
    expect(status).toBe(400);
    expect(JSON.parse(answer).message[0]).toMatchObject({
      property: 'sectionTypeList',
      constraints: { maxItems: expect.any(String) },
    });
  });

  it('when a JSON body is compressed, then 415 without inflating it', async () => {
    const { status, answer } = await post(
      '/api/v1/claim',
      new Uint8Array(gzipSync(JSON.stringify({ email: 'a@example.com' }))),
      { 'content-encoding': 'gzip' },
    );
    expect(status).toBe(415);
    expect(JSON.parse(answer)).toEqual({
      statusCode: 415,
      message: 'Compressed request bodies are not accepted',
      error: 'Unsupported Media Type',
    });
  });

  it('when the largest real body comes (every text at its maximum length, every character escaped), then it fits the limit', async () => {
    const longest = personalDetails({
      firstName: 'ł'.repeat(30),
      lastName: 'ł'.repeat(30),
      addressLine1: 'ł'.repeat(100),
      addressLine2: 'ł'.repeat(100),
      town: 'ł'.repeat(50),
      county: 'ł'.repeat(30),
      phoneNumber: '1'.repeat(15),
    });
    const escape = (text: string) =>
      `"${[...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;
    const body = `{${Object.entries(longest)
      .map(
        ([key, value]) =>
          `${escape(key)}:${typeof value === 'string' ? escape(value) : JSON.stringify(value)}`,
      )
      .join(',')}}`;
    expect(body.length).toBeGreaterThan(2500);
    const { status } = await post(`/api/v1/claim/${TOKEN}/identity`, body);
    // Valid and within the limit: it reaches the link check, which knows no such claim.
    expect(status).toBe(404);
  });
});

describe('grouping the validator errors', () => {
  it('when 20,000 properties fail, then at most the cap of items is named, every one distinct', () => {
    const errors = Array.from({ length: 20_000 }, (_, n) => ({
      path: `/body/list/${n}`,
      message: 'must be equal to one of the allowed values',
      errorCode: 'enum.openapi.validation',
    }));
    errors.push({
      path: '/body/list',
      message: 'must NOT have more than 5 items',
      errorCode: 'maxItems.openapi.validation',
    });
    const items = toValidationItems(errors, undefined);
    expect(countItems(items)).toBe(MAX_VALIDATION_PROBLEMS);
    expect(items).toHaveLength(1);
    // An error on an item already named still counts after the cap is reached.
    expect(items[0]!.constraints).toEqual({ maxItems: 'list must NOT have more than 5 items' });
    expect(new Set(items[0]!.children.map((child) => child.property)).size).toBe(
      MAX_VALIDATION_PROBLEMS - 1,
    );
  });
});
