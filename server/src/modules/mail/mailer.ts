import nodemailer from 'nodemailer';
import type { EmailContent } from './templates.ts';

export interface OutgoingEmail extends EmailContent {
  to: string;
  /**
   * The outbox row's id: it becomes the Message-ID, so a message sent again after a crash (at
   * least once, docs/adr/007) carries the same id and the recipient's mail system can drop the copy.
   */
  id?: string;
}

/** The SMTP side of the outbox: one pooled nodemailer transport per process. */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects with nodemailer's error (`code`, `responseCode`) otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** SMTP connections per process: a batch of messages queues on them. */
const MAIL_CONNECTIONS = 4;

/** An unreachable or silent server fails a message in seconds, not in nodemailer's default minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Sends from `from` ("Name <address>") over nodemailer's pooled SMTP transport to `smtpUrl`
 * (smtp: or smtps:, user:password for AUTH, query parameters as transport options), which builds
 * each message (MIME, header encoding, line folding) and reuses up to MAIL_CONNECTIONS sessions.
 * `requireTls` (SMTP_REQUIRE_TLS) is nodemailer's `requireTLS`: a plain connection must be
 * upgraded by STARTTLS or nothing is sent over it. It is written into the URL because nodemailer
 * lets the URL's parameters win over the options, and the setting must win over a `?ignoreTLS`.
 * nodemailer's own logger stays off: its lines would quote addresses.
 */
export function smtpMailer(
  smtpUrl: string,
  from: string,
  { requireTls = false }: { requireTls?: boolean } = {},
): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: tlsRequired(smtpUrl, requireTls),
      pool: true,
      maxConnections: MAIL_CONNECTIONS,
      ...TIMEOUTS,
      logger: false,
    },
    { from },
  );
  const idDomain = senderDomain(from);
  return {
    async send({ id, to, subject, text, html, attachments }) {
      await transport.sendMail({
        to,
        subject,
        text,
        html,
        // An attachment with a cid is shown inline where the HTML refers to it (`cid:...`).
        attachments: attachments?.map((attachment) => ({
          ...attachment,
          contentDisposition: attachment.cid ? 'inline' : 'attachment',
        })),
        messageId: id && `<${id}@${idDomain}>`,
      });
    },
    close: () => transport.close(),
  };
}

function tlsRequired(smtpUrl: string, requireTls: boolean): string {
  if (!requireTls) return smtpUrl;
  const url = new URL(smtpUrl);
  url.searchParams.delete('ignoreTLS');
  url.searchParams.set('requireTLS', 'true');
  return url.href;
}

/** The domain of the sender's address, for the Message-ID as nodemailer forms its own. */
function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}
