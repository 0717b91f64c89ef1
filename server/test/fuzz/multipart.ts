import fc from 'fast-check';
import { hugeString, nastyString } from './mutations.ts';

/** A 1x1 PNG (the journey's fixture). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer;
  /** Raw header lines replacing the generated ones (malformed part headers). */
  rawHeaders?: readonly string[];
}

export interface MultipartBody {
  contentType: string;
  body: Buffer;
  /** Label of the damage done, for the report. */
  label: string;
}

/** The Content-Type of a body framed by `boundary`: quoted when it holds RFC 2045 tspecials ('=', '?', ':', ...). */
export const multipartType = (boundary: string): string =>
  `multipart/form-data; boundary=${/^[A-Za-z0-9_+.'-]+$/.test(boundary) ? boundary : `"${boundary}"`}`;

const quote = (text: string): string => text.replace(/"/g, '%22').replace(/\r|\n/g, ' ');

/** Encodes parts as multipart/form-data with CRLF framing. */
export function encodeParts(
  boundary: string,
  parts: Part[],
  options: { closing?: boolean; newline?: string } = {},
): Buffer {
  const nl = options.newline ?? '\r\n';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers = part.rawHeaders ?? [
      `Content-Disposition: form-data; name="${quote(part.name)}"${part.fileName === undefined ? '' : `; filename="${quote(part.fileName)}"`}`,
      ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []),
    ];
    chunks.push(
      Buffer.from(`--${boundary}${nl}${headers.join(nl)}${nl}${nl}`, 'utf8'),
      part.data,
      Buffer.from(nl),
    );
  }
  if (options.closing !== false) chunks.push(Buffer.from(`--${boundary}--${nl}`));
  return Buffer.concat(chunks);
}

export interface UploadFields {
  type: string;
  fileName: string;
  file: Buffer;
}

// RFC 2046 allows 70 characters; busboy takes longer ones, so they are valid framing here.
const boundaryText = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,60}$/)
      .filter((b) => !b.includes('--')),
  },
  { weight: 1, arbitrary: fc.constantFrom('b'.repeat(71), 'b'.repeat(200)) },
);

export const fileBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(PNG),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  fc
    .uint8Array({ maxLength: 256 })
    .map((bytes) => Buffer.concat([PNG.subarray(0, 8), Buffer.from(bytes)])),
  fc.constantFrom(
    Buffer.alloc(0),
    PNG.subarray(0, 8),
    PNG.subarray(0, PNG.length - 5),
    Buffer.from('GIF89a\x01\x00\x01\x00'),
    Buffer.from('%PDF-1.7\n'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00'),
    Buffer.from('MZ\x90\x00'),
    Buffer.concat([PNG, Buffer.from('<?php system($_GET["c"]); ?>')]),
  ),
);

const fileNameText = fc.oneof(
  fc.constantFrom(
    'ticket.png',
    'a.jpg',
    '../../../etc/passwd',
    '..\\..\\boot.ini',
    'x\u0000.png',
    '\u202Egnp.exe',
    'CON',
    '.htaccess',
    ' ',
    'a'.repeat(255),
    'a'.repeat(300),
    'ticket.png\r\nX-Injected: 1',
  ),
  nastyString,
  fc.string({ minLength: 1, maxLength: 40 }),
);

/** Upload bodies framed correctly (the fields themselves may still break the contract). */
export function wellFramed(fields: {
  type: fc.Arbitrary<string>;
  fileName: fc.Arbitrary<string>;
  file: fc.Arbitrary<Buffer>;
}): fc.Arbitrary<MultipartBody> {
  return fc
    .record({
      boundary: boundaryText,
      type: fields.type,
      fileName: fields.fileName,
      file: fields.file,
      fileFirst: fc.boolean(),
    })
    .map(({ boundary, type, fileName, file, fileFirst }) => {
      const text: Part[] = [
        { name: 'type', data: Buffer.from(type) },
        { name: 'fileName', data: Buffer.from(fileName) },
      ];
      const filePart: Part = {
        name: 'file',
        fileName: fileName || 'f',
        contentType: 'image/png',
        data: file,
      };
      return {
        contentType: multipartType(boundary),
        body: encodeParts(boundary, fileFirst ? [filePart, ...text] : [...text, filePart]),
        label: 'well-framed',
      };
    });
}

/** Upload bodies whose framing or part structure is damaged; every one must be refused. */
export function brokenMultipart(validType: fc.Arbitrary<string>): fc.Arbitrary<MultipartBody> {
  const good = fc.record({ boundary: boundaryText, type: validType, file: fileBytes });
  const partsOf = (type: string, file: Buffer): Part[] => [
    { name: 'type', data: Buffer.from(type) },
    { name: 'fileName', data: Buffer.from('ticket.png') },
    { name: 'file', fileName: 'ticket.png', contentType: 'image/png', data: file },
  ];
  return fc.oneof(
    good.chain(({ boundary, type, file }) =>
      fc
        .integer({ min: 0, max: encodeParts(boundary, partsOf(type, file)).length - 6 })
        .map((cut) => ({
          contentType: multipartType(boundary),
          body: encodeParts(boundary, partsOf(type, file)).subarray(0, cut),
          label: 'truncated',
        })),
    ),
    good.map(({ boundary, type, file }) => ({
      contentType: multipartType(boundary),
      body: encodeParts(boundary, partsOf(type, file), { closing: false }),
      label: 'no-closing-boundary',
    })),
    good.map(({ boundary, type, file }) => ({
      contentType: 'multipart/form-data',
      body: encodeParts(boundary, partsOf(type, file)),
      label: 'missing-boundary',
    })),
    good.map(({ boundary, type, file }) => ({
      contentType: multipartType(`${boundary}X`),
      body: encodeParts(boundary, partsOf(type, file)),
      label: 'wrong-boundary',
    })),
    good.map(({ boundary, type, file }) => ({
      contentType: 'multipart/form-data; boundary=',
      body: encodeParts(boundary, partsOf(type, file)),
      label: 'empty-boundary',
    })),
    good.map(({ type, file }) => ({
      contentType: 'multipart/form-data; boundary=a=b?c:d',
      body: encodeParts('a=b?c:d', partsOf(type, file)),
      label: 'unquoted-tspecials-boundary',
    })),
    fc
      .tuple(good, fc.constantFrom('file', 'type', 'fileName'))
      .map(([{ boundary, type, file }, duplicated]) => {
        const parts = partsOf(type, file);
        return {
          contentType: multipartType(boundary),
          body: encodeParts(boundary, [...parts, parts.find((part) => part.name === duplicated)!]),
          label: `duplicated-${duplicated}`,
        };
      }),
    fc
      .tuple(good, fc.constantFrom(200, 5_000, 50_000))
      .map(([{ boundary, type, file }, length]) => ({
        contentType: multipartType(boundary),
        body: encodeParts(boundary, [
          { name: 'x'.repeat(length), data: Buffer.from('1') },
          ...partsOf(type, file),
        ]),
        label: 'huge-field-name',
      })),
    fc.tuple(good, hugeString).map(([{ boundary, type, file }, huge]) => ({
      contentType: multipartType(boundary),
      body: encodeParts(boundary, [
        { name: 'type', data: Buffer.from(type) },
        { name: 'fileName', data: Buffer.from(huge) },
        { name: 'file', fileName: 'a.png', data: file },
      ]),
      label: 'huge-field-value',
    })),
    good.map(({ boundary, type, file }) => ({
      contentType: multipartType(boundary),
      body: encodeParts(boundary, [
        ...partsOf(type, file).slice(0, 2),
        ...Array.from({ length: 10 }, (_, i) => ({ name: `extra${i}`, data: Buffer.from('1') })),
        partsOf(type, file)[2]!,
      ]),
      label: 'too-many-parts',
    })),
    good.map(({ boundary, type, file }) => ({
      contentType: multipartType(boundary),
      body: encodeParts(boundary, partsOf(type, file).slice(0, 2)),
      label: 'no-file',
    })),
    fc
      .tuple(good, fc.constantFrom('avatar', 'files[]', 'FILE', ''))
      .map(([{ boundary, type, file }, name]) => ({
        contentType: multipartType(boundary),
        body: encodeParts(boundary, [
          ...partsOf(type, file).slice(0, 2),
          { name, fileName: 'a.png', data: file },
        ]),
        label: 'file-under-other-name',
      })),
    good.map(({ boundary, type, file }) => ({
      contentType: multipartType(boundary),
      body: encodeParts(boundary, partsOf(type, file), { newline: '\n' }),
      label: 'lf-framing',
    })),
    fc
      .tuple(
        good,
        fc.constantFrom(
          ['X-Nothing: 1'],
          ['Content-Disposition: attachment'],
          ['Content-Disposition: form-data'],
          ['Content-Disposition: form-data; name='],
          ['garbage without colon'],
          [`Content-Disposition: form-data; name="file"; ${'a=b; '.repeat(2000)}`],
        ),
      )
      .map(([{ boundary, type, file }, rawHeaders]) => ({
        contentType: multipartType(boundary),
        body: encodeParts(boundary, [
          { name: 'type', data: Buffer.from(type) },
          { name: 'fileName', data: Buffer.from('a.png') },
          { name: 'file', data: file, rawHeaders },
        ]),
        label: 'malformed-part-headers',
      })),
    fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({
      contentType: 'multipart/form-data; boundary=xyz',
      body: Buffer.from(bytes),
      label: 'random-bytes',
    })),
  );
}

/**
 * Framing that is odd but valid: a file part's own filename (which the service ignores: the
 * fileName field names the file) huge, or in RFC 5987 form; the parts in another order.
 */
export function oddButValidMultipart(validType: fc.Arbitrary<string>): fc.Arbitrary<MultipartBody> {
  return fc
    .record({
      boundary: boundaryText,
      type: validType,
      file: fileBytes,
      length: fc.constantFrom(200, 5_000, 50_000),
      encoded: fc.boolean(),
    })
    .map(({ boundary, type, file, length, encoded }) => ({
      contentType: multipartType(boundary),
      body: encodeParts(boundary, [
        encoded
          ? {
              name: 'file',
              data: file,
              rawHeaders: [
                `Content-Disposition: form-data; name="file"; filename*=UTF-8''%E2%80%AE${'f'.repeat(length)}.png`,
              ],
            }
          : { name: 'file', fileName: 'f'.repeat(length), data: file },
        { name: 'type', data: Buffer.from(type) },
        { name: 'fileName', data: Buffer.from('a.png') },
      ]),
      label: encoded ? 'rfc5987-file-name' : 'huge-file-name-header',
    }));
}

/** Fields that break the upload contract inside well-framed bodies (unknown type, empty or long names, extra fields). */
export function badFieldMultipart(
  validType: fc.Arbitrary<string>,
  unknownType: fc.Arbitrary<string>,
): fc.Arbitrary<MultipartBody> {
  return fc.oneof(
    wellFramed({ type: unknownType, fileName: fc.constant('ticket.png'), file: fileBytes }).map(
      (body) => ({ ...body, label: 'unknown-type' }),
    ),
    wellFramed({
      type: validType,
      fileName: fc.constantFrom('', 'a'.repeat(256), '\u{1F600}'.repeat(256)),
      file: fileBytes,
    }).map((body) => ({ ...body, label: 'file-name-length' })),
    fc
      .record({
        boundary: boundaryText,
        type: validType,
        extra: fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((name) => !['type', 'fileName', 'file'].includes(name)),
      })
      .map(({ boundary, type, extra }) => ({
        contentType: multipartType(boundary),
        body: encodeParts(boundary, [
          { name: 'type', data: Buffer.from(type) },
          { name: 'fileName', data: Buffer.from('a.png') },
          { name: extra, data: Buffer.from('1') },
          { name: 'file', fileName: 'a.png', data: PNG },
        ]),
        label: 'extra-field',
      })),
    fc.record({ boundary: boundaryText, type: validType }).map(({ boundary, type }) => ({
      contentType: multipartType(boundary),
      body: encodeParts(boundary, [
        { name: 'type', data: Buffer.from(type) },
        { name: 'file', fileName: 'a.png', data: PNG },
      ]),
      label: 'missing-fileName',
    })),
  );
}

export { fileNameText };
