import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface RateLimitRule {
  /** Prefix of the keys of this rule, e.g. 'start-client'. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** One request's charge against a rule: the row it counts in, and the rule's limit and window. */
export interface RateLimitCharge {
  key: string;
  points: number;
  durationMs: number;
}

/**
 * The charge of `key` (a client address, an e-mail address) under `rule`. Keys are HMACs with the
 * service's RATE_LIMIT_SECRET: a row names no e-mail address, and without the secret nobody can
 * tell whether a given address is counted (an unsalted hash can be checked against a guess).
 * Rows keep rate-limiter-flexible's layout (`<prefix>:<key>`, points, expiry in epoch
 * milliseconds), in which they were first written.
 */
export function rateLimitCharge(rule: RateLimitRule, key: string, secret: string): RateLimitCharge {
  const hashed = createHmac('sha256', secret).update(key).digest('base64url');
  return { key: `${rule.name}:${hashed}`, points: rule.points, durationMs: rule.durationSeconds * 1000 };
}

/**
 * What an e-mail limit counts: the address in lower case, without a `+tag` on its local part,
 * so that `Ann+1@Example.com` and `ann+2@example.com` share ann@example.com's count.
 */
export function emailRateLimitKey(email: string): string {
  const normalised = email.trim().toLowerCase();
  const at = normalised.lastIndexOf('@');
  if (at < 0) return normalised;
  const local = normalised.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${normalised.slice(at)}`;
}

/**
 * Two CTEs for the start of a statement: `clock` (the database's time, in epoch milliseconds) and
 * `refused`, one row whose `until_ms` is the latest window end among the charges now over their
 * limit, or null when neither is. Counting is an upsert per charge (parameters $first to
 * $first+5: key, limit and window of each); a window that has ended starts again at 1. The
 * statement that does the limited work reads `refused`, so the count and the work commit together
 * in one round trip (docs/adr/007), and every server process counts in the same rows.
 */
export function countTwoChargesSql(first: number): string {
  const p = (offset: number) => `$${first + offset}`;
  return `clock as (
            select (extract(epoch from statement_timestamp()) * 1000)::bigint as now_ms
          ), counted as (
            insert into rate_limit as r (key, points, expire)
            values (${p(0)}, 1, (select now_ms from clock) + ${p(2)}::bigint), (${p(3)}, 1, (select now_ms from clock) + ${p(5)}::bigint)
            on conflict (key) do update set
              points = case when r.expire <= (select now_ms from clock) then 1 else r.points + 1 end,
              expire = case when r.expire <= (select now_ms from clock) then excluded.expire else r.expire end
            returning r.key, r.points, r.expire
          ), refused as (
            select max(expire) as until_ms from counted
             where points > case key when ${p(0)} then ${p(1)}::int else ${p(4)}::int end
          )`;
}

/** The values of `countTwoChargesSql`, in its parameter order. */
export function twoChargesValues([a, b]: [RateLimitCharge, RateLimitCharge]): Array<string | number> {
  return [a.key, a.points, a.durationMs, b.key, b.points, b.durationMs];
}

/**
 * Deletes counts whose window ended over an hour ago (maintenance, every few minutes), as
 * rate-limiter-flexible's own timer did: every client and e-mail address leaves a row.
 */
export async function deleteExpiredCounts(em: EntityManager): Promise<number> {
  const deleted = await em
    .getConnection()
    .execute<{ affectedRows: number }>('delete from rate_limit where expire < (extract(epoch from now()) * 1000)::bigint - 3600 * 1000', [], 'run');
  return deleted.affectedRows;
}

/**
 * `countTwoChargesSql` for any number of charges (at least one): parameters $first onwards, three
 * per charge (key, limit, window), as `chargesValues` lists them. Ends with the same `clock` and
 * `refused` CTEs.
 */
export function countChargesSql(first: number, count: number): string {
  const charges = Array.from({ length: count }, (_, index) => (offset: number) => `$${first + index * 3 + offset}`);
  return `clock as (
            select (extract(epoch from statement_timestamp()) * 1000)::bigint as now_ms
          ), counted as (
            insert into rate_limit as r (key, points, expire)
            values ${charges.map((p) => `(${p(0)}::text, 1, (select now_ms from clock) + ${p(2)}::bigint)`).join(', ')}
            on conflict (key) do update set
              points = case when r.expire <= (select now_ms from clock) then 1 else r.points + 1 end,
              expire = case when r.expire <= (select now_ms from clock) then excluded.expire else r.expire end
            returning r.key, r.points, r.expire
          ), limits (key, points) as (
            values ${charges.map((p) => `(${p(0)}::text, ${p(1)}::int)`).join(', ')}
          ), refused as (
            select max(c.expire) as until_ms from counted c join limits l on l.key = c.key where c.points > l.points
          )`;
}

/** The values of `countChargesSql`, in its parameter order. */
export function chargesValues(charges: RateLimitCharge[]): Array<string | number> {
  return charges.flatMap((charge) => [charge.key, charge.points, charge.durationMs]);
}

/** The clock CTE of the statements below: the database's time in epoch milliseconds. */
const CLOCK = `clock as (select (extract(epoch from statement_timestamp()) * 1000)::bigint as now_ms)`;

/**
 * When `charge`'s row is at or over its limit in a window not yet ended: the seconds until that
 * window ends. Undefined while the key may go on.
 */
export async function secondsRefused(em: EntityManager, charge: RateLimitCharge): Promise<number | undefined> {
  const rows = await em.getConnection().execute<Array<{ seconds: number }>>(
    `with ${CLOCK}
     select ceil((r.expire - clock.now_ms) / 1000.0)::int as seconds from rate_limit r, clock
      where r.key = ? and r.points >= ? and r.expire > clock.now_ms`,
    [charge.key, charge.points],
  );
  return rows[0] ? Math.max(1, rows[0].seconds) : undefined;
}

/** Counts one against `charge`; a window that has ended starts again at 1. */
export async function countCharge(em: EntityManager, charge: RateLimitCharge): Promise<void> {
  await em.getConnection().execute(
    `with ${CLOCK}
     insert into rate_limit as r (key, points, expire) values (?, 1, (select now_ms from clock) + ?::bigint)
     on conflict (key) do update set
       points = case when r.expire <= (select now_ms from clock) then 1 else r.points + 1 end,
       expire = case when r.expire <= (select now_ms from clock) then excluded.expire else r.expire end`,
    [charge.key, charge.durationMs],
    'run',
  );
}
