import Sqids from 'sqids';

/**
 * Claim references read aloud over the phone: upper case, no 0/O, 1/I/L or U/V look-alikes,
 * at least 8 characters. The alphabet is shuffled once here so references do not count upwards.
 */
const sqids = new Sqids({ alphabet: 'K7Q2M9XAHRCW4EFN3TGYP8JBS6DZ5', minLength: 8 });

export function claimReference(sequence: number): string {
  return sqids.encode([sequence]);
}
