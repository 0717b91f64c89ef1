import fc from 'fast-check';
import { codePoints, type Schema } from './schema-arbitrary.ts';

/** Hostile text: NUL, lone surrogates, bidi controls, combining marks, injection-shaped and odd whitespace. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    'x\ud83dy',
    '\udc00\ud800',
    '\u202Egnp.exe',
    '\u200F\u200E\u061C',
    '\u2066\u2067\u2069',
    '\uFEFF',
    '\u2028\u2029',
    '\u0085',
    '\uFFFD\uFFFE\uFFFF',
    'e\u0301\u0301\u0301\u0301',
    'Z\u0324\u0354\u0367\u0311\u0313a\u0356\u036d\u0308\u0307',
    '\u{1F600}\u{1F44D}\u{1F3FD}\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
    '\u{1D54F}\u{10FFFF}',
    '\u0645\u0631\u062d\u0628\u0627',
    '\u05e9\u05dc\u05d5\u05dd',
    '\u4f60\u597d',
    '\u0130\u0131\u00df\u01c5',
    '\\',
    '"',
    "'; drop table claim; --",
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '../../../../etc/passwd',
    '%00%ff%c0%af',
    '%s%n%x',
    'NaN',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    ' ',
    '',
    '\t\n\r\v\f',
    '\u00a0\u2000\u3000',
  ),
  // Any code points, and raw UTF-16 units (lone surrogates included).
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 20,
  }),
);

/** Strings far past every limit of the contract; some past the 64 KB JSON body limit too. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a', '\u00e9', '\u0000', '\u{1F600}', '\ud800', '\u202E', '9', ' '),
    fc.constantFrom(256, 1_000, 10_000, 40_000, 80_000),
  )
  .map(([unit, count]) => unit.repeat(count));

/** A JSON value of a type other than `type`. */
export function wrongTypeValue(type: string | undefined): fc.Arbitrary<unknown> {
  const byType: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.oneof(fc.string({ maxLength: 8 }), nastyString),
    integer: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 53, -(2 ** 53))),
    number: fc.constantFrom(1.5, -0.0001, 1e308, -1e308, 5e-324),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 3,
    }),
  };
  // 'integer' and 'number' are one JSON type; 1.5 is still a wrong type for an integer.
  const others = Object.keys(byType).filter(
    (other) => other !== type && !(type === 'number' && other === 'integer'),
  );
  return fc.constantFrom(...others).chain((other) => byType[other]!);
}

/** A string the property's own constraints refuse (enum, pattern, format, length). */
export function invalidStringFor(schema: Schema): fc.Arbitrary<string> | undefined {
  const options: fc.Arbitrary<string>[] = [];
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as string[];
    options.push(
      fc
        .oneof(
          fc
            .constantFrom(...values)
            .map((value) =>
              value.toLowerCase() === value ? value.toUpperCase() : value.toLowerCase(),
            ),
          fc.constantFrom(...values).map((value) => `${value} `),
          fc.constantFrom(...values).map((value) => `${value}\u0000`),
          fc
            .constantFrom(...values)
            .map((value) =>
              value.replace(/[aeo]/, (c) => ({ a: '\u0430', e: '\u0435', o: '\u043e' })[c]!),
            ),
          fc.constantFrom('UNKNOWN', 'other', '0', '', 'null', '*'),
          nastyString,
        )
        .filter((value) => !values.includes(value)),
    );
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    options.push(
      fc
        .oneof(nastyString, fc.string({ maxLength: 20 }), hugeString)
        .filter((value) => !pattern.test(value)),
    );
  }
  if (schema.format === 'uuid') {
    options.push(
      fc.constantFrom(
        '00000000-0000-0000-0000-00000000000g',
        '123',
        'ffffffff-ffff-ffff-ffff-ffffffffffff0',
        '{00000000-0000-0000-0000-000000000000}',
        '00000000000000000000000000000000',
        ' 3fa85f64-5717-4562-b3fc-2c963f66afa6',
      ),
    );
  }
  if (schema.format === 'email') {
    options.push(
      fc.constantFrom(
        'not-an-email',
        '@example.com',
        'a@',
        'a@b',
        'a b@example.com',
        'a@@example.com',
        'a@example.com\u0000',
        `${'a'.repeat(95)}@example.com`,
        'a@-example.com',
        '"quoted"@[127.0.0.1]',
      ),
    );
  }
  if (schema.format === 'date') {
    options.push(
      fc.constantFrom(
        '2023-02-30',
        '2023-13-01',
        '0000-00-00',
        '1999-1-1',
        '19990101',
        '99999-01-01',
        '2023-02-29',
        '2020-02-30T00:00:00Z',
        '01/02/1999',
        'today',
      ),
    );
  }
  if (typeof schema.maxLength === 'number') {
    const max = schema.maxLength;
    options.push(fc.constantFrom('9', 'a', '\u{1F600}').map((unit) => unit.repeat(max + 1)));
    options.push(hugeString.filter((value) => codePoints(value) > max));
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    const min = schema.minLength;
    options.push(
      fc.constantFrom('', 'a', '1', '\u{1F600}').map((unit) => unit.repeat(Math.max(0, min - 1))),
    );
  }
  return options.length ? fc.oneof(...options) : undefined;
}

/** A number the property's bounds refuse, or a fraction for an integer. */
export function invalidNumberFor(schema: Schema): fc.Arbitrary<number> | undefined {
  const options: number[] = [];
  if (typeof schema.minimum === 'number')
    options.push(schema.minimum - 1, schema.minimum - 0.5, -1e308);
  if (typeof schema.maximum === 'number')
    options.push(schema.maximum + 1, 1e308, Number.MAX_SAFE_INTEGER + 2);
  if (schema.type === 'integer') options.push(1.5, 50001.0001, 2 ** 70);
  return options.length ? fc.constantFrom(...options) : undefined;
}

/** JSON text that does not parse, or parses to something that is not the body. */
export const brokenJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"',
    '{"email":',
    '{"email":"a@b.co"',
    '{"email":"a@b.co"}}',
    "{'email':'a@b.co'}",
    '{email:"a@b.co"}',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '{"a":1,}',
    '[1,2,]',
    '{"a":01}',
    '{"a":0x10}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '{"a":"\u0001"}',
    '/* c */ {}',
    '{} // c',
    '\uFEFF{}',
    'null',
    'true',
    '42',
    '"string"',
    '{"a":1e999999}',
    '{"a":-1e999999}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ),
  fc.constantFrom(1_000, 5_000, 40_000).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.constantFrom(1_000, 20_000).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(1_000, 40_000).map((depth) => '['.repeat(depth)),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Bytes that are not valid UTF-8, to splice into a JSON string. */
export const invalidUtf8: fc.Arbitrary<Buffer> = fc.constantFrom(
  Buffer.from([0xff]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0x00]),
  Buffer.from([0xfe, 0xfe, 0xff, 0xff]),
);

/** Content-Type values the contract does not use for a JSON operation: all must be refused. */
export const refusedJsonContentType: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'text/plain',
    'text/json',
    'application/x-www-form-urlencoded',
    'application/xml',
    'application/jsonx',
    'application/json-patch+json',
    'application/vnd.api+json',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/json; charset=utf-8; v=1',
    'application/json; boundary=x',
    'application/json, text/plain',
    'multipart/form-data; boundary=xyz',
    'multipart/mixed; boundary=xyz',
    '*/*',
    'application/*',
    ';',
    '=',
    'json',
    'application/json;charset',
  ),
  fc
    .string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 80,
    })
    .filter((value) => !/^\s*application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i.test(value)),
  fc.integer({ min: 0, max: 1_000_000 }).map((n) => `application/json; x-${n}=${n}`),
);

/** Content-Type values the guard may accept: case, spacing and quoting of the one allowed charset. */
export const odderJsonContentType: fc.Arbitrary<string> = fc.constantFrom(
  'APPLICATION/JSON',
  'Application/Json; Charset=UTF-8',
  'application/json;charset="utf-8"',
  'application/json ; charset = utf-8',
  'application/json;',
);

/** Valid-looking link tokens (43 base64url characters, as the server issues) that name nothing. */
export const randomLinkToken: fc.Arbitrary<string> = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);

/** Bytes for a path segment: each byte percent-encoded, so any byte (and invalid UTF-8) reaches the router. */
export function encodeSegmentBytes(bytes: Uint8Array): string {
  return [...bytes]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

/** Percent-encodes text as UTF-8; lone surrogates become the bytes a lax encoder would write (WTF-8). */
export function encodeText(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return encodeSegmentBytes(Uint8Array.from(bytes));
}

/** Path segments that cannot be a live token: random, near misses, traversal, odd bytes. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  randomLinkToken,
  fc.stringMatching(/^[A-Za-z0-9_-]{1,21}$/),
  fc.stringMatching(/^[A-Za-z0-9_-]{129,200}$/),
  nastyString.filter((text) => text.length > 0).map(encodeText),
  fc.uint8Array({ minLength: 1, maxLength: 48 }).map(encodeSegmentBytes),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%2F',
    '%5C',
    '%00',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%C0%AE%C0%AE',
    'null',
    'undefined',
    '0',
    '-1',
    ';',
    ',',
    "'",
    '%27%20OR%201%3D1--',
    '*',
    'a'.repeat(3000),
  ),
);
