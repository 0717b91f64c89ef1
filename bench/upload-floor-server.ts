/**
 * The floors under the upload figure: bare node:http receiving the bench's uploads into a folder
 * on the same disk as the product's uploads, each path adding one piece of the product's work.
 *
 *   POST /plain             the body straight to a file (what HTTP on loopback costs alone);
 *   POST /multipart         the `file` part, found by busboy (the parser multer uses), to a file;
 *   POST /multipart-sha256  the same, hashing the bytes with SHA-256 on the way (as the product does).
 *
 * Run as its own process by bench/run.ts, like the api baseline (bench/raw-server.ts), so that the
 * load generator and the receiver share the two cores as they do against the product.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

const folder = process.env.UPLOAD_FLOOR_DIR!;
fs.mkdirSync(folder, { recursive: true });

function hashing(): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      hash.digest('hex');
      done();
    },
  });
}

/** Writes `source` to a new file, through `via` when given. */
function store(source: Readable, via?: Transform): Promise<void> {
  const target = fs.createWriteStream(path.join(folder, randomBytes(12).toString('hex')), {
    flags: 'wx',
  });
  return via ? pipeline(source, via, target) : pipeline(source, target);
}

/** The `file` part of a multipart body, stored; other parts are read and dropped. */
function storeFilePart(req: http.IncomingMessage, hash: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: req.headers, limits: { files: 1 } });
    let stored: Promise<void> | undefined;
    parser.on('file', (name, stream) => {
      if (name !== 'file') return void stream.resume();
      stored = store(stream, hash ? hashing() : undefined);
      // Handled now, answered at 'close': a failed write before then must not crash the floor.
      stored.catch(() => undefined);
    });
    parser.on('error', reject);
    parser.on('close', () =>
      stored ? stored.then(resolve, reject) : reject(new Error('no file part')),
    );
    req.pipe(parser);
  });
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET')
    return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  const work =
    req.url === '/plain'
      ? store(req)
      : req.url === '/multipart'
        ? storeFilePart(req, false)
        : req.url === '/multipart-sha256'
          ? storeFilePart(req, true)
          : undefined;
  if (!work) return void res.writeHead(404).end();
  work.then(
    () => res.writeHead(201, { 'content-type': 'application/json' }).end('{"stored":true}'),
    () => res.writeHead(400).end(),
  );
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
