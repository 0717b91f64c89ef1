import type { Pool } from 'pg';

/**
 * Failed sign-ins per (e-mail address typed, client), counted in the shared `rate_limit` table
 * (the rows maintenance deletes when expired) against the staff module's clock, so the tests
 * that move that clock move lock-outs with it. An attempt is counted before it is checked and
 * the count is cleared by a success: a burst of attempts can never check more than the limit.
 */
export interface SignInCounts {
  /** Counts one attempt; answers the attempts in the window (this one included) and its end. */
  take(key: string, now: Date): Promise<{ attempts: number; windowEnds: Date }>;
  clear(key: string): Promise<void>;
}

const PREFIX = 'staff-sign-in-account-client:';

export function signInCounts(pool: Pool, windowMinutes: number): SignInCounts {
  return {
    async take(key, now) {
      const nowMs = now.getTime();
      const windowEnd = nowMs + windowMinutes * 60_000;
      const { rows } = await pool.query<{ points: number; expire: string }>(
        `insert into rate_limit (key, points, expire) values ($1, 1, $2)
         on conflict (key) do update set
           points = case when rate_limit.expire <= $3 then 1 else rate_limit.points + 1 end,
           expire = case when rate_limit.expire <= $3 then excluded.expire else rate_limit.expire end
         returning points, expire`,
        [PREFIX + key, windowEnd, nowMs],
      );
      const row = rows[0];
      return { attempts: Number(row!.points), windowEnds: new Date(Number(row!.expire)) };
    },
    async clear(key) {
      await pool.query('delete from rate_limit where key = $1', [PREFIX + key]);
    },
  };
}
