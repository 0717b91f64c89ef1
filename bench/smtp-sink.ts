/**
 * A real SMTP listener that accepts every message and throws it away: the product's e-mail
 * worker does its full work (outbox row, lease, SMTP round trip, mark sent) without MailDev keeping
 * thousands of messages. Its own process, so it costs the server nothing. Prints the count on exit.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
const smtpPort = Number(process.env.SMTP_PORT);
smtp.listen(smtpPort, '127.0.0.1');

// A tiny status endpoint: readiness for the runner, and how many messages arrived.
const status = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received })));
status.listen(Number(process.env.PORT), '127.0.0.1');

const stop = (): void => {
  status.close();
  smtp.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
