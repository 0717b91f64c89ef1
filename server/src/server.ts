import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.ts';
import type { Config } from './config/config.ts';
import { migrate, openDatabase, type Database } from './db/orm.ts';
import { loadContract } from './http/openapi.ts';

export interface RunningServer {
  url: string;
  server: http.Server;
  orm: Database;
  /** Stops accepting connections, lets in-flight requests finish, then closes the pool. */
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config, logger: Logger, options: { validateResponses?: boolean } = {}): Promise<RunningServer> {
  const orm = await openDatabase(config.databaseUrl, logger);
  await migrate(orm);
  const app = createApp({ config, logger, orm, contract: loadContract(), validateResponses: options.validateResponses });
  const server = http.createServer(app);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(force);
      await orm.close();
    })());
  return { url: `http://${config.host}:${port}`, server, orm, close };
}
