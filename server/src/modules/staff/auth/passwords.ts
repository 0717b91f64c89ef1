import argon2 from 'argon2';

/** argon2id with the library's defaults (its recommended memory and time costs). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// Checked when no account matches, so an unknown e-mail costs the same time as a wrong password.
const decoy = hashPassword('no account has this password');

export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await decoy, password);
    return false;
  }
  return argon2.verify(hash, password);
}
