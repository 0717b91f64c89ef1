import type request from 'supertest';

/**
 * A stored image's bytes as served once the background re-encoding has made them: until then
 * the server answers 409, and the request is sent again (every 100 ms, for up to 15 s).
 */
export async function bytesOnceReencoded(send: () => request.Test): Promise<request.Response> {
  const fetch = () =>
    send()
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
  let res = await fetch();
  for (let tries = 0; res.status === 409 && tries < 150; tries++)
    res = await new Promise((resolve) => setTimeout(resolve, 100)).then(fetch);
  return res;
}
