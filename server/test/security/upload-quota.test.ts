import fs from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { checkIdentity, pinkClaim, startAndVerify } from '../support/journey.ts';
import { requestInformation, submittedClaim } from '../support/operator.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** A PNG of random pixels: it does not compress, so its size is what reaches the disk. */
function noisePng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function bytesOnDisk(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const TYPES = ['ticketFront', 'ticketBack', 'idDocument1', 'idDocument2'];

const send = (server: TestServer, token: string, type: string, image: Buffer) =>
  request(server.url)
    .post(`/api/v1/claim/${token}/file`)
    .field('type', type)
    .field('fileName', 'photo.png')
    .attach('file', image, 'photo.png');

const ctx = useClaimServer();

const filesOf = (server: TestServer, token: string) =>
  server.orm.em
    .getConnection()
    .execute<Array<{ id: string; type: string }>>(
      'select f.id, f.type from uploaded_file f join claim c on c.id = f.claim_id where c.token_hash = sha256(?::bytea) order by f.created_at',
      [token],
    );

describe('upload quotas', () => {
  it('when one token floods uploads, then the disk holds only the files kept per type', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const image = await noisePng(420);
    const before = await bytesOnDisk(ctx.server.config.uploadDir);
    const uploads = 40;
    for (let i = 0; i < uploads; i++)
      expect((await send(ctx.server, token, TYPES[i % 4]!, image)).status).toBe(201);
    const used = (await bytesOnDisk(ctx.server.config.uploadDir)) - before;
    console.log(
      `flood: ${uploads} uploads of ${image.length} bytes on one token: ${used} bytes on disk`,
    );
    expect(used).toBeLessThanOrEqual(TYPES.length * 2 * image.length * 1.05);
    expect(await filesOf(ctx.server, token)).toHaveLength(TYPES.length * 2);
  }, 120_000);

  it('when a third file of a type is uploaded, then the oldest of that type is deleted and the two newest still submit', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const image = await noisePng(16);
    const fronts: string[] = [];
    for (let i = 0; i < 3; i++)
      fronts.push((await send(ctx.server, token, 'ticketFront', image)).body.uuid);
    const back = (await send(ctx.server, token, 'ticketBack', image)).body.uuid;
    expect((await filesOf(ctx.server, token)).map((file) => file.id)).toEqual([
      fronts[1],
      fronts[2],
      back,
    ]);
    const check = await checkIdentity(ctx.server.url, token);
    const stale = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, fronts[0]!, back));
    expect(stale.status).toBe(400);
    const submitted = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, fronts[1]!, back));
    expect(submitted.status).toBe(201);
  });
});

describe('info request upload quotas', () => {
  it("when an info request's link floods one type, then two of its files are kept and the claim's own files are untouched", async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['ID_DOCUMENTS'],
    );
    const image = await noisePng(16);
    const uuids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(ctx.server.url)
        .post(`/api/v1/claim/info-request/${token}/file`)
        .field('type', 'idDocument1')
        .field('fileName', 'id.png')
        .attach('file', image, 'id.png');
      expect(res.status).toBe(201);
      uuids.push(res.body.uuid);
    }
    const files = await filesOf(ctx.server, claim.token);
    expect(files.map((file) => file.id)).toEqual([claim.front, claim.back, uuids[3], uuids[4]]);
  });
});

describe('the upload budget and the free-space floor', () => {
  let sink: MailSink;
  let tight: TestServer;
  let full: TestServer;
  let image: Buffer;
  beforeAll(async () => {
    sink = await startMailSink();
    image = await noisePng(100);
    // Room for three of these images per claim.
    tight = await startTestServer({
      SMTP_URL: sink.url,
      UPLOAD_BUDGET_PER_CLAIM: String(Math.floor(image.length * 3.5)),
    });
    // A floor no disk reaches: every upload finds storage "full".
    full = await startTestServer({ SMTP_URL: sink.url, UPLOAD_MIN_FREE_SPACE: '1000000gb' });
  });
  afterAll(async () => {
    await Promise.all([tight?.close(), full?.close()]);
    await sink?.stop();
  });

  it('when the files kept for a claim would pass its budget, then the upload is refused with 413 and nothing is stored', async () => {
    const { token } = await startAndVerify(tight.url, sink);
    for (const type of TYPES.slice(0, 3))
      expect((await send(tight, token, type, image)).status).toBe(201);
    const onDisk = await bytesOnDisk(tight.config.uploadDir);
    const res = await send(tight, token, 'idDocument2', image);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      message:
        'The files uploaded for this claim are too large in total. Please upload smaller images.',
      error: 'Payload Too Large',
    });
    expect(await filesOf(tight, token)).toHaveLength(3);
    expect(await bytesOnDisk(tight.config.uploadDir)).toBeLessThanOrEqual(onDisk);
    // A replacement of a kept type still fits: the file it replaces leaves the budget.
    expect((await send(tight, token, 'ticketFront', image)).status).toBe(201);
  });

  it('when upload storage is below its free-space floor, then uploads answer 507 before anything is written', async () => {
    const { token } = await startAndVerify(full.url, sink);
    const res = await send(full, token, 'ticketFront', image);
    expect(res.status).toBe(507);
    expect(res.body).toEqual({
      statusCode: 507,
      message: 'Uploads are paused for a while. Please try again later.',
      error: 'Insufficient Storage',
    });
    expect(await filesOf(full, token)).toHaveLength(0);
    expect(await bytesOnDisk(full.config.uploadDir)).toBe(0);
  });
});
