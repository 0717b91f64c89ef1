import { inboxUrl, publicUrl } from './api.ts';

/** One e-mail as MailDev's REST API (`GET /api/email`) returns it: only the fields used here. */
export interface CaughtEmail {
  id: string;
  time: string;
  subject: string;
  to: Array<{ address: string }>;
  text?: string;
  html?: string;
}

export async function emailsTo(address: string): Promise<CaughtEmail[]> {
  const url = new URL('/api/email', inboxUrl);
  url.searchParams.set('to.address', address);
  url.searchParams.set('sort', 'asc');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`MailDev answered ${response.status} to ${url}`);
  return (await response.json()) as CaughtEmail[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `${PUBLIC_URL}/claim/{claimToken}`: the verification link. */
export const claimLink = (): RegExp =>
  new RegExp(`${escapeRegExp(publicUrl)}/claim/([A-Za-z0-9_-]{22,128})(?![A-Za-z0-9_-])`, 'g');
/** `${PUBLIC_URL}/claim/info-request/{infoRequestToken}`: the info-request link. */
export const infoRequestLink = (): RegExp =>
  new RegExp(
    `${escapeRegExp(publicUrl)}/claim/info-request/([A-Za-z0-9_-]{22,128})(?![A-Za-z0-9_-])`,
    'g',
  );

export interface FoundLink {
  token: string;
  email: CaughtEmail;
}

/**
 * Waits for an e-mail to `address` holding a link matching `pattern` whose token is not in
 * `seen` (e-mails go through a queue, so they arrive a little after the call that sent them).
 */
export async function waitForLink(
  address: string,
  pattern: () => RegExp,
  seen: ReadonlySet<string> = new Set(),
  timeoutMs = 30_000,
): Promise<FoundLink> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const email of (await emailsTo(address)).reverse()) {
      for (const part of [email.text ?? '', email.html ?? '']) {
        for (const match of part.matchAll(pattern())) {
          if (!seen.has(match[1]!)) return { token: match[1]!, email };
        }
      }
    }
    if (Date.now() > deadline)
      throw new Error(
        `no e-mail to ${address} with a link matching ${pattern().source} within ${timeoutMs} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits for an e-mail to `address` whose text or HTML satisfies `test`. */
export async function waitForEmail(
  address: string,
  test: (email: CaughtEmail) => boolean,
  timeoutMs = 30_000,
): Promise<CaughtEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await emailsTo(address)).find(test);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no matching e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `${PUBLIC_URL}/staff/setup/{setupToken}`: a new staff account's one-time set-up link. */
export const staffSetupLink = (): RegExp =>
  new RegExp(
    `${escapeRegExp(publicUrl)}/staff/setup/([A-Za-z0-9_-]{22,128})(?![A-Za-z0-9_-])`,
    'g',
  );
