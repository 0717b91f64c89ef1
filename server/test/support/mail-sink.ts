import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../src/infra/free-port.ts';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ contentType: string; cid?: string; content: Buffer }>;
}

export interface MailSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` matching `subject`, waiting up to `timeoutMs`. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** A real SMTP listener (smtp-server) that parses every message it receives (mailparser). */
export async function startMailSink(port?: number): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          messages.push({
            to: to ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((attachment) => ({
              contentType: attachment.contentType,
              cid: attachment.cid,
              content: attachment.content,
            })),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${listenPort}`,
    port: listenPort,
    messages,
    async waitFor(to, subject, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (message) => message.to === to && (!subject || subject.test(message.subject)),
        );
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
