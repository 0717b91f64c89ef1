import type { EmailContent } from '../../mail/templates.ts';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The set-up link e-mailed to a new member of staff. */
export function staffSetupEmail(
  productName: string,
  name: string,
  link: string,
  hours: number,
): EmailContent {
  const subject = `Set up your ${productName} claims back office account`;
  const text = [
    `Hello ${name},`,
    '',
    `An account has been created for you on the ${productName} claims back office.`,
    'Open this link to choose your password and set up your authenticator app:',
    link,
    '',
    `The link works once, for ${hours} hours. If you were not expecting it, tell your administrator.`,
  ].join('\n');
  const html =
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    '<body style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#0b0c0c;max-width:600px;margin:0 auto;padding:16px">' +
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>An account has been created for you on the ${escapeHtml(productName)} claims back office.</p>` +
    `<p><a href="${escapeHtml(link)}">Choose your password and set up your authenticator app</a></p>` +
    `<p>Or copy this link into your browser: ${escapeHtml(link)}</p>` +
    `<p>The link works once, for ${hours} hours. If you were not expecting it, tell your administrator.</p>` +
    '</body></html>';
  return { subject, text, html };
}
