import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** How many requests each upstream was sent, in the order given. */
  counts: number[];
  stop(): Promise<void>;
}

/** As a load balancer does: the client's address appended to what the client sent. */
function forwardedFor(req: http.IncomingMessage): string {
  const sent = req.headers['x-forwarded-for'];
  return [sent, req.socket.remoteAddress].filter(Boolean).join(', ');
}

/** A load balancer in a few lines: each request goes to the next upstream in turn, bodies streamed both ways. */
export async function startRoundRobinProxy(
  upstreams: string[],
  port = 0,
): Promise<RoundRobinProxy> {
  const targets = upstreams.map((upstream) => new URL(upstream));
  const counts = targets.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const index = next++ % targets.length;
    counts[index]!++;
    const target = targets[index]!;
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    stop: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
