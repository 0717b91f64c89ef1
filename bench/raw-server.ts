/**
 * The baseline of the api figures: bare node:http + pg, one INSERT and one SELECT per request.
 * A JSON POST is read and parsed, a row is inserted, read back by its key and answered as JSON,
 * with the same pool settings as the product's ORM. Run as its own process by bench/run.ts.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

// The product's pool settings (server/src/db/orm.ts): 20 connections, idle ones kept a minute.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 20,
  idleTimeoutMillis: 60_000,
});
await pool.query(
  'create table if not exists bench_raw (id uuid primary key, email text not null, created_at timestamptz not null default now())',
);

const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email?: unknown };
      const id = randomUUID();
      await pool.query('insert into bench_raw (id, email) values ($1, $2)', [
        id,
        String(body.email ?? ''),
      ]);
      const { rows } = await pool.query<{ email: string }>(
        'select email from bench_raw where id = $1',
        [id],
      );
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ email: rows[0]!.email }));
    } catch {
      res.writeHead(500).end();
    }
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

const stop = (): void => {
  server.close(() => pool.end().then(() => process.exit(0)));
  server.closeIdleConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
