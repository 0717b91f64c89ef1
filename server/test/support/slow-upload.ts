import http from 'node:http';
import { PNG } from './journey.ts';

/**
 * An upload that sends its head and then trickles forever, so it is mid-stream when the server
 * dies or drains. The request is abandoned by the caller; its errors are ignored.
 */
export function trickleUpload(baseUrl: string, token: string, firstChunkBytes = 64 * 1024): void {
  const boundary = 'trickle-boundary-42';
  const req = http.request(`${baseUrl}/api/v1/claim/${token}/file`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nticketFront\r\n--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\nslow.png\r\n`,
  );
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  req.write(Buffer.concat([PNG, Buffer.alloc(firstChunkBytes)]));
  const timer = setInterval(
    () => (req.destroyed ? clearInterval(timer) : req.write(Buffer.alloc(64 * 1024))),
    20,
  );
}
