import { describe, expect, it } from 'vitest';
import { infoReceivedEmail, SNIPPETS, staffSetupEmail } from '../../src/modules/mail/templates.ts';

const STATUS_LINK =
  'https://claims.example.co.uk/claim/status/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('the e-mails outside the five steps, from the one template module', () => {
  it('when the claimant has answered an information request, then both parts carry the status link and the reference', () => {
    const email = infoReceivedEmail('National Lottery', 'K7Q2M9XA', STATUS_LINK);
    expect(email.subject).toBe(
      'We have received your information for National Lottery prize claim K7Q2M9XA',
    );
    for (const body of [email.text, email.html]) {
      expect(body).toContain(STATUS_LINK);
      expect(body).toContain(SNIPPETS.statusText);
      expect(body).toContain('K7Q2M9XA');
    }
    expect(email.html).toContain(`<a href="${STATUS_LINK}">${SNIPPETS.statusLabel}</a>`);
  });

  it('when a member of staff is sent a set-up link, then the text has the link and the HTML escapes the name', () => {
    const link = 'https://claims.example.co.uk/staff/setup/abc_DEF-123';
    const email = staffSetupEmail('National Lottery', 'Ada <b>"O\'Neil"</b> & Co', link, 24);
    expect(email.subject).toBe('Set up your National Lottery claims back office account');
    expect(email.text).toContain('Hello Ada <b>"O\'Neil"</b> & Co,');
    expect(email.text).toContain(link);
    expect(email.text).toContain('The link works once, for 24 hours.');
    expect(email.html).toContain('Hello Ada &lt;b&gt;&quot;O&#39;Neil&quot;&lt;/b&gt; &amp; Co,');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain(`<a href="${link}">`);
    expect(email.html).toContain(`${SNIPPETS.copyLink} ${link}`);
  });
});
