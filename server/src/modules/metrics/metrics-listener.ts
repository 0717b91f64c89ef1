import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from './metrics.ts';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` on a listener of its own (METRICS_PORT), never on the public one: only the
 * scraper's network reaches it. Anything else it is asked answers 404.
 */
export async function startMetricsListener(port: number, host: string): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
