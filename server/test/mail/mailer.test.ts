import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { generate } from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../src/infra/free-port.ts';
import { smtpMailer, type Mailer, type OutgoingEmail } from '../../src/modules/mail/mailer.ts';
import { refusedForGood } from '../../src/modules/mail/outbox-sender.ts';
import { claimantNextSteps } from '@prize/domain';
import { confirmationEmail } from '../../src/modules/mail/templates.ts';
import { uniqueEmail } from '../support/journey.ts';

interface Received {
  parsed: ParsedMail;
  raw: string;
  mailFrom: string;
  rcptTo: string[];
}

interface SmtpListener {
  port: number;
  url: string;
  received: Received[];
  /** Connections the server accepted. */
  connections: number;
  logins: Array<{ username?: string | null; password?: string | null }>;
  stop(): Promise<void>;
}

const FROM = 'Prize Claims <no-reply@claims.example>';
const listeners: SmtpListener[] = [];
const mailers: Mailer[] = [];

afterEach(async () => {
  for (const mailer of mailers.splice(0)) mailer.close();
  await Promise.all(listeners.splice(0).map((listener) => listener.stop()));
});

/** A real SMTP server (smtp-server) whose messages are parsed by mailparser; `options` add hooks. */
async function listen(
  options: Partial<SMTPServerOptions> & { port?: number; dataDelayMs?: number } = {},
): Promise<SmtpListener> {
  const { port: wanted, dataDelayMs = 0, ...hooks } = options;
  const port = wanted ?? (await freePort());
  const listener: SmtpListener = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    connections: 0,
    logins: [],
    stop: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // stop() then ends open sessions at once instead of waiting for the client.
    closeTimeout: 100,
    onConnect(_session, callback) {
      listener.connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((parsed) => {
          listener.received.push({
            parsed,
            raw: raw.toString('latin1'),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          setTimeout(() => callback(), dataDelayMs);
        }, callback);
      });
    },
    ...hooks,
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  listener.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  listeners.push(listener);
  return listener;
}

function mailer(url: string, from = FROM, options: { requireTls?: boolean } = {}): Mailer {
  const created = smtpMailer(url, from, options);
  mailers.push(created);
  return created;
}

function email(to: string, subject = 'Your claim'): OutgoingEmail {
  return { to, subject, text: `Hello ${to}`, html: `<p>Hello ${to}</p>` };
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((object) => object.value);
const receivedBy = (listener: SmtpListener, to: string) =>
  listener.received.filter((message) => message.rcptTo.includes(to));

describe('smtpMailer (nodemailer pooled transport)', () => {
  it('when an e-mail with non-ASCII text and a very long HTML line is sent, then the server parses the From, To, Subject, text and html given', async () => {
    const smtp = await listen();
    const to = uniqueEmail('mime');
    const content = confirmationEmail({
      productName: 'Loterie nationale £5,000 – ✓',
      reference: 'ABC123',
      statusLink: 'https://claims.example/claim/status/abc',
      steps: claimantNextSteps('bank_transfer'),
      customerCarePhone: '0333 234 5050',
    });
    const longLine = `<p>${'Très long paragraphe sans retour à la ligne. '.repeat(120)}</p>`;
    const id = '6f1c2a4e-8a0b-4c7d-9e2f-0123456789ab';
    const sent = {
      id,
      to,
      subject: content.subject,
      text: content.text,
      html: content.html + longLine,
    };
    expect(longLine.length).toBeGreaterThan(5000);

    await mailer(smtp.url, 'Équipe Loterie – Prize Claims <no-reply@claims.example>').send(sent);

    const [message] = smtp.received;
    expect(smtp.received).toHaveLength(1);
    expect(addresses(message!.parsed.from)).toEqual([
      { name: 'Équipe Loterie – Prize Claims', address: 'no-reply@claims.example' },
    ]);
    expect(addresses(message!.parsed.to)).toEqual([{ name: '', address: to }]);
    expect(message!.parsed.subject).toBe(
      'Your Loterie nationale £5,000 – ✓ prize claim ABC123 has been submitted',
    );
    expect(message!.parsed.text).toBe(sent.text);
    expect(message!.parsed.html).toBe(sent.html);
    expect(message!.mailFrom).toBe('no-reply@claims.example');
    expect(message!.rcptTo).toEqual([to]);
    // The outbox row's id: a copy sent again after a crash carries the same Message-ID.
    expect(message!.parsed.messageId).toBe(`<${id}@claims.example>`);
    expect(Math.abs(message!.parsed.date!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(message!.parsed.headers.get('mime-version')).toBe('1.0');
    // 7-bit (every non-ASCII character encoded) and every line within the 78 characters RFC 5322
    // asks for, the several-thousand-character HTML line included.
    expect(message!.raw).not.toMatch(/[^\p{ASCII}]/u);
    expect(Math.max(...message!.raw.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(
      78,
    );
  });

  it('when a subject holds CR LF and a Bcc header, then no header is added and the subject arrives whole on one line', async () => {
    const smtp = await listen();
    const to = uniqueEmail('inject');

    await mailer(smtp.url).send(email(to, 'Your claim\r\nBcc: someone@example.com'));

    const [message] = smtp.received;
    expect(message!.parsed.bcc).toBeUndefined();
    expect(message!.parsed.headers.has('bcc')).toBe(false);
    expect(message!.raw).not.toMatch(/^bcc:/im);
    expect(message!.parsed.subject).toBe('Your claim Bcc: someone@example.com');
    expect(message!.rcptTo).toEqual([to]);
  });

  it('when 20 e-mails are sent at once, then all arrive over at most 4 SMTP connections', async () => {
    // A slow server keeps every connection busy, so a pool without a limit would open one per e-mail.
    const smtp = await listen({ dataDelayMs: 50 });
    const sender = mailer(smtp.url);
    const recipients = Array.from({ length: 20 }, (_, i) => uniqueEmail(`burst-${i}`));

    await Promise.all(recipients.map((to) => sender.send(email(to))));

    expect(smtp.received.flatMap((message) => message.rcptTo).sort()).toEqual(
      [...recipients].sort(),
    );
    expect(smtp.connections).toBeLessThanOrEqual(4);
    expect(smtp.connections).toBeGreaterThan(1);
  });

  it('when the server refuses a recipient, then only that send rejects and the next one arrives', async () => {
    const smtp = await listen({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refused'))
          return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        callback();
      },
    });
    const sender = mailer(smtp.url);
    const refused = uniqueEmail('refused');
    const accepted = uniqueEmail('accepted');

    await expect(sender.send(email(refused))).rejects.toMatchObject({
      code: 'EENVELOPE',
      responseCode: 550,
    });
    await sender.send(email(accepted));

    expect(receivedBy(smtp, accepted)).toHaveLength(1);
    expect(receivedBy(smtp, refused)).toHaveLength(0);
  });

  it('when the server answers 421 to a recipient, then that send rejects as a temporary failure and the next one arrives', async () => {
    const smtp = await listen({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('busy'))
          return callback(Object.assign(new Error('Try again later'), { responseCode: 421 }));
        callback();
      },
    });
    const sender = mailer(smtp.url);
    const busy = uniqueEmail('busy');
    const accepted = uniqueEmail('after-busy');

    const failure = await sender.send(email(busy)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ responseCode: 421 });
    // The outbox retries it later: not refused for good.
    expect(refusedForGood(failure)).toBe(false);
    await sender.send(email(accepted));

    expect(receivedBy(smtp, accepted)).toHaveLength(1);
    expect(receivedBy(smtp, busy)).toHaveLength(0);
  });

  it('when the server answers 554 to the message content, then that send rejects as refused for good', async () => {
    const smtp = await listen({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Message rejected'), { responseCode: 554 })),
        );
      },
    });

    const failure = await mailer(smtp.url)
      .send(email(uniqueEmail('content-refused')))
      .then(
        () => undefined,
        (error: unknown) => error,
      );

    expect(failure).toMatchObject({ code: 'EMESSAGE', responseCode: 554 });
    expect(refusedForGood(failure)).toBe(true);
  });

  it('when the server is down, then send rejects; when it comes up on that port, then the next send arrives', async () => {
    const port = await freePort();
    const sender = mailer(`smtp://127.0.0.1:${port}`);

    // More failures than there are connections: a failed connection must not keep its place.
    for (let attempt = 0; attempt < 6; attempt++) {
      await expect(sender.send(email(uniqueEmail('down')))).rejects.toMatchObject({
        code: 'ESOCKET',
      });
    }

    const smtp = await listen({ port });
    const to = uniqueEmail('back-up');
    await sender.send(email(to));
    expect(receivedBy(smtp, to)).toHaveLength(1);
  });

  it('when the server restarts while a connection is idle, then the next send arrives over a new connection', async () => {
    const first = await listen();
    const sender = mailer(first.url);
    await sender.send(email(uniqueEmail('before-restart')));

    await first.stop();
    const second = await listen({ port: first.port });
    const to = uniqueEmail('after-restart');
    await sender.send(email(to));

    expect(receivedBy(second, to)).toHaveLength(1);
  });

  it('when the URL holds user:password, then the server sees those credentials and the e-mail arrives', async () => {
    const smtp = await listen({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        smtp.logins.push({ username: auth.username, password: auth.password });
        if (auth.username !== 'claims@mailer' || auth.password !== 'p:ss w/rd')
          return callback(new Error('Invalid credentials'));
        callback(null, { user: auth.username });
      },
    });
    const to = uniqueEmail('auth');

    await mailer(
      `smtp://claims%40mailer:${encodeURIComponent('p:ss w/rd')}@127.0.0.1:${smtp.port}`,
    ).send(email(to));

    expect(smtp.logins).toEqual([{ username: 'claims@mailer', password: 'p:ss w/rd' }]);
    expect(receivedBy(smtp, to)).toHaveLength(1);
  });

  it('when the mailer is closed with e-mails queued and in flight, then those in flight finish, the queued ones reject and later sends reject', async () => {
    const smtp = await listen({ dataDelayMs: 1000 });
    const sender = smtpMailer(smtp.url, FROM);
    const recipients = Array.from({ length: 6 }, (_, i) => uniqueEmail(`closed-${i}`));
    const sends = recipients.map((to) => sender.send(email(to)));
    // Let the first messages reach the server, so four are in flight (one per connection) and two queued.
    await new Promise((resolve) => setTimeout(resolve, 300));

    sender.close();

    const outcomes = await Promise.allSettled(sends);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    // What was reported sent did arrive: a rejected one is left to the outbox's retry.
    recipients.forEach((to, i) =>
      expect(receivedBy(smtp, to)).toHaveLength(outcomes[i]!.status === 'fulfilled' ? 1 : 0),
    );
    await expect(sender.send(email(uniqueEmail('after-close')))).rejects.toThrow(/closed/);
  });
});

describe('SMTP_REQUIRE_TLS', () => {
  it('when TLS is required and the relay offers no STARTTLS, then nothing is sent and the send fails', async () => {
    const smtp = await listen();
    const to = uniqueEmail('plain');

    await expect(mailer(smtp.url, FROM, { requireTls: true }).send(email(to))).rejects.toThrow();

    expect(receivedBy(smtp, to)).toHaveLength(0);
  });

  it('when TLS is required and the relay offers STARTTLS with its own certificate, then the message goes over the upgraded connection', async () => {
    let secured = false;
    // A certificate made for this test; the client is told to accept it (test only: production verifies).
    const { private: key, cert } = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
    });
    const smtp = await listen({
      disabledCommands: [],
      key,
      cert,
      onSecure: (_socket, session, callback) => ((secured = session.secure), callback()),
    });
    const to = uniqueEmail('starttls');

    await mailer(`${smtp.url}?tls.rejectUnauthorized=false`, FROM, { requireTls: true }).send(
      email(to),
    );

    expect(secured).toBe(true);
    expect(receivedBy(smtp, to)).toHaveLength(1);
  });

  it('when TLS is required and the URL says ignoreTLS, then SMTP_REQUIRE_TLS still wins and nothing goes over the plain connection', async () => {
    const smtp = await listen();
    const to = uniqueEmail('ignore-tls');

    await expect(
      mailer(`${smtp.url}?ignoreTLS=true`, FROM, { requireTls: true }).send(email(to)),
    ).rejects.toThrow();

    expect(receivedBy(smtp, to)).toHaveLength(0);
  });
});
