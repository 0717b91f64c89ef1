import { createHmac } from 'node:crypto';

/**
 * Authenticator codes (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits), computed here from the
 * enrolment secret the way an authenticator app does, independently of the server's library:
 * the suite then proves that what the set-up page shows works in a real app, which a test
 * using the server's own library could not.
 */
const STEP_MS = 30_000;

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(character);
    if (value < 0) throw new Error(`not base32: ${character}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The code of one time step. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

const currentStep = (): number => Math.floor(Date.now() / STEP_MS);
const lastUsed = new Map<string, number>();

/**
 * A code the server has not seen yet for this secret: each code is accepted once (the server
 * keeps the last time step used) and within one step either side of now. When this secret's
 * next unused step is still ahead of that window, waits for the clock to reach it.
 */
export async function freshCode(secret: string): Promise<string> {
  const step = Math.max(currentStep(), (lastUsed.get(secret) ?? -1) + 1);
  while (step > currentStep() + 1) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 50));
  }
  lastUsed.set(secret, step);
  return totp(secret, step);
}

/** Notes a step the server has already accepted for this secret (elsewhere, e.g. the global setup). */
export function noteUsedStep(secret: string, step: number): void {
  lastUsed.set(secret, Math.max(step, lastUsed.get(secret) ?? -1));
}

/** A 6-digit code that is none of the codes the server accepts now (the step before, now, the step after). */
export function wrongCode(secret: string): string {
  const now = currentStep();
  const accepted = new Set([now - 1, now, now + 1, now + 2].map((step) => totp(secret, step)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}
