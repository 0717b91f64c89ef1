import { Eta } from 'eta';
import type { ClaimantStep } from '@prize/domain';

/**
 * Every e-mail's plain-text and HTML parts, from one template module (issue 31). An e-mail is a
 * subject and a list of blocks (paragraphs, a list, a link, the shared snippets); the two
 * templates below render any of them. Eta escapes every value put into the HTML (`<%= %>`), so no
 * claimant's or staff's text is ever concatenated into markup; the text part is rendered by a
 * second instance that does not escape.
 */

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

export type EmailBlock =
  | { kind: 'p'; text: string }
  | { kind: 'heading'; text: string }
  /** Stands out: a ticket code, a postal address. */
  | { kind: 'strong'; text: string }
  | { kind: 'list'; items: readonly string[] }
  /** A numbered list of titled steps (the claimant's next steps). */
  | { kind: 'steps'; steps: readonly ClaimantStep[] }
  /** A link as a button-like line, and the shared "copy this link" line under it. */
  | { kind: 'link'; href: string; label: string }
  | { kind: 'image'; cid: string; alt: string; size: number }
  /** Shared: the claim's reference and "quote it". */
  | { kind: 'reference'; reference: string }
  /** Shared: the claim's status link. */
  | { kind: 'status'; href: string }
  /** Shared: Customer Care's number, after the usual words or after `lead` ("... call Customer Care on"). */
  | { kind: 'customerCare'; phone: string; lead?: string };

/** The shared snippets' words, written once for both parts. */
export const SNIPPETS = {
  copyLink: 'Or copy this link into your browser:',
  referenceBefore: 'Your claim reference number is',
  referenceAfter: 'Please quote it if you contact us.',
  statusLabel: 'See where your claim is',
  statusText: 'You can see where your claim is at any time:',
  customerCare: 'If you have a question about your claim, please call Customer Care on',
} as const;

const LAYOUT_STYLE =
  'font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#0b0c0c;max-width:600px;margin:0 auto;padding:16px';

const HTML_PARTS: Record<EmailBlock['kind'] | 'copyLink', string> = {
  p: '<p><%= it.text %></p>',
  heading: '<h2 style="font-size:20px"><%= it.text %></h2>',
  strong: '<p style="font-size:20px;font-weight:bold"><%= it.text %></p>',
  list: '<ol><% for (const item of it.items) { %><li><%= item %></li><% } %></ol>',
  steps:
    '<ol><% for (const step of it.steps) { %><li><strong><%= step.title %></strong>: <%= step.text %></li><% } %></ol>',
  copyLink: '<p><%= it.words.copyLink %> <%= it.href %></p>',
  link: `<p><a href="<%= it.href %>"><%= it.label %></a></p><%~ include('@html/copyLink', it) %>`,
  image:
    '<p><img src="cid:<%= it.cid %>" width="<%= it.size %>" height="<%= it.size %>" alt="<%= it.alt %>"></p>',
  reference:
    '<p><%= it.words.referenceBefore %> <strong><%= it.reference %></strong>. <%= it.words.referenceAfter %></p>',
  status: `<p><%= it.words.statusText %> <a href="<%= it.href %>"><%= it.words.statusLabel %></a></p><%~ include('@html/copyLink', it) %>`,
  customerCare: '<p><%= it.lead ?? it.words.customerCare %> <strong><%= it.phone %></strong>.</p>',
};

const HTML_LAYOUT =
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title><%= it.subject %></title></head>` +
  `<body style="${LAYOUT_STYLE}"><% for (const block of it.blocks) { %><%~ include('@html/' + block.kind, { ...block, words: it.words }) %><% } %></body></html>`;

const TEXT_PARTS: Record<EmailBlock['kind'] | 'copyLink', string> = {
  p: '<%= it.text %>',
  heading: '<%= it.text %>:',
  strong: '<%= it.text %>',
  list: '<% it.items.forEach((item, index) => { %><%= index + 1 %>. <%= item %>\n<% }) %>',
  steps:
    '<% it.steps.forEach((step, index) => { %><%= index + 1 %>. <%= step.title %>: <%= step.text %>\n<% }) %>',
  copyLink: '<%= it.href %>',
  link: `<%= it.label %>:\n<%~ include('@text/copyLink', it) %>`,
  image: '',
  reference: '<%= it.words.referenceBefore %> <%= it.reference %>. <%= it.words.referenceAfter %>',
  status: `<%= it.words.statusText %>\n<%~ include('@text/copyLink', it) %>`,
  customerCare: '<%= it.lead ?? it.words.customerCare %> <%= it.phone %>.',
};

const TEXT_LAYOUT = `<% for (const block of it.blocks) { %><%~ include('@text/' + block.kind, { ...block, words: it.words }) %>\n\n<% } %>`;

function engine(autoEscape: boolean, prefix: string, parts: Record<string, string>, root: string) {
  const eta = new Eta({ autoEscape, autoTrim: false, cache: true });
  for (const [name, source] of Object.entries(parts))
    eta.loadTemplate(`@${prefix}/${name}`, source);
  eta.loadTemplate(`@${prefix}`, root);
  return eta;
}

const html = engine(true, 'html', HTML_PARTS, HTML_LAYOUT);
const text = engine(false, 'text', TEXT_PARTS, TEXT_LAYOUT);

/** Renders an e-mail's two parts from its blocks. */
export function renderEmail(
  subject: string,
  blocks: readonly EmailBlock[],
  attachments?: EmailAttachment[],
): EmailContent {
  const data = { subject, blocks, words: SNIPPETS };
  const body = text
    .render('@text', data)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return {
    subject,
    text: body,
    html: html.render('@html', data),
    ...(attachments ? { attachments } : {}),
  };
}

export function verificationEmail(
  productName: string,
  link: string,
  linkHours: number,
): EmailContent {
  return renderEmail(`Verify your email to start your ${productName} prize claim`, [
    { kind: 'p', text: `Thank you for starting your ${productName} prize claim.` },
    { kind: 'link', href: link, label: 'Verify your email and continue your claim' },
    {
      kind: 'p',
      text: `The link works for ${linkHours} hours. If you did not ask to start a claim, you can ignore this email.`,
    },
  ]);
}

export interface ConfirmationFacts {
  productName: string;
  reference: string;
  /** The claim's status link (its progress view). */
  statusLink: string;
  steps: readonly ClaimantStep[];
  customerCarePhone: string;
}

export function confirmationEmail({
  productName,
  reference,
  statusLink,
  steps,
  customerCarePhone,
}: ConfirmationFacts): EmailContent {
  return renderEmail(`Your ${productName} prize claim ${reference} has been submitted`, [
    { kind: 'p', text: 'Your claim has been submitted successfully.' },
    { kind: 'reference', reference },
    { kind: 'status', href: statusLink },
    { kind: 'heading', text: 'What happens next?' },
    { kind: 'steps', steps },
    { kind: 'p', text: 'Please keep your ticket safe until we ask you to post it.' },
    { kind: 'customerCare', phone: customerCarePhone },
  ]);
}

export function infoRequestEmail(
  productName: string,
  link: string,
  lifetimeDays: number,
): EmailContent {
  return renderEmail(`We need more information about your ${productName} prize claim`, [
    {
      kind: 'p',
      text: 'Our Winner Services team needs some more information to continue with your claim.',
    },
    { kind: 'link', href: link, label: 'Amend or add further information' },
    { kind: 'p', text: `The link works for ${lifetimeDays} days.` },
  ]);
}

/** After the claimant answered an information request: received, and where to see the claim. */
export function infoReceivedEmail(
  productName: string,
  reference: string,
  statusLink: string,
): EmailContent {
  return renderEmail(
    `We have received your information for ${productName} prize claim ${reference}`,
    [
      { kind: 'p', text: 'Your details have been submitted successfully.' },
      {
        kind: 'p',
        text: 'Our Winner Services Department will review the information you sent. Please keep your ticket safe.',
      },
      { kind: 'status', href: statusLink },
      { kind: 'reference', reference },
    ],
  );
}

/** The set-up link e-mailed to a new member of staff (or after an admin resets the account). */
export function staffSetupEmail(
  productName: string,
  name: string,
  link: string,
  hours: number,
): EmailContent {
  return renderEmail(`Set up your ${productName} claims back office account`, [
    { kind: 'p', text: `Hello ${name},` },
    {
      kind: 'p',
      text: `An account has been created for you on the ${productName} claims back office.`,
    },
    {
      kind: 'link',
      href: link,
      label: 'Choose your password and set up your authenticator app',
    },
    {
      kind: 'p',
      text: `The link works once, for ${hours} hours. If you were not expecting it, tell your administrator.`,
    },
  ]);
}
