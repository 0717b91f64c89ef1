import { describe, expect, it } from 'vitest';
import { randomDigits, randomSerial } from '../src/serials.ts';
import { totp, wrongCode } from '../src/totp.ts';

describe('the shared generators', () => {
  it('when a serial is made, then it has the 4-9-6 format and never the long format of 53', () => {
    for (let i = 0; i < 200; i++) {
      const serial = randomSerial();
      expect(serial).toMatch(/^1\d{3}-\d{9}-\d{6}$/);
    }
    expect(randomDigits(7)).toMatch(/^\d{7}$/);
  });

  it("when a code is made, then it is RFC 6238's (SHA-1, 30 s steps, 6 digits)", () => {
    // RFC 6238 appendix B: the secret "12345678901234567890" at T = 59 s gives 94287082.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totp(secret, 1)).toBe('287082');
    expect(totp(secret, Math.floor(1111111109 / 30))).toBe('081804');
    const now = Math.floor(Date.now() / 30_000);
    expect([now - 1, now, now + 1].map((step) => totp(secret, step))).not.toContain(
      wrongCode(secret),
    );
  });
});
