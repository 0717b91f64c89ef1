import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { EmailContent } from './templates.ts';

export interface OutgoingEmail extends EmailContent {
  to: string;
}

/** The SMTP side of the outbox: one transport per process, pooled connections. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** SMTP connections per process: a batch of messages queues on them. */
const MAIL_CONNECTIONS = 4;

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    // Pooled: a burst of claims reuses a few open SMTP connections instead of one per message.
    { url: smtpUrl, pool: true, maxConnections: MAIL_CONNECTIONS, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as SMTPTransport.Options,
    { from },
  );
  return {
    async send(email) {
      await transport.sendMail({ to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
    close: () => transport.close(),
  };
}
