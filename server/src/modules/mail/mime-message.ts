import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, encodeWords, foldLines, quoteString } from 'nodemailer/lib/mime-funcs';
import { normalizeDomain } from 'nodemailer/lib/shared';

/**
 * Builds an e-mail as one RFC 5322 string, in place of nodemailer's MailComposer: that builds a
 * tree of MIME nodes and streams per message, which cost several times the CPU of the SMTP
 * exchange itself. Our messages always have the same shape (a text and an HTML alternative, no
 * attachments), so a template with nodemailer's own header encoders does the same job.
 */

export interface MessageContent {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MimeMessage {
  /** SMTP envelope: bare addresses, never the display names. */
  envelope: { from: string; to: string[] };
  /** The whole message, CRLF line ends, 7-bit ASCII (unless an address itself needs SMTPUTF8). */
  raw: string;
}

interface Mailbox {
  name: string;
  address: string;
}

/** Base64 lines are at most 76 characters (RFC 2045). */
const BASE64_LINE = 76;

/**
 * A builder for messages from `from` ("Name <address>" or a bare address). The From header and
 * the Message-ID domain are worked out once here, not per message.
 */
export function mimeMessageBuilder(from: string): (content: MessageContent) => MimeMessage {
  const sender = mailboxes(from)[0];
  const fromHeader = sender ? header('From', formatMailboxes([sender])) : '';
  // The Message-ID names the sender's domain, as nodemailer does; any character that could
  // break out of the angle brackets was already dropped by `mailboxes`.
  const idDomain = sender?.address.includes('@') ? sender.address.slice(sender.address.lastIndexOf('@') + 1) : 'localhost';

  return (content) => {
    // Checked per message rather than at start-up: a bad MAIL_FROM then fails each send (and
    // shows in the outbox log) instead of ending the mail thread.
    if (!sender) throw new Error(`No sender address in ${JSON.stringify(from)}`);
    const recipients = mailboxes(content.to);
    if (recipients.length === 0) throw new Error(`No recipient address in ${JSON.stringify(content.to)}`);

    // Header and body are separated by an empty line and parts by `--boundary` lines; base64
    // text never contains '-', so a random boundary cannot occur inside a part. The message's
    // own random id serves for both: a second randomBytes call is a system call each time,
    // unlike randomUUID's pooled bytes.
    const id = randomUUID();
    const boundary = `_part_${id.replaceAll('-', '')}`;
    const raw = [
      fromHeader,
      header('To', formatMailboxes(recipients)),
      header('Subject', encodeText(content.subject)),
      `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <${id}@${idDomain}>`,
      'MIME-Version: 1.0',
      // Folded: with the boundary on one line it would pass the 78 characters RFC 5322 asks for.
      `Content-Type: multipart/alternative;\r\n boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(content.text),
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(content.html),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    return { envelope: { from: sender.address, to: recipients.map((mailbox) => mailbox.address) }, raw };
  };
}

/** Folded at 76 characters: long encoded subjects would otherwise exceed the line limits of RFC 5322. */
function header(key: string, value: string): string {
  return foldLines(`${key}: ${value}`, 76);
}

/**
 * An unstructured header value (the Subject). A CR or LF here would end the header and let the
 * rest of the value pose as a header of its own (say "Bcc:"), so line breaks become spaces, as
 * nodemailer does. Other control characters cannot be carried as they are, so they force the
 * whole value into an encoded word; non-ASCII text gets encoded words.
 */
function encodeText(value: string): string {
  const oneLine = value.replace(/\r\n|\r|\n/g, ' ');
  return /[\x00-\x08\x0b-\x1f\x7f]/.test(oneLine)
    ? encodeWord(oneLine, wordEncoding(oneLine), 52)
    : encodeWords(oneLine, wordEncoding(oneLine), 52, true);
}

/**
 * "Name <address>, ..." split into mailboxes (groups flattened), with what cannot stand in an
 * address dropped: control characters (so CR/LF cannot start a header or an SMTP command) and
 * angle brackets. A non-ASCII domain becomes its ASCII (punycode) form.
 */
function mailboxes(value: string): Mailbox[] {
  const found: Mailbox[] = [];
  for (const { name, address } of addressparser(value, { flatten: true })) {
    const cleaned = address.replace(/[\x00-\x1f\x7f<>]+/g, '').trim();
    if (!cleaned) continue;
    found.push({ name: name.replace(/[\x00-\x1f\x7f]+/g, ' ').trim(), address: asciiDomain(cleaned) });
  }
  return found;
}

function asciiDomain(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  // A non-ASCII local part needs SMTPUTF8 anyway, and then the domain may stay UTF-8 too.
  if (at < 0 || !/[^\x00-\x7f]/.test(domain) || /[^\x00-\x7f]/.test(address.slice(0, at))) return address;
  try {
    return `${address.slice(0, at)}@${normalizeDomain(domain, false)}`;
  } catch {
    return address;
  }
}

/** An address header value. Display names with specials are quoted, non-ASCII ones encoded (RFC 2047). */
function formatMailboxes(list: Mailbox[]): string {
  return list
    .map(({ name, address }) => {
      if (!name) return address;
      if (/^[\w ]*$/.test(name)) return `${name} <${address}>`;
      if (/^[\x20-\x7e]*$/.test(name)) return `${quoteString(name)} <${address}>`;
      return `${encodeWord(name, wordEncoding(name), 52)} <${address}>`;
    })
    .join(', ');
}

/** Q keeps mostly-Latin text readable in the raw message; B is shorter for mostly non-Latin text (nodemailer's rule). */
function wordEncoding(value: string): 'Q' | 'B' {
  let latin = 0;
  let other = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
    else if (code >= 0x80 || code < 0x20 || code === 0x7f) other++;
  }
  return other < latin ? 'Q' : 'B';
}

/** UTF-8, base64, cut into lines: the cheapest encoding to produce, and safe for any content and line length. */
function base64Lines(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  if (encoded.length <= BASE64_LINE) return encoded;
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += BASE64_LINE) lines.push(encoded.slice(i, i + BASE64_LINE));
  return lines.join('\r\n');
}
