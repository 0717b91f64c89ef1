import http from 'node:http';

/**
 * In front of Prism: its image answers become the image's bytes. The contract keeps a binary
 * example as its bytes, one character per byte (a YAML string of \xNN escapes), and Prism writes
 * every example as UTF-8 text, so a PNG's 0x89 leaves as C2 89 and the browser shows a broken
 * image. For an image/* answer this turns the text back into its bytes (latin1); everything else
 * passes through untouched.
 */
export function startBinaryFront(port: number, prismPort: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: prismPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!type.startsWith('image/')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const bytes = Buffer.from(Buffer.concat(chunks).toString('utf8'), 'latin1');
          const headers = { ...answer.headers, 'content-length': String(bytes.length) };
          delete headers['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(bytes);
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
