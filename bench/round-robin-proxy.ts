import { startRoundRobinProxy } from '../server/test/support/round-robin-proxy.ts';

/** The load balancer of the scale phase in its own process (its CPU apart from the load generator's): UPSTREAMS, PORT. */
const proxy = await startRoundRobinProxy(
  process.env.UPSTREAMS!.split(','),
  Number(process.env.PORT),
);
process.once('SIGTERM', () => void proxy.stop().then(() => process.exit(0)));
