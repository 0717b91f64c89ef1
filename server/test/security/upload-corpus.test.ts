import { displayFileName } from '@prize/domain';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { jpegWithGps, pngBomb, realPng } from '../support/images.ts';
import { checkIdentity, pinkClaim, PNG, startAndVerify, upload } from '../support/journey.ts';
import { asOperator } from '../support/operator.ts';

const HEIC = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/ticket.heic'),
);
const ctx = useClaimServer();

const send = (token: string, bytes: Buffer, fileName: string) =>
  request(ctx.server.url)
    .post(`/api/v1/claim/${token}/file`)
    .field('type', 'ticketFront')
    .field('fileName', fileName)
    .attach('file', bytes, 'upload.bin');

const rowsOf = (token: string) =>
  ctx.server.orm.em
    .getConnection()
    .execute(
      `select f.id from uploaded_file f join claim c on c.id = f.claim_id where c.token_hash = sha256(?::bytea)`,
      [token],
    );

async function servedToOperator(uuid: string): Promise<request.Response> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await asOperator(request(ctx.server.url).get(`/api/v1/operator/files/${uuid}`))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (part: Buffer) => chunks.push(part));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    if (res.status !== 409 || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the upload corpus', () => {
  it.each([
    [
      'a polyglot: a PNG with a ZIP appended',
      async () =>
        Buffer.concat([
          await realPng(),
          Buffer.from('504b0304140000000800', 'hex'),
          Buffer.alloc(200, 7),
        ]),
      'The image is damaged or incomplete',
    ],
    [
      'a PNG with script after its end',
      async () => Buffer.concat([await realPng(), Buffer.from('<script>alert(1)</script>')]),
      'The image is damaged or incomplete',
    ],
    [
      'a truncated PNG',
      async () => (await realPng(200, 200)).subarray(0, 300),
      'The image is damaged or incomplete',
    ],
    [
      'a truncated JPEG',
      async () => (await jpegWithGps()).subarray(0, 400),
      'The image is damaged or incomplete',
    ],
    [
      'a truncated HEIC',
      async () => HEIC.subarray(0, HEIC.length - 40),
      'The image is damaged or incomplete',
    ],
    [
      'a PNG declaring 60000 x 60000 pixels',
      async () => pngBomb(),
      'The image is too large to process',
    ],
    [
      'HTML named .png',
      async () => Buffer.from('<html><script>alert(1)</script></html>'.repeat(200)),
      'Unsupported file type',
    ],
  ])(
    'when %s is sent, then it is refused with a clear message and nothing is stored',
    async (_label, make, message) => {
      const { token } = await startAndVerify(ctx.server.url, ctx.sink);
      const res = await send(token, await make(), 'ticket.png');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
      expect(await rowsOf(token)).toHaveLength(0);
    },
  );

  it.each([
    ['../../etc/passwd.png'],
    ['C:\\tickets\\front.png'],
    ['front\u0000.png'],
    ['front\r\nX-Header: 1.png'],
    ['\u202egnp.exe'],
    ['..'],
  ])(
    'when the file name is %j, then the image is kept under a safe display name (issue 33)',
    async (fileName) => {
      const { token } = await startAndVerify(ctx.server.url, ctx.sink);
      const res = await send(token, PNG, fileName);
      expect(res.status).toBe(201);
      const [row] = await ctx.server.orm.em
        .getConnection()
        .execute<Array<{ original_name: string }>>(
          `select f.original_name from uploaded_file f join claim c on c.id = f.claim_id where c.token_hash = sha256(?::bytea)`,
          [token],
        );
      // No path, control or bidirectional-override character survives into what staff see.
      expect(row!.original_name).toBe(displayFileName(fileName));
      expect(row!.original_name).not.toMatch(/[\\/]|^\.\.?$/);
      expect([...row!.original_name].map((c) => c.codePointAt(0)!)).not.toContainEqual(0x202e);
      expect(row!.original_name).not.toContain('\r');
    },
  );

  it('when a JPEG with a GPS position is accepted, then the operator is served it re-encoded without EXIF', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const uploaded = await send(token, original, 'gps.jpg');
    expect(uploaded.status).toBe(201);
    const res = await servedToOperatorOf(token, uploaded.body.uuid);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const served = await sharp(res.body as Buffer).metadata();
    expect(served.exif).toBeUndefined();
    expect([served.width, served.height]).toEqual([64, 48]);
  });

  it('when a HEIC photo is accepted, then the operator is served a JPEG of it, and size and hash describe the served bytes', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const uploaded = await send(token, HEIC, 'ticket.heic');
    expect(uploaded.status).toBe(201);
    const res = await servedToOperatorOf(token, uploaded.body.uuid);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const served = res.body as Buffer;
    expect((await sharp(served).metadata()).format).toBe('jpeg');
    const [row] = await ctx.server.orm.em
      .getConnection()
      .execute<Array<{ size: number; sha256: string }>>(
        'select size, sha256 from uploaded_file where id = ?',
        [uploaded.body.uuid],
      );
    expect(row!.size).toBe(served.length);
    const { createHash } = await import('node:crypto');
    expect(row!.sha256).toBe(createHash('sha256').update(served).digest('hex'));
  });
});

/** The operator only sees files of submitted claims: submit this one first with the file as its front. */
async function servedToOperatorOf(token: string, frontUuid: string): Promise<request.Response> {
  const check = await checkIdentity(ctx.server.url, token);
  const back = await upload(ctx.server.url, token, 'ticketBack');
  const submitted = await request(ctx.server.url)
    .post(`/api/v1/claim/${token}`)
    .send(pinkClaim(check.uuid, frontUuid, back));
  expect(submitted.status).toBe(201);
  return servedToOperator(frontUuid);
}
