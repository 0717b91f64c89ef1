import argon2 from 'argon2';
import pLimit from 'p-limit';
import { ServiceUnavailableError } from '../../../http/errors.ts';

/**
 * argon2id with the library's memory and time costs (64 MiB, 3 passes) in one lane: a check then
 * keeps one CPU core busy, not every core (the library's default of four lanes runs four threads
 * of its own), so the claim service keeps a core while staff sign in. Hashes made with other
 * settings still verify and are re-hashed at the next sign-in (needsRehash).
 */
const SETTINGS: argon2.HashOptions & { raw?: false } = {
  type: argon2.argon2id,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
};

export const PASSWORD_CHECKS_BUSY = 'Sign-in is busy. Please try again in a few seconds.';

/** Password work waiting per slot before more is refused. */
export const QUEUED_PER_SLOT = 4;

type Slots = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs at most `concurrency` password hashes or checks at once, with a short queue behind them;
 * beyond it, an immediate 503 with Retry-After. argon2 runs on libuv's thread pool, which file
 * access and DNS share: unbounded, a burst of sign-ins took every thread (and the readiness
 * probe of the file store waited behind them), and every waiting check was a request held open.
 */
function passwordSlots(concurrency: number): Slots {
  const limit = pLimit(concurrency);
  return (work) => {
    if (limit.activeCount + limit.pendingCount >= concurrency * (1 + QUEUED_PER_SLOT))
      return Promise.reject(new ServiceUnavailableError(PASSWORD_CHECKS_BUSY, 5));
    return limit(work);
  };
}

// One bound for the process: libuv's thread pool is the process's, whoever asks for a hash.
let slots = passwordSlots(1);

/** STAFF_PASSWORD_CHECKS_CONCURRENT, set once at start-up. */
export function limitPasswordChecks(concurrency: number): void {
  slots = passwordSlots(concurrency);
}

export function hashPassword(password: string): Promise<string> {
  return slots(() => argon2.hash(password, SETTINGS));
}

/** Whether a stored hash was made with other settings than hashPassword's today. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, SETTINGS);
}

// Checked when no account matches (or it has no password yet), so an unknown e-mail costs the
// same time as a wrong password.
let decoy: Promise<string> | undefined;

export function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  return slots(async () => {
    if (hash) return argon2.verify(hash, password);
    decoy ??= argon2.hash('no account has this password', SETTINGS);
    await argon2.verify(await decoy, password);
    return false;
  });
}
