import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The service's Prometheus series (docs/deploy.md, "Metrics and alerts"). One registry per
 * process, served only on the metrics listener (metrics-listener.ts), never on the public port.
 * Callers use the named functions below; no other module touches prom-client.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'prize_' });

const requestDuration = new Histogram({
  name: 'prize_http_request_duration_seconds',
  help: 'Time to answer a request, by contract operation (operationId), method and status class',
  labelNames: ['operation', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const signInFailures = new Counter({
  name: 'prize_staff_sign_in_failures_total',
  help: 'Staff sign-ins (or set-up codes) refused for a wrong e-mail address, password or code',
  registers: [registry],
});

const lockOuts = new Counter({
  name: 'prize_staff_lock_outs_total',
  help: 'Staff accounts locked after repeated failed sign-ins',
  registers: [registry],
});

const rateLimitRefusals = new Counter({
  name: 'prize_rate_limit_refusals_total',
  help: 'Requests refused (429) by a rate limit, by limit name',
  labelNames: ['limit'] as const,
  registers: [registry],
});

const reencodeDuration = new Histogram({
  name: 'prize_image_reencode_duration_seconds',
  help: 'Time to re-encode one uploaded image (decode, strip, encode), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [registry],
});

const uploadBytes = new Counter({
  name: 'prize_upload_bytes_total',
  help: 'Bytes of uploaded files accepted and stored',
  registers: [registry],
});

const jobFailures = new Counter({
  name: 'prize_job_failures_total',
  help: 'Background jobs that failed, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

const retentionRemovals = new Counter({
  name: 'prize_retention_removals_total',
  help: 'Claims whose data of a class the retention job removed (docs/adr/022)',
  labelNames: ['data_class'] as const,
  registers: [registry],
});

/** What the scrape-time gauges read; set by the composition root (server.ts). */
export interface GaugeSources {
  outbox(): Promise<{ depth: number; oldestAgeSeconds: number }>;
  jobQueues(): Promise<Array<{ queue: string; queued: number }>>;
  poolWaiting(): Array<{ pool: string; waiting: number }>;
}

let sources: GaugeSources | undefined;

/** Hands the gauges read at scrape time their sources; the latest server started wins. */
export function setGaugeSources(next: GaugeSources | undefined): void {
  sources = next;
}

new Gauge({
  name: 'prize_outbox_depth',
  help: 'E-mails in the outbox not sent yet',
  registers: [registry],
  async collect() {
    if (sources) this.set((await sources.outbox()).depth);
  },
});

new Gauge({
  name: 'prize_outbox_oldest_age_seconds',
  help: 'Age of the oldest e-mail in the outbox not sent yet (0 when empty)',
  registers: [registry],
  async collect() {
    if (sources) this.set((await sources.outbox()).oldestAgeSeconds);
  },
});

new Gauge({
  name: 'prize_job_queue_depth',
  help: 'Background jobs waiting or retrying, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    if (!sources) return;
    this.reset();
    for (const { queue, queued } of await sources.jobQueues()) this.set({ queue }, queued);
  },
});

new Gauge({
  name: 'prize_db_pool_waiting_clients',
  help: 'Callers waiting for a database connection, by pool',
  labelNames: ['pool'] as const,
  registers: [registry],
  collect() {
    if (!sources) return;
    for (const { pool, waiting } of sources.poolWaiting()) this.set({ pool }, waiting);
  },
});

export function observeRequest(
  operation: string,
  method: string,
  status: number,
  seconds: number,
): void {
  requestDuration.observe(
    { operation, method, status_class: `${Math.floor(status / 100)}xx` },
    seconds,
  );
}

export function recordSignInFailure(): void {
  signInFailures.inc();
}

export function recordLockOut(): void {
  lockOuts.inc();
}

/** `limit` is the limiter's name (rate-limit.ts), never a key: keys carry addresses. */
export function recordRateLimitRefusal(limit: string): void {
  rateLimitRefusals.inc({ limit });
}

export function observeReencode(seconds: number, outcome: 'ok' | 'refused' | 'failed'): void {
  reencodeDuration.observe({ outcome }, seconds);
}

export function recordUploadBytes(bytes: number): void {
  uploadBytes.inc(bytes);
}

export function recordJobFailure(queue: string): void {
  jobFailures.inc({ queue });
}

export function recordRetentionRemovals(dataClass: string, claims: number): void {
  if (claims > 0) retentionRemovals.inc({ data_class: dataClass }, claims);
}
