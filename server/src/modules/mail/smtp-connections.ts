import SMTPConnection, { type SMTPConnectionAuth, type SMTPConnectionOptions, type SMTPConnectionSendInfo, type SMTPEnvelope } from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import wellKnown from 'nodemailer/lib/well-known';

/**
 * A few SMTP connections that prepared messages queue on, in place of nodemailer's pooled
 * transport (whose Mailer and pool machinery cost more CPU per message than the SMTP exchange).
 * The error handling follows nodemailer's own pool (smtp-pool/pool-resource.js): a connection
 * that fails is dropped and replaced on demand; one the server merely refused a message on is
 * reset and kept.
 */
export interface SmtpConnections {
  /** Resolves once the server accepted the message; rejects with the error otherwise. */
  send(envelope: SMTPEnvelope, message: string): Promise<SMTPConnectionSendInfo>;
  /** Closes every connection and rejects the messages still queued or in flight. */
  close(): void;
}

/**
 * A session is replaced after this many messages, as nodemailer's pool does (after 100 there).
 * Higher here because each new session's handshake is CPU spent on every message it carries
 * (docs/benchmarks.md), and a server that allows fewer per session answers 421, on which the
 * message goes again on a new connection.
 */
const MESSAGES_PER_CONNECTION = 1000;

/** Bounds the resends of one message over reused connections that turn out to be closing (one per stale connection). */
const MAX_RETRIES = 3;

/** The timeouts the pooled transport had: an unreachable or silent server fails a message in seconds, not minutes. */
const DEFAULTS: SMTPConnectionOptions = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

interface Job {
  envelope: SMTPEnvelope;
  message: string;
  resolve(info: SMTPConnectionSendInfo): void;
  reject(error: Error): void;
  /** Times it was sent again after a reused connection turned out to be closing. */
  retries: number;
  /** The server's refusal, while the connection is reset before the message is rejected with it. */
  error?: Error;
}

/**
 * Connection options from an SMTP URL the way nodemailer's createTransport({ url }) reads it:
 * smtps: means TLS from the start, user:password means AUTH, query parameters are options
 * (tls.* ones go to `tls`) and ?service= picks a well-known provider's settings. The URL wins
 * over the defaults, as it does in nodemailer. `requireTls` (SMTP_REQUIRE_TLS) sets nodemailer's
 * `requireTLS`: a plain connection must be upgraded by STARTTLS, or nothing is sent over it.
 */
export function smtpConnectionOptions(smtpUrl: string, requireTls = false): { options: SMTPConnectionOptions; auth?: SMTPConnectionAuth } {
  const { auth, service, ...fromUrl } = parseConnectionUrl(smtpUrl);
  const provider = typeof service === 'string' ? wellKnown(service) : false;
  const options: SMTPConnectionOptions = { ...DEFAULTS, ...fromUrl, ...(provider || {}) };
  if (requireTls) {
    options.requireTLS = true;
    options.ignoreTLS = false;
  }
  // nodemailer logs in only with something to log in with, and `authMethod` may name the SASL method.
  const method = typeof fromUrl.authMethod === 'string' ? fromUrl.authMethod : undefined;
  return { options, auth: auth && (auth.user || auth.pass) ? { user: auth.user, pass: auth.pass, method } : undefined };
}

export function smtpConnections(smtpUrl: string, maxConnections: number, requireTls = false): SmtpConnections {
  return new Pool(smtpConnectionOptions(smtpUrl, requireTls), maxConnections);
}

class Pool implements SmtpConnections {
  /** Messages waiting for a connection, oldest first. */
  private readonly queue: Job[] = [];
  /** Every connection counted against the limit: connecting, sending or idle. */
  private readonly live = new Set<PooledConnection>();
  /** Connected and free. */
  private readonly idle: PooledConnection[] = [];
  private closed = false;
  readonly settings: { options: SMTPConnectionOptions; auth?: SMTPConnectionAuth };
  private readonly maxConnections: number;

  constructor(settings: { options: SMTPConnectionOptions; auth?: SMTPConnectionAuth }, maxConnections: number) {
    this.settings = settings;
    this.maxConnections = maxConnections;
  }

  send(envelope: SMTPEnvelope, message: string): Promise<SMTPConnectionSendInfo> {
    if (this.closed) return Promise.reject(connectionError('The SMTP connections were closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, message, resolve, reject, retries: 0 });
      this.dispatch();
    });
  }

  close(): void {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(connectionError('The SMTP connections were closed'));
    // Each close ends its connection, whose 'end' rejects the message it had in flight.
    for (const connection of [...this.live]) connection.close();
  }

  /** Hands queued messages to free connections, opening new ones up to the limit. */
  dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let connection = this.idle.pop();
      if (!connection) {
        if (this.live.size >= this.maxConnections) return;
        connection = new PooledConnection(this);
        this.live.add(connection);
      }
      connection.run(this.queue.shift()!);
    }
  }

  /** A message to send again: it was the oldest waiting, so it goes first. */
  retry(job: Job): void {
    if (this.closed) return job.reject(connectionError('The SMTP connections were closed'));
    this.queue.unshift(job);
    this.dispatch();
  }

  /** A connection that finished a message and can take the next one. */
  available(connection: PooledConnection): void {
    this.idle.push(connection);
    this.dispatch();
  }

  /** A connection that ended or is on its way out: it no longer counts, and a queued message may open a new one. */
  drop(connection: PooledConnection): void {
    this.live.delete(connection);
    const index = this.idle.indexOf(connection);
    if (index >= 0) this.idle.splice(index, 1);
    this.dispatch();
  }
}

/**
 * One SMTPConnection, connected on its first message and then reused. SMTPConnection reports a
 * failure as an 'error' event, then always emits 'end'; the callback of the operation in flight
 * is called after that for a send, and not at all for connect, login or RSET. So 'end' is what
 * drops the connection and fails its message, and the send callback gets the first say on why.
 */
class PooledConnection {
  private readonly connection: SMTPConnection;
  /** The message this connection is connecting for or sending; cleared once it is settled. */
  private job: Job | undefined;
  private connected = false;
  private ended = false;
  private sent = 0;
  private lastError: Error | undefined;
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
    this.connection = new SMTPConnection(pool.settings.options);
    // Without a listener an 'error' event would throw and take the mail thread down. Even an
    // idle connection gets one (its socket times out after socketTimeout); 'end' follows it.
    this.connection.on('error', (error: Error) => {
      this.lastError = error;
    });
    this.connection.once('end', () => this.onEnd());
  }

  run(job: Job): void {
    this.job = job;
    if (this.connected) return this.transmit(job);
    this.connection.connect((error) => {
      if (this.ended || this.job !== job) return;
      if (error) return this.fail(job, error);
      const auth = this.pool.settings.auth;
      // Like nodemailer: credentials are used only when the server offers AUTH.
      if (!auth || !this.connection.allowsAuth) return this.ready(job);
      this.connection.login(auth, (loginError) => {
        if (this.ended || this.job !== job) return;
        if (loginError) return this.fail(job, loginError);
        this.ready(job);
      });
    });
  }

  close(): void {
    this.connection.close();
  }

  private ready(job: Job): void {
    this.connected = true;
    this.transmit(job);
  }

  private transmit(job: Job): void {
    this.sent++;
    // A copy: SMTPConnection writes its bookkeeping (mailError among it) into the envelope it gets.
    this.connection.send({ ...job.envelope }, job.message, (error, info) => {
      if (this.job !== job) return;
      if (!error) {
        this.job = undefined;
        job.resolve(info);
        return this.release();
      }
      if (this.sent > 1 && job.retries < MAX_RETRIES && closedBeforeContent(error)) {
        // A reused session the server was closing as we sent (it restarted, or timed out the
        // idle session): nothing of the message went out, so it goes again on a new connection,
        // as nodemailer's pool requeues it, rather than waiting for the outbox's retry.
        this.job = undefined;
        job.retries++;
        this.connection.close();
        return this.pool.retry(job);
      }
      if (refusedMessage(error) && !this.connection.destroyed) {
        // The server refused this message, the session itself is fine: RSET and keep it. The
        // message settles after the RSET, so a next message finds this connection free instead
        // of opening another; a connection that ends during the RSET fails it from 'end'.
        job.error = error;
        this.connection.reset((resetError) => {
          if (this.job !== job) return;
          this.job = undefined;
          job.reject(error);
          if (resetError) this.connection.close();
          else this.release();
        });
        return;
      }
      this.job = undefined;
      job.reject(error);
      this.connection.close();
    });
  }

  private release(): void {
    if (this.ended) return;
    // Closed, not returned: its 'end' drops it and the next message opens a fresh session.
    if (this.sent >= MESSAGES_PER_CONNECTION) return this.connection.close();
    this.pool.available(this);
  }

  /** Connecting or logging in failed: the message fails with it and the connection goes. */
  private fail(job: Job, error: Error): void {
    this.job = undefined;
    job.reject(error);
    this.connection.close();
  }

  private onEnd(): void {
    this.ended = true;
    const job = this.job;
    if (job) {
      // A send callback still to come (it follows 'end' synchronously) carries the telling
      // error; connect, login and RSET never call back after 'end', so the job fails here.
      setImmediate(() => {
        if (this.job !== job) return;
        this.job = undefined;
        job.reject(job.error ?? this.lastError ?? connectionError('The SMTP connection closed'));
      });
    }
    this.pool.drop(this);
  }
}

/**
 * The server refused this message (envelope or content), not the session: the same rule as
 * nodemailer's pool. A 421 means the server is closing the session, so that one is not.
 */
function refusedMessage(error: Error & { code?: string; responseCode?: number }): boolean {
  return (error.code === 'EENVELOPE' || error.code === 'EMESSAGE') && error.responseCode !== 421;
}

/**
 * A 421 (the server is closing the session) to MAIL FROM, RCPT TO or DATA: EENVELOPE errors only
 * come before the message content is sent, so sending it again cannot deliver it twice.
 */
function closedBeforeContent(error: Error & { code?: string; responseCode?: number }): boolean {
  return error.code === 'EENVELOPE' && error.responseCode === 421;
}

function connectionError(message: string): Error {
  return Object.assign(new Error(message), { code: 'ECONNECTION' });
}
