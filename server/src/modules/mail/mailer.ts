import { mimeMessageBuilder } from './mime-message.ts';
import { smtpConnections } from './smtp-connections.ts';
import type { EmailContent } from './templates.ts';

export interface OutgoingEmail extends EmailContent {
  to: string;
}

/** The SMTP side of the outbox: one set of pooled connections per process. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** SMTP connections per process: a batch of messages queues on them. */
const MAIL_CONNECTIONS = 4;

/**
 * Sends from `from` ("Name <address>"; the envelope sender is its address) over up to
 * MAIL_CONNECTIONS connections to `smtpUrl`. Each message is built as one string and handed to
 * nodemailer's SMTPConnection: nodemailer's transport did the same work at several times the CPU.
 */
export function smtpMailer(smtpUrl: string, from: string, { requireTls = false }: { requireTls?: boolean } = {}): Mailer {
  const build = mimeMessageBuilder(from);
  const connections = smtpConnections(smtpUrl, MAIL_CONNECTIONS, requireTls);
  return {
    async send(email) {
      const { envelope, raw } = build(email);
      await connections.send(envelope, raw);
    },
    close: () => connections.close(),
  };
}
