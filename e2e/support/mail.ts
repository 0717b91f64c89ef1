import { stack } from './env.ts';

interface MailDevEmail {
  id: string;
  time: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
  attachments?: { generatedFileName: string; contentType: string; contentId?: string }[];
}

/** The e-mails MailDev caught for one address, oldest first (its REST API: GET /api/email). */
export async function mailsTo(address: string): Promise<MailDevEmail[]> {
  const res = await fetch(
    `${stack().inboxUrl}/api/email?to.address=${encodeURIComponent(address)}`,
  );
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  const all = (await res.json()) as MailDevEmail[];
  return all
    .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** Waits for the newest e-mail to `address` whose subject matches, skipping the first `skip` ones. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { skip = 0, timeoutMs = 20_000 } = {},
): Promise<MailDevEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await mailsTo(address)).filter((mail) => subject.test(mail.subject));
    if (matching.length > skip) return matching.at(-1)!;
    if (Date.now() > deadline)
      throw new Error(`no e-mail to ${address} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The first link in an e-mail's text that matches `pattern` (a path under PUBLIC_URL). */
export function linkIn(mail: MailDevEmail, pattern: RegExp): string {
  const base = stack().baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${base}${pattern.source}`).exec(
    `${mail.text ?? ''}\n${mail.html ?? ''}`,
  );
  if (!found)
    throw new Error(`no link matching ${pattern} in the e-mail '${mail.subject}':\n${mail.text}`);
  return found[0];
}

export const CLAIM_LINK = /\/claim\/[A-Za-z0-9_-]{43}\b/;
export const INFO_REQUEST_LINK = /\/claim\/info-request\/[A-Za-z0-9_-]{43}\b/;

/** Link from the verification e-mail sent to `address`. */
/** The link of the verification e-mail after the first `skip` (a second claim of one address). */
export async function verificationLink(address: string, skip = 0): Promise<string> {
  return linkIn(await waitForMail(address, /Verify your email/, { skip }), CLAIM_LINK);
}

/** How many verification e-mails `address` has had so far. */
export async function verificationCount(address: string): Promise<number> {
  return (await mailsTo(address)).filter((mail) => /Verify your email/.test(mail.subject)).length;
}

/** The bytes of the e-mail's first attachment of `contentType` (MailDev: /api/email/:id/attachment/:name). */
export async function attachmentOf(mail: MailDevEmail, contentType: string): Promise<Buffer> {
  const attachment = mail.attachments?.find((candidate) => candidate.contentType === contentType);
  if (!attachment) throw new Error(`no ${contentType} attachment in the e-mail '${mail.subject}'`);
  const res = await fetch(
    `${stack().inboxUrl}/api/email/${mail.id}/attachment/${encodeURIComponent(attachment.generatedFileName)}`,
  );
  if (!res.ok) throw new Error(`MailDev answered ${res.status} for the attachment`);
  return Buffer.from(await res.arrayBuffer());
}
