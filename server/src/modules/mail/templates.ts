/** A file sent with a message; with `cid`, shown inline where the HTML names `cid:<cid>`. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function layout(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#0b0c0c;max-width:600px;margin:0 auto;padding:16px">${body}</body></html>`
  );
}

export const NEXT_STEPS = [
  'Claim reviewed: a Claims Advisor processes your claim and completes security checks.',
  'Ticket requested: subject to step 1, we e-mail you a unique QR code and instructions to post your ticket.',
  'Ticket received: further checks are carried out when your ticket arrives.',
  'Payment details: we e-mail you instructions for providing your bank details for digital payment.',
  'Payment: made within 2-3 days.',
] as const;

export function verificationEmail(
  productName: string,
  link: string,
  linkHours: number,
): EmailContent {
  const subject = `Verify your email to start your ${productName} prize claim`;
  const text = [
    `Thank you for starting your ${productName} prize claim.`,
    '',
    'Open this link to verify your email address and continue your claim:',
    link,
    '',
    `The link works for ${linkHours} hours. If you did not ask to start a claim, you can ignore this email.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Thank you for starting your ${escapeHtml(productName)} prize claim.</p>` +
      `<p><a href="${escapeHtml(link)}">Verify your email and continue your claim</a></p>` +
      `<p>Or copy this link into your browser: ${escapeHtml(link)}</p>` +
      `<p>The link works for ${linkHours} hours. If you did not ask to start a claim, you can ignore this email.</p>`,
  );
  return { subject, text, html };
}

export function confirmationEmail(productName: string, reference: string): EmailContent {
  const subject = `Your ${productName} prize claim ${reference} has been submitted`;
  const steps = NEXT_STEPS.map((step, index) => `${index + 1}. ${step}`);
  const text = [
    'Your claim has been submitted successfully.',
    '',
    `Your claim reference number is ${reference}. Please quote it if you contact us.`,
    '',
    'What happens next?',
    ...steps,
    '',
    'Please keep your ticket safe until we ask you to post it.',
  ].join('\n');
  const html = layout(
    subject,
    '<p>Your claim has been submitted successfully.</p>' +
      `<p>Your claim reference number is <strong>${escapeHtml(reference)}</strong>. Please quote it if you contact us.</p>` +
      '<h2 style="font-size:20px">What happens next?</h2><ol>' +
      NEXT_STEPS.map((step) => `<li>${escapeHtml(step)}</li>`).join('') +
      '</ol><p>Please keep your ticket safe until we ask you to post it.</p>',
  );
  return { subject, text, html };
}

export function infoRequestEmail(
  productName: string,
  link: string,
  lifetimeDays: number,
): EmailContent {
  const subject = `We need more information about your ${productName} prize claim`;
  const text = [
    'Our Winner Services team needs some more information to continue with your claim.',
    '',
    'Open this link to amend or add the information:',
    link,
    '',
    `The link works for ${lifetimeDays} days.`,
  ].join('\n');
  const html = layout(
    subject,
    '<p>Our Winner Services team needs some more information to continue with your claim.</p>' +
      `<p><a href="${escapeHtml(link)}">Amend or add further information</a></p>` +
      `<p>Or copy this link into your browser: ${escapeHtml(link)}</p><p>The link works for ${lifetimeDays} days.</p>`,
  );
  return { subject, text, html };
}

export function infoReceivedEmail(productName: string, reference: string): EmailContent {
  const subject = `We have received your information for ${productName} prize claim ${reference}`;
  const lines = [
    'Your details have been submitted successfully.',
    '',
    'Our Winner Services Department will review the information you sent.',
    'Please keep your ticket safe.',
    `Please quote your claim reference number ${reference} if you contact us.`,
  ];
  const html = layout(
    subject,
    lines
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join(''),
  );
  return { subject, text: lines.join('\n'), html };
}
