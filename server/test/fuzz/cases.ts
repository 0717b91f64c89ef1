import zlib from 'node:zlib';
import fc from 'fast-check';
import {
  badFieldMultipart,
  brokenMultipart,
  fileBytes,
  fileNameText,
  oddButValidMultipart,
  PNG,
  wellFramed,
} from './multipart.ts';
import {
  brokenJsonText,
  encodeText,
  hostilePathSegment,
  hugeString,
  invalidNumberFor,
  invalidStringFor,
  invalidUtf8,
  nastyString,
  odderJsonContentType,
  randomLinkToken,
  refusedJsonContentType,
  wrongTypeValue,
} from './mutations.ts';
import {
  arbitraryFor,
  codePoints,
  objectShape,
  resolveRef,
  type Contract,
  type Schema,
} from './schema-arbitrary.ts';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

/**
 * One generated request. Path and string bodies may hold `@@name@@` or `@@name|transform@@`
 * markers for values only known at run time (the tokens and ids of the prepared claims).
 */
export interface FuzzCase {
  op: string;
  /** 'mutated' breaks the contract on purpose; 'valid' follows it (and may be accepted). */
  intent: 'valid' | 'mutated';
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  chunked?: boolean;
}

interface Parameter {
  name: string;
  schema: Schema;
  required: boolean;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  /** Needs the operator's bearer token. */
  secured: boolean;
  /**
   * A back-office operation: it runs as the live staff session `staff.<session>` (its cookie, and
   * its CSRF token when `csrf`); `wrongRole` names a live session whose role may not call it.
   */
  staff?: { session: string; csrf: boolean; wrongRole?: string };
  /** Accepted calls change nothing stored, so they may share a checked batch with rejected ones. */
  readOnly: boolean;
  /**
   * Loqate's layout of the address proxy reads requests as Loqate does (unknown parameters
   * ignored, names in any case) and answers every problem as a 200 error entry (docs/adr/014):
   * a mutated request may be answered 200, in the Loqate shape.
   */
  answersInBody: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { mediaType: string; schema: Schema };
}

const LOQATE_LAYOUT = new Set(['loqateFindV11', 'loqateFindV110', 'loqateRetrieveV12']);
const READ_ONLY = new Set([
  'getHealth',
  'getLiveness',
  'getReadiness',
  'findAddress',
  'retrieveAddress',
  'listOperatorClaims',
  'getOperatorClaim',
  'checkDbgTicketNumber',
  ...LOQATE_LAYOUT,
]);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The live staff session each back-office operation runs as (api-fuzz.test.ts makes them); others run as an advisor. */
const STAFF_SESSION: Record<string, string> = {
  listStaff: 'admin',
  createStaff: 'admin',
  // Signing out ends the session: it has its own, so the other operations keep theirs.
  signOutStaff: 'signout',
};
/** A live session whose role the operation refuses (403). */
const STAFF_WRONG_ROLE: Record<string, string> = {
  listStaff: 'advisor',
  createStaff: 'advisor',
  changeStaffClaimStep: 'admin',
  createStaffInfoRequest: 'admin',
};

/** Every operation of the bundled contract, with its parameters and body schema resolved. */
export function operationsOf(contract: Contract): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(
    contract.paths as Record<string, Record<string, Schema>>,
  )) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [
        ...((item.parameters as unknown as unknown[]) ?? []),
        ...((operation.parameters as unknown[]) ?? []),
      ].map((node) => resolveRef(contract, node));
      const toParameter = (parameter: Schema): Parameter => ({
        name: parameter.name as string,
        schema: resolveRef(contract, parameter.schema),
        required: parameter.required === true,
      });
      const content = (resolveRef(contract, operation.requestBody ?? {}).content ?? {}) as Record<
        string,
        Schema
      >;
      const [mediaType, media] = Object.entries(content)[0] ?? [];
      const security = (operation.security ?? contract.security ?? []) as Array<
        Record<string, unknown>
      >;
      const id = operation.operationId as string;
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        secured: security.some((requirement) => 'operatorBearer' in requirement),
        // A staff session the operation may also go without (`- {}`: the session probe) is not
        // a credential a request can break.
        staff:
          security.some((requirement) => 'staffSession' in requirement) &&
          !security.some((requirement) => Object.keys(requirement).length === 0)
            ? {
                session: STAFF_SESSION[id] ?? 'advisor',
                csrf: security.some((requirement) => 'staffCsrf' in requirement),
                wrongRole: STAFF_WRONG_ROLE[id],
              }
            : undefined,
        readOnly: READ_ONLY.has(operation.operationId as string),
        answersInBody: LOQATE_LAYOUT.has(operation.operationId as string),
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map(toParameter),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map(toParameter),
        body:
          mediaType && media
            ? { mediaType, schema: resolveRef(contract, media.schema) }
            : undefined,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Run-time values: the claims the real journey prepared

export const CLAIM_TOKENS = ['claim.started', 'claim.verified', 'claim.ready', 'claim.submitted'];
export const INFO_TOKENS = ['info.open', 'info.superseded'];
const HASHIDS = ['hashid.withInfo', 'hashid.plain'];
const FILE_UUIDS = ['file.front', 'file.back', 'file.submitted'];
const TRANSFORMS = ['flip', 'trunc', 'extra', 'upper'];

const ref = (name: string, transform?: string): string =>
  `@@${name}${transform ? `|${transform}` : ''}@@`;

/** Live values for a path parameter, by its name in the contract. */
function liveValues(name: string): string[] {
  switch (name) {
    case 'id':
      return CLAIM_TOKENS;
    case 'infoRequestToken':
      return INFO_TOKENS;
    case 'claimHashid':
      return HASHIDS;
    case 'uuid':
      return FILE_UUIDS;
    default:
      return [];
  }
}

/** Live values of the other kinds: a token where another kind is expected. */
function otherKindValues(name: string): string[] {
  const all = [...CLAIM_TOKENS, ...INFO_TOKENS, ...HASHIDS, ...FILE_UUIDS, 'identity.ready'];
  const own = new Set(liveValues(name));
  return all.filter((value) => !own.has(value));
}

/** Live values for body properties, by name. */
function liveBodyValue(property: string): string[] {
  if (property === 'identityCheckUuid') return ['identity.ready'];
  if (/FileUuid$/.test(property)) return FILE_UUIDS;
  return [];
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const latin1Printable = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

/** Headers a client may add that change nothing: they go on valid requests. */
const harmlessHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    Accept: fc.constantFrom(
      '*/*',
      'application/json',
      'text/html',
      'image/*',
      'application/xml;q=0.9',
      '',
    ),
    'X-Forwarded-For': fc.ipV4().map((ip) => `${ip}, 10.0.0.1`),
    'User-Agent': latin1Printable,
    'Accept-Language': fc.constantFrom('en-GB', 'cy', '*', 'xx-INVALID;q=2'),
    Origin: fc.constantFrom('https://evil.example', 'null'),
  },
  { requiredKeys: [] },
);

function querySegment(pairs: Array<[string, string]>): string {
  return pairs.length
    ? `?${pairs.map(([key, value]) => `${encodeText(key)}=${encodeText(value)}`).join('&')}`
    : '';
}

function fillPath(template: string, segments: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => segments[name] ?? '');
}

function validPathSegment(operation: Operation, parameter: Parameter): fc.Arbitrary<string> {
  // A new info request supersedes the open one: accepted ones go to the claim that has none.
  const live = operation.id === 'createInfoRequest' ? ['hashid.plain'] : liveValues(parameter.name);
  const random = arbitraryFor({}, parameter.schema).map((value) => encodeText(String(value)));
  return live.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...live).map((name) => ref(name)) },
        { weight: 1, arbitrary: random },
      )
    : random;
}

function validQuery(operation: Operation): fc.Arbitrary<Array<[string, string]>> {
  if (!operation.queryParams.length) return fc.constant([]);
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of operation.queryParams) {
    const values = arbitraryFor({}, parameter.schema).map(String);
    // Free text (the address search) also gets the hostile strings that fit its length.
    const free =
      parameter.schema.type === 'string' && !parameter.schema.enum && !parameter.schema.pattern;
    const maxLength = (parameter.schema.maxLength as number | undefined) ?? Infinity;
    model[parameter.name] = free
      ? fc.oneof(
          values,
          nastyString.filter((text) => codePoints(text) <= maxLength),
        )
      : values;
  }
  return fc
    .record(model, {
      requiredKeys: operation.queryParams
        .filter((parameter) => parameter.required)
        .map((parameter) => parameter.name),
    })
    .map((record) => Object.entries(record));
}

/** A valid JSON body, with live ids in place of some uuids. */
function validJsonValue(contract: Contract, schema: Schema): fc.Arbitrary<unknown> {
  const shape = objectShape(contract, schema);
  const overrides: Record<string, fc.Arbitrary<string>> = {};
  for (const name of Object.keys(shape.properties)) {
    const live = liveBodyValue(name);
    if (live.length) overrides[name] = fc.constantFrom(...live).map((value) => ref(value));
  }
  return fc
    .tuple(arbitraryFor(contract, schema), fc.record(overrides, { requiredKeys: [] }), fc.boolean())
    .map(([value, live, useLive]) => {
      if (!useLive || typeof value !== 'object' || value === null || Array.isArray(value))
        return value;
      const result = { ...(value as Record<string, unknown>) };
      for (const [key, replacement] of Object.entries(live))
        if (key in result) result[key] = replacement;
      return result;
    });
}

/** Free-text properties (no pattern, format or enum): hostile text that still fits the contract. */
function withNastyFreeText(
  contract: Contract,
  schema: Schema,
  value: unknown,
): fc.Arbitrary<unknown> {
  const shape = objectShape(contract, schema);
  if (typeof value !== 'object' || value === null) return fc.constant(value);
  const free = Object.entries(shape.properties).filter(
    ([name, property]) =>
      name in (value as object) &&
      property.type === 'string' &&
      !property.pattern &&
      !property.format &&
      !property.enum,
  );
  if (!free.length) return fc.constant(value);
  return fc
    .constantFrom(...free)
    .chain(([name, property]) =>
      nastyString
        .filter(
          (text) =>
            codePoints(text) >= ((property.minLength as number) ?? 0) &&
            codePoints(text) <= ((property.maxLength as number) ?? Infinity),
        )
        .map((text) => ({ ...(value as Record<string, unknown>), [name]: text })),
    );
}

/** Breaks an object body against its schema; the result always violates the contract. */
function schemaMutation(
  contract: Contract,
  schema: Schema,
  value: Record<string, unknown>,
): fc.Arbitrary<{ label: string; json: unknown }> {
  const shape = objectShape(contract, schema);
  const present = Object.keys(value);
  const options: Array<fc.Arbitrary<{ label: string; json: unknown }>> = [
    fc
      .oneof(
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
        fc.string(),
        fc.integer(),
        fc.constant(null),
        fc.boolean(),
      )
      .map((json) => ({ label: 'not-an-object', json })),
  ];
  if (shape.required.length) {
    options.push(
      fc.constantFrom(...shape.required).map((name) => ({
        label: `missing:${name}`,
        json: Object.fromEntries(Object.entries(value).filter(([key]) => key !== name)),
      })),
    );
  }
  if (shape.closed) {
    const extraName = fc
      .oneof(
        nastyString,
        hugeString.map((text) => text.slice(0, 5000)),
        fc.constantFrom('constructor', 'prototype', 'toString', 'hasOwnProperty', 'EMAIL', 'Email'),
        fc.string({ minLength: 1, maxLength: 20 }),
      )
      .filter((name) => !(name in shape.properties));
    options.push(
      fc
        .tuple(extraName, fc.jsonValue({ maxDepth: 2 }))
        .map(([name, extra]) => ({ label: 'extra-field', json: { ...value, [name]: extra } })),
    );
  }
  const typed = present.filter((name) => shape.properties[name]);
  if (typed.length) {
    options.push(
      fc.constantFrom(...typed).chain((name) => {
        const property = shape.properties[name]!;
        const type =
          (property.type as string | undefined) ??
          (Array.isArray(property.enum) ? 'string' : undefined);
        return wrongTypeValue(type).map((wrong) => ({
          label: `wrong-type:${name}`,
          json: { ...value, [name]: wrong },
        }));
      }),
    );
    options.push(
      fc.constantFrom(...typed).map((name) => ({
        label: `deep-nesting:${name}`,
        json: { ...value, [name]: JSON.parse(`${'['.repeat(3000)}${']'.repeat(3000)}`) },
      })),
    );
  }
  const refusable = typed
    .map((name) => {
      const property = shape.properties[name]!;
      const invalid: fc.Arbitrary<unknown> | undefined =
        'const' in property
          ? fc.constant(property.const === true ? false : null)
          : property.type === 'string' || Array.isArray(property.enum)
            ? invalidStringFor(property)
            : property.type === 'integer' || property.type === 'number'
              ? invalidNumberFor(property)
              : property.type === 'array'
                ? arrayMutation(contract, property)
                : undefined;
      return invalid ? { name, invalid } : undefined;
    })
    .filter(
      (entry): entry is { name: string; invalid: fc.Arbitrary<unknown> } => entry !== undefined,
    );
  if (refusable.length) {
    options.push(
      fc.constantFrom(...refusable).chain(({ name, invalid }) =>
        invalid.map((bad) => ({
          label: `invalid-value:${name}`,
          json: { ...value, [name]: bad },
        })),
      ),
    );
  }
  return fc.oneof(...options);
}

function arrayMutation(contract: Contract, schema: Schema): fc.Arbitrary<unknown> {
  const items = resolveRef(contract, schema.items ?? {});
  const options: fc.Arbitrary<unknown>[] = [];
  if (typeof schema.minItems === 'number' && schema.minItems > 0) options.push(fc.constant([]));
  if (schema.uniqueItems) options.push(arbitraryFor(contract, items).map((item) => [item, item]));
  const badItem = Array.isArray(items.enum) ? invalidStringFor(items) : undefined;
  if (badItem) options.push(badItem.map((item) => [item]));
  options.push(wrongTypeValue(items.type as string | undefined).map((item) => [item]));
  if (Array.isArray(items.enum))
    options.push(
      fc.constant(
        Array.from({ length: 2000 }, (_, i) => `${String((items.enum as string[])[0])}${i}`),
      ),
    );
  return fc.oneof(...options);
}

function spliceInvalidUtf8(json: string, bytes: Buffer): Buffer {
  const at = /:\s*"/.exec(json);
  if (!at) return Buffer.concat([Buffer.from(json), bytes]);
  const index = at.index + at[0].length;
  return Buffer.concat([Buffer.from(json.slice(0, index)), bytes, Buffer.from(json.slice(index))]);
}

const badAuthorization: fc.Arbitrary<{ label: string; value?: string }> = fc.oneof(
  fc.constant({ label: 'auth:none' }),
  fc
    .constantFrom(
      'Bearer wrong-token',
      `bearer ${OPERATOR_TOKEN}`,
      `Bearer  ${OPERATOR_TOKEN}`,
      `Bearer ${OPERATOR_TOKEN}x`,
      `Bearer ${OPERATOR_TOKEN.slice(0, -1)}`,
      `Bearer ${OPERATOR_TOKEN.toUpperCase()}`,
      OPERATOR_TOKEN,
      `Basic ${Buffer.from(`operator:${OPERATOR_TOKEN}`).toString('base64')}`,
      'Bearer ',
      'Bearer',
      `Bearer ${'a'.repeat(600)}`,
      `Bearer ${OPERATOR_TOKEN}, Bearer ${OPERATOR_TOKEN}`,
      `Bearer\t${OPERATOR_TOKEN}`,
      `Bearer ${Buffer.from(`${OPERATOR_TOKEN}\u00e9`, 'utf8').toString('latin1')}`,
    )
    .map((value) => ({ label: 'auth:wrong', value })),
  latin1Printable.map((value) => ({ label: 'auth:random', value })),
  randomLinkToken.map((token) => ({ label: 'auth:random-bearer', value: `Bearer ${token}` })),
);

// ---------------------------------------------------------------------------------------------
// Cases of one operation

interface Base {
  segments: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
}

function baseOf(operation: Operation): fc.Arbitrary<Base> {
  const segments: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of operation.pathParams)
    segments[parameter.name] = validPathSegment(operation, parameter);
  return fc
    .record({ segments: fc.record(segments), query: validQuery(operation), extra: harmlessHeaders })
    .map(({ segments: values, query, extra }) => ({
      segments: values,
      query,
      headers: {
        ...extra,
        ...(operation.secured ? { Authorization: `Bearer ${OPERATOR_TOKEN}` } : {}),
        ...(operation.staff ? staffHeaders(operation.staff.session, operation.staff.csrf) : {}),
      },
    }));
}

/** The session cookie and CSRF token of the live staff session `staff.<session>`. */
function staffHeaders(session: string, csrf: boolean): Record<string, string> {
  return {
    Cookie: ref(`staff.${session}.cookie`),
    ...(csrf ? { 'X-CSRF-Token': ref(`staff.${session}.csrf`) } : {}),
  };
}

/** Staff credentials that must be refused: 401 without a live session, 403 without the CSRF token or for the wrong role. */
function badStaffCredentials(staff: NonNullable<Operation['staff']>): fc.Arbitrary<{
  label: string;
  apply: (headers: Record<string, string>) => Record<string, string>;
}> {
  const cookie = (label: string, value: string | undefined) => ({
    label,
    apply: (headers: Record<string, string>) => withHeader(headers, 'Cookie', value),
  });
  const options: Array<
    fc.Arbitrary<{
      label: string;
      apply: (headers: Record<string, string>) => Record<string, string>;
    }>
  > = [
    fc.constant(cookie('staff:no-cookie', undefined)),
    fc
      .constantFrom(...TRANSFORMS)
      .map((how) => cookie(`staff:cookie-${how}`, ref(`staff.${staff.session}.cookie`, how))),
    randomLinkToken.map((token) => cookie('staff:random-cookie', `staff_session=${token}`)),
    latin1Printable.map((value) => cookie('staff:garbage-cookie', value)),
  ];
  if (staff.csrf) {
    const csrf = (label: string, value: string | undefined) => ({
      label,
      apply: (headers: Record<string, string>) => withHeader(headers, 'X-CSRF-Token', value),
    });
    options.push(
      fc.constant(csrf('staff:no-csrf', undefined)),
      fc
        .constantFrom(...TRANSFORMS)
        .map((how) => csrf(`staff:csrf-${how}`, ref(`staff.${staff.session}.csrf`, how))),
      latin1Printable.map((value) => csrf('staff:garbage-csrf', value)),
      // Another live session's token: the token belongs to its session.
      fc.constant(
        csrf(
          'staff:other-session-csrf',
          ref(`staff.${staff.session === 'advisor' ? 'admin' : 'advisor'}.csrf`),
        ),
      ),
    );
  }
  if (staff.wrongRole) {
    const other = staff.wrongRole;
    options.push(
      fc.constant({
        label: 'staff:wrong-role',
        apply: (headers: Record<string, string>) => ({
          ...withHeader(headers, 'Cookie', undefined),
          ...staffHeaders(other, staff.csrf),
        }),
      }),
    );
  }
  return fc.oneof(...options);
}

function compose(
  operation: Operation,
  intent: FuzzCase['intent'],
  label: string,
  base: Base,
  body?: { contentType?: string; data: string | Buffer; encoding?: string; chunked?: boolean },
  method = operation.method,
): FuzzCase {
  const headers = { ...base.headers };
  if (body?.contentType !== undefined) headers['Content-Type'] = body.contentType;
  if (body?.encoding) headers['Content-Encoding'] = body.encoding;
  return {
    op: operation.id,
    intent,
    label,
    method,
    path: fillPath(operation.path, base.segments) + querySegment(base.query),
    headers,
    body: body?.data,
    chunked: body?.chunked,
  };
}

/** Requests that follow the contract: live and random ids, hostile free text, odd but allowed headers. */
function validCases(contract: Contract, operation: Operation): fc.Arbitrary<FuzzCase> {
  const base = baseOf(operation);
  const body = operation.body;
  if (!body) {
    return fc
      .tuple(
        base,
        fc.constantFrom(
          operation.method,
          operation.method,
          operation.method,
          operation.method === 'GET' ? 'HEAD' : operation.method,
        ),
      )
      .map(([b, method]) =>
        compose(
          operation,
          'valid',
          method === operation.method ? 'valid' : 'head',
          b,
          undefined,
          method,
        ),
      );
  }
  if (body.mediaType === 'multipart/form-data') {
    const shape = objectShape(contract, body.schema);
    const type = arbitraryFor(contract, shape.properties.type!).map(String);
    const fileName = fc
      .oneof(fc.constant('ticket.png'), fileNameText)
      .filter((name) => codePoints(name) >= 1 && codePoints(name) <= 255);
    const multipart = fc.oneof(
      {
        weight: 4,
        arbitrary: wellFramed({ type, fileName, file: fc.oneof(fileBytes, fc.constant(PNG)) }),
      },
      { weight: 1, arbitrary: oddButValidMultipart(type) },
    );
    return fc.tuple(base, multipart).map(([b, m]) =>
      compose(operation, 'valid', `multipart:${m.label}`, b, {
        contentType: m.contentType,
        data: m.body,
      }),
    );
  }
  const json = validJsonValue(contract, body.schema);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(base, json).map(([b, value]) =>
        compose(operation, 'valid', 'json', b, {
          contentType: 'application/json',
          data: JSON.stringify(value),
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          base,
          json.chain((value) => withNastyFreeText(contract, body.schema, value)),
        )
        .map(([b, value]) =>
          compose(operation, 'valid', 'json-hostile-text', b, {
            contentType: 'application/json',
            data: JSON.stringify(value),
          }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, json, invalidUtf8).map(([b, value, bytes]) =>
        compose(operation, 'valid', 'json-invalid-utf8', b, {
          contentType: 'application/json',
          data: spliceInvalidUtf8(JSON.stringify(value), bytes),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, json, odderJsonContentType).map(([b, value, type]) =>
        compose(operation, 'valid', 'odd-content-type', b, {
          contentType: type,
          data: JSON.stringify(value),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, json).map(([b, value]) =>
        compose(operation, 'valid', 'chunked', b, {
          contentType: 'application/json',
          data: Buffer.from(JSON.stringify(value)),
          chunked: true,
        }),
      ),
    },
    // JSON.parse keeps the last of repeated keys: an invalid first one is overridden.
    {
      weight: 1,
      arbitrary: fc.tuple(base, json).map(([b, value]) =>
        compose(operation, 'valid', 'duplicate-keys-valid-last', b, {
          contentType: 'application/json',
          data: duplicateKeys(JSON.stringify(value), 'first'),
        }),
      ),
    },
  );
}

/** Requests that break the contract in one place each. */
function mutatedCases(
  contract: Contract,
  operation: Operation,
  allMethodsOfPath: string[],
): fc.Arbitrary<FuzzCase> {
  const base = baseOf(operation);
  const body = operation.body;
  const validBody: fc.Arbitrary<{ contentType?: string; data: string | Buffer } | undefined> = !body
    ? fc.constant(undefined)
    : body.mediaType === 'multipart/form-data'
      ? wellFramed({
          type: arbitraryFor(contract, objectShape(contract, body.schema).properties.type!).map(
            String,
          ),
          fileName: fc.constant('ticket.png'),
          file: fc.constant(PNG),
        }).map((m) => ({ contentType: m.contentType, data: m.body }))
      : validJsonValue(contract, body.schema).map((value) => ({
          contentType: 'application/json',
          data: JSON.stringify(value),
        }));
  const families: Array<{ weight: number; arbitrary: fc.Arbitrary<FuzzCase> }> = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<FuzzCase>): void => {
    families.push({ weight, arbitrary });
  };

  if (operation.pathParams.length) {
    const parameter = fc.constantFrom(...operation.pathParams);
    const segment = parameter.chain((p) => {
      const live = liveValues(p.name);
      const others = otherKindValues(p.name);
      const options: fc.Arbitrary<{ name: string; value: string; label: string }>[] = [
        hostilePathSegment.map((value) => ({ name: p.name, value, label: 'path:hostile' })),
      ];
      // Hashids are upper case and uuids compare without case: 'upper' changes only link tokens.
      const transforms =
        p.name === 'id' || p.name === 'infoRequestToken'
          ? TRANSFORMS
          : TRANSFORMS.filter((transform) => transform !== 'upper');
      if (live.length)
        options.push(
          fc
            .tuple(fc.constantFrom(...live), fc.constantFrom(...transforms))
            .map(([name, transform]) => ({
              name: p.name,
              value: ref(name, transform),
              label: `path:${transform}`,
            })),
        );
      if (others.length && p.name !== 'uuid')
        options.push(
          fc
            .constantFrom(...others)
            .map((name) => ({ name: p.name, value: ref(name), label: 'path:other-kind' })),
        );
      if (p.name !== 'uuid' && p.name !== 'claimHashid')
        options.push(
          randomLinkToken.map((value) => ({ name: p.name, value, label: 'path:random-token' })),
        );
      return fc.oneof(...options);
    });
    add(
      4,
      fc
        .tuple(base, segment, validBody)
        .map(([b, s, vb]) =>
          compose(
            operation,
            'mutated',
            s.label,
            { ...b, segments: { ...b.segments, [s.name]: s.value } },
            vb,
          ),
        ),
    );
  }

  const known = new Set(operation.queryParams.map((parameter) => parameter.name));
  const unknownKey = fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 20 }),
      nastyString.filter((text) => text.length > 0),
      fc.constantFrom(
        'a[b]',
        'a[]',
        '__proto__',
        'constructor[prototype][x]',
        'text',
        'TEXT',
        'Page',
      ),
    )
    .filter((key) => !known.has(key) && !key.startsWith('['));
  add(
    2,
    fc
      .tuple(
        base,
        fc.array(fc.tuple(unknownKey, fc.oneof(fc.string({ maxLength: 20 }), nastyString)), {
          minLength: 1,
          maxLength: 4,
        }),
        validBody,
      )
      .map(([b, extra, vb]) =>
        compose(operation, 'mutated', 'query:unknown', { ...b, query: [...b.query, ...extra] }, vb),
      ),
  );
  if (operation.queryParams.length) {
    const invalid = fc.constantFrom(...operation.queryParams).chain((parameter) => {
      const schema = parameter.schema;
      const options: fc.Arbitrary<string[]>[] = [
        fc
          .tuple(arbitraryFor({}, schema).map(String), arbitraryFor({}, schema).map(String))
          .map(([a, c]) => [a, c]),
      ];
      const badString =
        schema.type === 'string' || schema.enum ? invalidStringFor(schema) : undefined;
      if (badString)
        options.push(badString.filter((text) => text.length < 4000).map((text) => [text]));
      if (schema.type === 'integer')
        options.push(
          fc
            .oneof(
              fc.constantFrom('abc', '1.5', '', '0', '-1', '1,2', 'NaN', 'Infinity'),
              nastyString.filter((text) => !/^\s*[0-9]/.test(text)),
            )
            .map((text) => [text]),
        );
      if (schema.maxLength !== undefined)
        options.push(fc.constant(['a'.repeat((schema.maxLength as number) + 1)]));
      return fc.oneof(...options).map((values) => ({ name: parameter.name, values }));
    });
    add(
      3,
      fc.tuple(base, invalid).map(([b, { name, values }]) =>
        compose(operation, 'mutated', `query:invalid:${name}`, {
          ...b,
          query: [
            ...b.query.filter(([key]) => key !== name),
            ...values.map((value): [string, string] => [name, value]),
          ],
        }),
      ),
    );
  }

  const wrongMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
    (method) => !allMethodsOfPath.includes(method),
  );
  add(
    1,
    fc
      .tuple(base, fc.constantFrom(...wrongMethods), validBody)
      .map(([b, method, vb]) => compose(operation, 'mutated', `method:${method}`, b, vb, method)),
  );

  if (operation.secured)
    add(
      3,
      fc
        .tuple(base, badAuthorization, validBody)
        .map(([b, auth, vb]) =>
          compose(
            operation,
            'mutated',
            auth.label,
            { ...b, headers: withHeader(b.headers, 'Authorization', auth.value) },
            vb,
          ),
        ),
    );

  const staff = operation.staff;
  if (staff)
    add(
      3,
      fc
        .tuple(base, badStaffCredentials(staff), validBody)
        .map(([b, credentials, vb]) =>
          compose(
            operation,
            'mutated',
            credentials.label,
            { ...b, headers: credentials.apply(b.headers) },
            vb,
          ),
        ),
    );

  // Any /api request with a media type the contract does not use is refused, with or without a body.
  add(
    body ? 2 : 1,
    fc
      .tuple(
        base,
        body
          ? refusedJsonContentType
          : refusedJsonContentType.filter(
              (type) => !/^\s*multipart\/form-data\s*;\s*boundary=[^;]+$/i.test(type),
            ),
        validBody,
        fc.string({ maxLength: 30 }),
      )
      .map(([b, type, vb, text]) =>
        compose(operation, 'mutated', 'content-type:refused', b, {
          contentType: type,
          data: vb?.data ?? text,
        }),
      ),
  );

  if (body && body.mediaType === 'application/json') {
    const json = validJsonValue(contract, body.schema);
    add(
      8,
      fc
        .tuple(
          base,
          json.chain((value) =>
            schemaMutation(contract, body.schema, value as Record<string, unknown>),
          ),
        )
        .map(([b, mutation]) =>
          compose(operation, 'mutated', `body:${mutation.label}`, b, {
            contentType: 'application/json',
            data: JSON.stringify(mutation.json),
          }),
        ),
    );
    add(
      3,
      fc.tuple(base, brokenJsonText).map(([b, text]) =>
        compose(operation, 'mutated', 'body:broken-json', b, {
          contentType: 'application/json',
          data: text,
        }),
      ),
    );
    // Number literals JSON.stringify cannot write: 1e400 parses to Infinity, which integer checks have been known to pass.
    const bounded = Object.entries(objectShape(contract, body.schema).properties).filter(
      ([, property]) =>
        (property.type === 'integer' || property.type === 'number') &&
        (property.minimum !== undefined || property.maximum !== undefined),
    );
    if (bounded.length) {
      add(
        1,
        fc
          .tuple(
            base,
            json,
            fc.constantFrom(...bounded.map(([name]) => name)),
            fc.constantFrom('1e400', '-1e400', '1e21', '-0', '5e-324', '50001.5', '1E+400'),
          )
          .map(([b, value, name, literal]) =>
            compose(operation, 'mutated', `body:number-literal:${name}`, b, {
              contentType: 'application/json',
              data: JSON.stringify({ ...(value as object), [name]: '@@@number@@@' }).replace(
                '"@@@number@@@"',
                literal,
              ),
            }),
          ),
      );
    }
    add(
      1,
      fc
        .tuple(base, json)
        .map(([b, value]) =>
          compose(operation, 'mutated', 'body:no-content-type', b, { data: JSON.stringify(value) }),
        ),
    );
    add(
      1,
      fc
        .tuple(
          base,
          json,
          fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown', 'gzip, gzip', 'compress'),
        )
        .map(([b, value, encoding]) =>
          compose(operation, 'mutated', `body:encoding-${encoding}`, b, {
            contentType: 'application/json',
            data: JSON.stringify(value),
            encoding,
          }),
        ),
    );
    add(
      1,
      fc.tuple(base, fc.constantFrom(200_000, 2_000_000)).map(([b, size]) =>
        compose(operation, 'mutated', 'body:gzip-bomb', b, {
          contentType: 'application/json',
          data: zlib.gzipSync(`{"a":"${' '.repeat(size)}"}`),
          encoding: 'gzip',
        }),
      ),
    );
    add(
      1,
      fc.tuple(base, json).map(([b, value]) =>
        compose(operation, 'mutated', 'body:duplicate-keys', b, {
          contentType: 'application/json',
          data: duplicateKeys(JSON.stringify(value), 'last'),
        }),
      ),
    );
    add(
      1,
      fc.tuple(base).map(([b]) =>
        compose(operation, 'mutated', 'body:empty', b, {
          contentType: 'application/json',
          data: '',
        }),
      ),
    );
  }

  if (body && body.mediaType === 'multipart/form-data') {
    const type = arbitraryFor(contract, objectShape(contract, body.schema).properties.type!).map(
      String,
    );
    const unknownType = fc.oneof(
      invalidStringFor(objectShape(contract, body.schema).properties.type!)!,
      hugeString.map((text) => text.slice(0, 900)),
    );
    add(
      8,
      fc.tuple(base, brokenMultipart(type)).map(([b, m]) =>
        compose(operation, 'mutated', `multipart:${m.label}`, b, {
          contentType: m.contentType,
          data: m.body,
        }),
      ),
    );
    add(
      4,
      fc.tuple(base, badFieldMultipart(type, unknownType)).map(([b, m]) =>
        compose(operation, 'mutated', `multipart:${m.label}`, b, {
          contentType: m.contentType,
          data: m.body,
        }),
      ),
    );
    add(
      1,
      fc.tuple(base, type).map(([b, t]) =>
        compose(operation, 'mutated', 'multipart:json-instead', b, {
          contentType: 'application/json',
          data: JSON.stringify({ type: t, fileName: 'a.png', file: 'iVBORw0KGgo=' }),
        }),
      ),
    );
    add(
      1,
      fc.tuple(base, type).map(([b, t]) =>
        compose(operation, 'mutated', 'multipart:urlencoded', b, {
          contentType: 'application/x-www-form-urlencoded',
          data: `type=${t}&fileName=a.png&file=x`,
        }),
      ),
    );
  }
  return fc.oneof(...families);
}

function withHeader(
  headers: Record<string, string>,
  name: string,
  value: string | undefined,
): Record<string, string> {
  const copy = { ...headers };
  delete copy[name];
  if (value !== undefined) copy[name] = value;
  return copy;
}

/** Repeats the first property: with an invalid value last (JSON.parse keeps the last) or first. */
function duplicateKeys(json: string, which: 'last' | 'first'): string {
  const match = /^\{"((?:[^"\\]|\\.)*)":/.exec(json);
  if (!match) return `{"a":1,"a":2,${json.slice(1)}`;
  const invalid = `"${match[1]}":{"nested":[1,2,3]}`;
  return which === 'last' ? `${json.slice(0, -1)},${invalid}}` : `{${invalid},${json.slice(1)}`;
}

/** Paths outside the contract under /api: unknown, partial, differently spelt, doubled slashes. */
export function unknownPathCases(): fc.Arbitrary<FuzzCase> {
  const path = fc.oneof(
    fc.constantFrom(
      '/api',
      '/api/',
      '/api/v1',
      '/api/v1/',
      '/api/v2/claim',
      '/api/v1/claims',
      '/api/v1/claim/check',
      '/api/v1/claim/info-request',
      '/api/v1/operator',
      '/api/v1/operator/',
      '/api/v1/operator/files',
      '/api/address',
      '/api/address/find/extra',
      '/api/v1/CLAIM',
      '/api/v1//claim',
      '/api/v1/claim/%2e%2e/operator/claims',
      '/api/v1/health/..',
      '/api/v1/health%00',
      '/api/v1/health;x=1',
      '/api/%',
      '/api/v1/claim/x/y/z/w',
    ),
    fc
      .array(hostilePathSegment, { minLength: 1, maxLength: 4 })
      .map((segments) => `/api/v1/${segments.join('/')}`),
  );
  return fc
    .tuple(
      path,
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      fc.boolean(),
      fc.oneof(fc.constant(undefined), fc.string({ maxLength: 40 })),
    )
    .map(([p, method, operator, body]) => ({
      op: 'unknown-path',
      intent: 'mutated' as const,
      label: 'path:unknown',
      method,
      path: p,
      headers: {
        ...(operator ? { Authorization: `Bearer ${OPERATOR_TOKEN}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body,
    }));
}

/**
 * Spellings of the same path: Express matches routes ignoring case and a trailing slash, so the
 * contract's checks must hold on '/API/v1/...' exactly as on '/api/v1/...'.
 */
const PATH_VARIANTS: Record<string, (path: string) => string> = {
  'upper-prefix': (path) => path.replace(/^\/api/, '/API'),
  'mixed-prefix': (path) => path.replace(/^\/api/, '/Api'),
  'upper-version': (path) => path.replace('/v1/', '/V1/'),
  // Live-value markers keep their spelling: they are replaced at run time.
  'upper-path': (path) =>
    path
      .split(/(@@[^@]+@@)/)
      .map((part) => (part.startsWith('@@') ? part : part.toUpperCase()))
      .join(''),
  'trailing-slash': (path) => `${path}/`,
  'double-slash': (path) => path.replace(/^\/api\//, '/api//'),
};

function withPathVariants(cases: fc.Arbitrary<FuzzCase>): fc.Arbitrary<FuzzCase> {
  const variant = fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.keys(PATH_VARIANTS)) },
  );
  return fc.tuple(cases, variant).map(([fuzzCase, name]) => {
    if (!name) return fuzzCase;
    const [path = '', query] = fuzzCase.path.split(/\?(.*)/s);
    const spelt = PATH_VARIANTS[name]!(path);
    return {
      ...fuzzCase,
      label: `${fuzzCase.label}+${name}`,
      path: query === undefined ? spelt : `${spelt}?${query}`,
    };
  });
}

/** The generators of one operation: what the contract allows, and what it refuses. */
export function operationGenerators(
  contract: Contract,
  operation: Operation,
  all: Operation[],
): { valid: fc.Arbitrary<FuzzCase>; mutated: fc.Arbitrary<FuzzCase> } {
  const methodsOfPath = all
    .filter((other) => other.path === operation.path)
    .map((other) => other.method);
  return {
    valid: withPathVariants(validCases(contract, operation)),
    mutated: withPathVariants(mutatedCases(contract, operation, methodsOfPath)),
  };
}
