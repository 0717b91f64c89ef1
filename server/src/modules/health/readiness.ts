import type http from 'node:http';
import { databaseReachable, type Database } from '../../db/orm.ts';
import type { ObjectStore } from '../files/storage.ts';

/** Where one instance is in its life: listening while it migrates, serving, then draining for shutdown. */
export type Phase = 'starting' | 'serving' | 'draining';

export interface Readiness {
  phase: Phase;
  /** Undefined when ready; otherwise why not, as the 503's message. */
  notReadyBecause(): Promise<string | undefined>;
}

/** A probe must answer within the orchestrator's timeout (often 1 s), whatever a dependency does. */
const CHECK_TIMEOUT_MS = 800;

async function answersInTime(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>(
    (resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([
      check().then(
        (answer) => answer !== false,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function readiness(): Readiness & {
  attach(orm: Database, store: Pick<ObjectStore, 'check'>): void;
} {
  let dependencies: { orm: Database; store: Pick<ObjectStore, 'check'> } | undefined;
  return {
    phase: 'starting',
    attach(orm, store) {
      dependencies = { orm, store };
    },
    async notReadyBecause() {
      if (this.phase === 'starting' || !dependencies)
        return 'Not ready: the instance is starting (migrations may be running).';
      if (this.phase === 'draining') return 'Not ready: the instance is draining for shutdown.';
      const { orm, store } = dependencies;
      const [database, storage] = await Promise.all([
        answersInTime(() => databaseReachable(orm)),
        answersInTime(() => store.check()),
      ]);
      if (!database) return 'Not ready: the database is unreachable.';
      if (!storage) return 'Not ready: the file store is unreachable.';
      return undefined;
    },
  };
}

export const LIVE_PATH = '/api/v1/health/live';
export const READY_PATH = '/api/v1/health/ready';

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(status === 503 ? { 'Retry-After': '5' } : {}),
  });
  res.end(JSON.stringify(body));
}

/**
 * What the listener answers before the application exists (while the database is opened and the
 * migrations run): alive, not ready, and 503 to anything else.
 */
export function startingHandler(state: Readiness): http.RequestListener {
  return (req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === LIVE_PATH) return json(res, 200, { status: 'ok' });
    void state.notReadyBecause().then((reason) =>
      json(res, 503, {
        statusCode: 503,
        message: reason ?? 'Not ready.',
        error: 'Service Unavailable',
      }),
    );
  };
}
