import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { recordRateLimitRefusal } from '../modules/metrics/metrics.ts';

export interface RateLimitRule {
  /** Prefix of the keys of this rule, e.g. 'start-client'. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * A rule's limiter, counting in the `rate_limit` table every server process shares (created by
 * the migrations, so concurrent processes never race to create it; expired rows are deleted by
 * maintenance, `deleteExpiredCounts`, rather than by a timer in each process).
 */
export function rateLimiter(pool: Pool, rule: RateLimitRule): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.durationSeconds,
  });
}

/**
 * What a limiter counts for `key` (a client address, an e-mail address, a claim token): an HMAC
 * with the service's RATE_LIMIT_SECRET. A row names no e-mail address, and without the secret
 * nobody can tell whether a given address is counted (an unsalted hash can be checked against a
 * guess). The row's key is `<rule name>:<this>`.
 */
export function rateLimitKey(key: string, secret: string): string {
  return createHmac('sha256', secret).update(key).digest('base64url');
}

/**
 * The part of a client address a per-client limit counts. An IPv6 client is counted by its /64:
 * one subscriber line, or one cloud instance, is given a whole /64 and can pick a fresh address
 * from it for every request, so counting single IPv6 addresses would limit nobody. An IPv4
 * address (also when it arrives IPv4-mapped, `::ffff:192.0.2.1`) is counted as it is.
 */
export function clientAddressKey(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, '::' expanded, an embedded IPv4 tail converted. */
function ipv6Groups(address: string): string[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/** The key a per-client limit counts for a request's address (its /64 for IPv6), HMACed. */
export function clientRateLimitKey(address: string, secret: string): string {
  return rateLimitKey(clientAddressKey(address), secret);
}

/** One request's charge: the limiter of a rule and the (HMACed) key it counts. */
export interface RateLimitCharge {
  limiter: RateLimiterPostgres;
  key: string;
}

/**
 * Counts one against every charge (all are counted, refused or not) and answers the seconds
 * until the latest refusing window ends, or undefined when none refused.
 */
export async function retryAfterSeconds(charges: RateLimitCharge[]): Promise<number | undefined> {
  const results = await Promise.allSettled(charges.map(({ limiter, key }) => limiter.consume(key)));
  let waitMs: number | undefined;
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') continue;
    // The library rejects with its result when the limit is exceeded, with an Error when the store fails.
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    recordRateLimitRefusal(charges[index]!.limiter.keyPrefix);
    waitMs = Math.max(waitMs ?? 0, result.reason.msBeforeNext);
  }
  return waitMs === undefined ? undefined : Math.max(1, Math.ceil(waitMs / 1000));
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
 * Deletes counts whose window ended over an hour ago (maintenance, every few minutes), in place
 * of rate-limiter-flexible's timer in every process: every client and e-mail address leaves a row.
 */
export async function deleteExpiredCounts(em: EntityManager): Promise<number> {
  const deleted = await em
    .getConnection()
    .execute<{ affectedRows: number }>(
      'delete from rate_limit where expire < (extract(epoch from now()) * 1000)::bigint - 3600 * 1000',
      [],
      'run',
    );
  return deleted.affectedRows;
}
