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

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as SMTPTransport.Options,
    { from },
  );
  return {
    async send(email) {
      await transport.sendMail({ to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
    close: () => transport.close(),
  };
}
