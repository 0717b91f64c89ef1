import http from 'node:http';
import pg from 'pg';

/** One HTTP request as sent on the wire (headers and body already final). */
export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
}

export interface WireAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
  /** Set when no answer came: the socket failed or timed out. */
  transportError?: string;
}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** A keep-alive client on node:http: raw bodies, any header values node lets through, no retries. */
export function httpClient(baseUrl: string, maxSockets: number) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 1000 });
  const send = (wire: WireRequest, timeoutMs = 15_000): Promise<WireAnswer> =>
    new Promise((resolve) => {
      let settled = false;
      const finish = (answer: WireAnswer): void => {
        if (!settled) {
          settled = true;
          resolve(answer);
        }
      };
      const headers: Record<string, string> = { ...wire.headers };
      if (wire.body && !wire.chunked) headers['Content-Length'] = String(wire.body.length);
      let req: http.ClientRequest;
      try {
        req = http.request({
          host: base.hostname,
          port: base.port,
          method: wire.method,
          path: wire.path,
          headers,
          agent,
          timeout: timeoutMs,
        });
      } catch (error) {
        // Node refused to put this on the wire (a header it will not encode): not the server's doing.
        finish({
          status: 0,
          headers: {},
          text: '',
          json: undefined,
          transportError: `client refused: ${(error as Error).message}`,
        });
        return;
      }
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          finish({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', (error) =>
          finish({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: '',
            json: undefined,
            transportError: error.message,
          }),
        );
      });
      req.on('timeout', () => {
        req.destroy(new Error(`no answer within ${timeoutMs} ms`));
      });
      req.on('error', (error) =>
        finish({
          status: 0,
          headers: {},
          text: '',
          json: undefined,
          transportError: error.message,
        }),
      );
      if (wire.body && wire.chunked) {
        const half = Math.floor(wire.body.length / 2);
        req.write(wire.body.subarray(0, half));
        req.end(wire.body.subarray(half));
      } else {
        req.end(wire.body);
      }
    });
  return { send, close: () => agent.destroy() };
}

/** Runs `work` over `items` with at most `concurrency` in flight, keeping their order in the results. */
export async function pooled<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    for (let index = next++; index < items.length; index = next++)
      results[index] = await work(items[index]!, index);
  });
  await Promise.all(runners);
  return results;
}

// ---------------------------------------------------------------------------------------------
// Answer shapes (openapi/components/schemas/GeneralError.yaml and ValidationError.yaml)

function validationItemProblem(item: unknown, where: string): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    return `${where} is not an object`;
  const { property, constraints, children } = item as Record<string, unknown>;
  if (typeof property !== 'string') return `${where}.property is not a string`;
  if (typeof constraints !== 'object' || constraints === null || Array.isArray(constraints))
    return `${where}.constraints is not an object`;
  for (const [rule, message] of Object.entries(constraints))
    if (typeof message !== 'string') return `${where}.constraints.${rule} is not a string`;
  if (!Array.isArray(children)) return `${where}.children is not an array`;
  for (const [index, child] of children.entries()) {
    const problem = validationItemProblem(child, `${where}.children[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Why an error answer is not in the contract's error shapes, or undefined when it is: the general shape
 * { statusCode, message: string, error?: string } or, for 400, the validation shape
 * { statusCode: 400, message: [{ property, constraints, children }] }; statusCode is the HTTP status.
 */
export function errorShapeProblem(status: number, answer: WireAnswer): string | undefined {
  const type = String(answer.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) return `content-type is '${type}', not JSON`;
  const body = answer.json;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the body is not a JSON object';
  const { statusCode, message, error } = body as Record<string, unknown>;
  if (statusCode !== status)
    return `statusCode ${JSON.stringify(statusCode)} is not the HTTP status ${status}`;
  if (error !== undefined && typeof error !== 'string') return 'error is not a string';
  // A 409 may say where the claim is now (the contract's StepConflictError, a GeneralError plus these).
  const allowed = new Set([
    'statusCode',
    'message',
    'error',
    ...(status === 409 ? ['currentStep', 'movedBy', 'movedAt', 'allowedTransitions'] : []),
  ]);
  const extra = Object.keys(body).filter((key) => !allowed.has(key));
  if (extra.length) return `unexpected properties ${extra.join(', ')}`;
  if (typeof message === 'string') return undefined;
  if (Array.isArray(message)) {
    if (status !== 400) return 'a validation list on a status other than 400';
    if (message.length === 0) return 'an empty validation list';
    for (const [index, item] of message.entries()) {
      const problem = validationItemProblem(item, `message[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  return 'message is neither a string nor a validation list';
}

// ---------------------------------------------------------------------------------------------
// The stored state

/** The claim-related tables, each read in a stable order. */
const TABLES: Array<{ name: string; columns: string; order: string }> = [
  { name: 'claim', columns: 't', order: 't.id' },
  { name: 'identity_check', columns: 't', order: 't.id' },
  // Accepted uploads are re-encoded in the background, which rewrites their key, type, size and
  // hash (and sanitized_at): the columns a request writes are compared.
  {
    name: 'uploaded_file',
    columns: '(t.id, t.claim_id, t.info_request_id, t.type, t.original_name, t.created_at)',
    order: 't.id',
  },
  { name: 'info_request', columns: 't', order: 't.id' },
  // The e-mail worker updates rows on its own (attempts, sent_at, and it blanks the content once
  // sent): a request can only add rows, so the rows' identity is what is compared.
  { name: 'email_outbox', columns: '(t.id, t.kind, t.created_at)', order: 't.id' },
  { name: 'audit_event', columns: 't', order: 't.id' },
];

export type Fingerprint = Record<string, string>;

export function fingerprintQuery(): string {
  const parts = TABLES.map(
    ({ name, columns, order }) =>
      `(select md5(coalesce(string_agg(${columns}::text, ',' order by ${order}), '')) || ':' || count(*) from ${name} t) as ${name}`,
  );
  return `select ${parts.join(', ')}`;
}

export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}

/** The database the fuzz server owns: a fresh one in the run's PostgreSQL, so no other test file's writes show. */
export async function isolatedDatabase(
  sharedUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `claims_fuzz_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: sharedUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(sharedUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: sharedUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** What changed in one table between two snapshots: rows added or removed, and the columns that differ. */
export function rowChanges(
  before: Map<string, Record<string, unknown>>,
  after: Map<string, Record<string, unknown>>,
): string[] {
  const changes: string[] = [];
  for (const [id, row] of after) {
    const old = before.get(id);
    if (!old) changes.push(`row ${id} inserted`);
    else {
      const columns = Object.keys(row).filter(
        (column) => JSON.stringify(row[column]) !== JSON.stringify(old[column]),
      );
      if (columns.length)
        changes.push(
          `row ${id}: ${columns.map((column) => `${column} ${JSON.stringify(old[column])} -> ${JSON.stringify(row[column])}`).join(', ')}`,
        );
    }
  }
  for (const id of before.keys()) if (!after.has(id)) changes.push(`row ${id} deleted`);
  return changes;
}

/** Reads fingerprints and rows of the claim-related tables. */
export function stateReader(pool: pg.Pool) {
  const query = fingerprintQuery();
  const fingerprint = async (): Promise<Fingerprint> =>
    (await pool.query(query)).rows[0] as Fingerprint;
  return {
    fingerprint,
    /** Every row of a claim-related table, by id. */
    async rows(table: string): Promise<Map<string, Record<string, unknown>>> {
      if (!TABLES.some((known) => known.name === table)) throw new Error(`unknown table ${table}`);
      const result = await pool.query<{ id: string; row: Record<string, unknown> }>(
        `select t.id::text as id, to_jsonb(t) as row from ${table} t`,
      );
      return new Map(result.rows.map(({ id, row }) => [id, row]));
    },
    /** The fingerprint once two reads 40 ms apart agree (after accepted requests, their writes have landed). */
    async settle(timeoutMs = 30_000): Promise<Fingerprint> {
      const deadline = Date.now() + timeoutMs;
      let previous = await fingerprint();
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        const current = await fingerprint();
        if (changedTables(previous, current).length === 0) return current;
        if (Date.now() > deadline)
          throw new Error(`the stored state did not settle within ${timeoutMs} ms`);
        previous = current;
      }
    },
  };
}
