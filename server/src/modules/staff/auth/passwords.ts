import argon2 from 'argon2';
import pLimit from 'p-limit';
import { passwordProcess } from './password-process.ts';
import { ServiceUnavailableError } from '../../../http/errors.ts';

/**
 * argon2id with OWASP's recommended settings (19 MiB, 2 passes, one lane): one lane keeps a check
 * on one CPU core, not every core (the library's default of four lanes runs four threads of its
 * own at 64 MiB x 3, about five times the work), so the claim service keeps a core while staff
 * sign in. Hashes made with other settings still verify and are re-hashed at the next sign-in.
 */
const SETTINGS: argon2.HashOptions & { raw?: false } = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_CHECKS_BUSY = 'Sign-in is busy. Please try again in a few seconds.';

/** Password work waiting per slot before more is refused. */
export const QUEUED_PER_SLOT = 4;

type Slots = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs at most `concurrency` password hashes or checks at once, with a short queue behind them;
 * beyond it, an immediate 503 with Retry-After. The work itself runs in a hashing process of its
 * own at a lower priority (password-process.ts): in the server, argon2 took libuv's threads,
 * which file access shares, and the readiness probe of the file store waited behind it.
 */
function passwordSlots(concurrency: number): Slots {
  const limit = pLimit(concurrency);
  return (work) => {
    if (limit.activeCount + limit.pendingCount >= concurrency * (1 + QUEUED_PER_SLOT))
      return Promise.reject(new ServiceUnavailableError(PASSWORD_CHECKS_BUSY, 5));
    return limit(work);
  };
}

// One bound, and one hashing process, for the server whoever asks for a hash.
let slots = passwordSlots(1);
const hasher = passwordProcess();

/** STAFF_PASSWORD_CHECKS_CONCURRENT, set once at start-up. */
export function limitPasswordChecks(concurrency: number): void {
  slots = passwordSlots(concurrency);
}

export function hashPassword(password: string): Promise<string> {
  return slots(() => hasher.hash(password, SETTINGS));
}

/** Whether a stored hash was made with other settings than hashPassword's today. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, SETTINGS);
}

// Checked when no account matches (or it has no password yet), so an unknown e-mail costs the
// same time as a wrong password.
let decoy: Promise<string> | undefined;

export function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  return slots(() => verifyHeld(hash, password));
}

async function verifyHeld(hash: string | null, password: string): Promise<boolean> {
  if (hash) return hasher.verify(hash, password);
  decoy ??= hasher.hash('no account has this password', SETTINGS).catch((error: unknown) => {
    decoy = undefined;
    throw error;
  });
  await hasher.verify(await decoy, password);
  return false;
}

/** Password work done while holding a slot (passwordSlot): no second slot is waited for. */
export interface HeldPasswordSlot {
  matches(hash: string | null, password: string): Promise<boolean>;
  hash(password: string): Promise<string>;
  release(): void;
}

/**
 * Waits for a password slot, or refuses at once (503) when the queue is full: a sign-in takes
 * its slot once its attempt is counted and before any other database work, so the attempts
 * refused for want of one cost one count each. Release it in a finally.
 */
export async function passwordSlot(): Promise<HeldPasswordSlot> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await new Promise<void>((acquired, refused) => {
    slots(() => {
      acquired();
      return held;
    }).catch(refused);
  });
  return {
    matches: verifyHeld,
    hash: (password) => hasher.hash(password, SETTINGS),
    release,
  };
}
