import http from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { jpegWithGps } from '../support/images.ts';
import { PNG, startAndVerify, upload } from '../support/journey.ts';

const MAX = 1024 * 1024;
const ctx = useClaimServer({ MAX_FILE_SIZE: '1mb' });

async function uploadAnswer(token: string, bytes: Buffer, fileName: string, type = 'ticketFront') {
  return request(ctx.server.url)
    .post(`/api/v1/claim/${token}/file`)
    .field('type', type)
    .field('fileName', fileName)
    .attach('file', bytes, fileName);
}

const storedRows = async (token: string) =>
  (await ctx.server.orm.em
    .getConnection()
    .execute(
      `select f.* from uploaded_file f join claim c on c.id = f.claim_id where c.token_hash = sha256(?::bytea)`,
      [token],
    )) as Array<Record<string, unknown>>;

describe('uploading a file', () => {
  it('when a PNG is sent, then its metadata is stored and its uuid returned', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const uuid = await upload(ctx.server.url, token, 'ticketFront', PNG, 'front of ticket.png');
    const [row] = await storedRows(token);
    expect(row).toMatchObject({
      id: uuid,
      type: 'ticketFront',
      original_name: 'front of ticket.png',
      size: PNG.length,
      content_type: 'image/png',
    });
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when a JPEG is sent under a .heic name, then it is accepted by its content', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const jpeg = await jpegWithGps();
    const res = await uploadAnswer(token, jpeg, 'photo.heic');
    expect(res.status).toBe(201);
    expect((await storedRows(token))[0]!.content_type).toBe('image/jpeg');
  });

  it.each([
    ['text named .png', Buffer.from('hello, this is not an image at all\n'.repeat(10))],
    [
      'an ELF executable named .png',
      Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(5000)]),
    ],
    ['a PDF named .png', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000)])],
    ['an empty file', Buffer.alloc(0)],
  ])('when %s is sent, then it is refused and nothing is stored', async (_label, bytes) => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const res = await uploadAnswer(token, bytes, 'ticket.png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'Unsupported file type',
      error: 'Bad Request',
    });
    expect(await storedRows(token)).toHaveLength(0);
  });

  it('when the type is unknown, then the validation shape names type and the file is not kept', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const res = await uploadAnswer(token, PNG, 'a.png', 'selfie');
    expect(res.status).toBe(400);
    expect(res.body.message[0].property).toBe('type');
    expect(await storedRows(token)).toHaveLength(0);
  });

  it('when the token is unknown, then 404 before the body is read', async () => {
    const res = await uploadAnswer('y'.repeat(43), PNG, 'a.png');
    expect(res.status).toBe(404);
  });

  it('when the file is one byte over MAX_FILE_SIZE, then 413 File is too large', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX + 1 - PNG.length)]);
    const res = await uploadAnswer(token, big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      message: 'File is too large',
      error: 'Payload Too Large',
    });
    expect(await storedRows(token)).toHaveLength(0);
  });

  it('when 200 MB are streamed with no declared length, then 413 comes early and memory stays flat', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const gc = (globalThis as { gc?: () => void }).gc!;
    gc();
    const rssBefore = process.memoryUsage().rss;
    const boundary = 'x-boundary-0123456789';
    const url = new URL(`${ctx.server.url}/api/v1/claim/${token}/file`);
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    let sentBytes = 0;
    const answer = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>(
      (resolve, reject) => {
        const req = http.request(url, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        });
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          const sentWhenAnswered = sentBytes;
          let body = '';
          res.on('data', (data) => (body += data));
          res.on('end', () => resolve({ status: res.statusCode!, body, sentWhenAnswered }));
        });
        req.on('error', () => undefined);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nticketFront\r\n`,
        );
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        req.write(PNG);
        // 1 MB every 10 ms (100 MB/s), respecting back-pressure: client and server share this
        // process, so an unthrottled loopback client would send everything before the server runs.
        const pump = (): void => {
          if (req.destroyed || answered) return;
          if (sentBytes >= 200 * 1024 * 1024) return void req.end();
          sentBytes += chunk.length;
          if (req.write(chunk)) setTimeout(pump, 10);
          else req.once('drain', () => setTimeout(pump, 10));
        };
        req.once('socket', (socket) => socket.once('connect', pump));
        setTimeout(() => reject(new Error('no answer')), 20_000);
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('File is too large');
    // Answered long before the whole body was sent (the limit is 1 MB; sockets buffer a few MB).
    expect(answer.sentWhenAnswered).toBeLessThan(24 * 1024 * 1024);
    gc();
    expect((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toBeLessThan(48);
  });
});
