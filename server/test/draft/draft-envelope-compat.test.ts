import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDraft, sealDraft } from '../../src/modules/save-and-return/draft-cipher.ts';

/** Issue 30, point 4: drafts now use the shared sealed envelope; those sealed before still open. */
function sealedBeforeTheEnvelope(token: string, owner: string, section: string, content: unknown) {
  const key = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(token),
      Buffer.from(owner),
      Buffer.from('prize-claim form draft v1'),
      32,
    ),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(section));
  const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(1), iv, cipher.getAuthTag(), body]);
}

describe('draft sealing', () => {
  it('opens a draft sealed by the code before the shared envelope, and seals in the same layout', () => {
    const token = randomBytes(32).toString('base64url');
    const content = { firstName: 'Ann', postcode: 'SW1A 1AA' };
    const old = sealedBeforeTheEnvelope(token, 'owner-1', 'personal', content);
    expect(openDraft(token, 'owner-1', 'personal', old)).toEqual(content);
    const sealed = sealDraft(token, 'owner-1', 'personal', content);
    expect(sealed[0]).toBe(1);
    expect(sealed.length).toBe(old.length);
    // Bound to its section and its token.
    expect(openDraft(token, 'owner-1', 'address', sealed)).toBeUndefined();
    expect(openDraft(`${token}x`, 'owner-1', 'personal', sealed)).toBeUndefined();
  });
});
