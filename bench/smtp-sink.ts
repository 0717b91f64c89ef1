/**
 * The mail relay of the benches: a real SMTP listener that accepts every message and throws it
 * away, so the product's e-mail work is done in full (outbox row, lease, SMTP exchange, mark sent)
 * without MailDev keeping thousands of messages. Its own process; prints the count on exit.
 *
 * It speaks the little of SMTP a client needs to deliver (EHLO with PIPELINING, MAIL, RCPT, DATA,
 * RSET, NOOP, QUIT) by hand rather than with `smtp-server`. In production the relay runs on
 * other machines; here it shares the two cores with the server under test, so every bit of
 * parsing it does is counted against the product's figures: smtp-server parses more than a
 * sink needs (docs/adr/008, docs/benchmarks.md).
 */
import http from 'node:http';
import net from 'node:net';

const CRLF = Buffer.from('\r\n');
/** The end of a message's data: a line holding one dot (RFC 5321 4.1.1.4). */
const END_OF_DATA = Buffer.from('\r\n.\r\n');
const EHLO_REPLY = '250-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n';

let received = 0;

const smtp = net.createServer((socket) => {
  let pending: Buffer = Buffer.alloc(0);
  let inData = false;
  socket.on('error', () => socket.destroy());
  socket.write('220 sink ESMTP\r\n');
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let replies = '';
    for (;;) {
      if (inData) {
        const end = pending.indexOf(END_OF_DATA);
        if (end < 0) {
          // Keep only what could be the start of the terminator.
          pending = pending.subarray(Math.max(0, pending.length - (END_OF_DATA.length - 1)));
          break;
        }
        pending = pending.subarray(end + END_OF_DATA.length);
        inData = false;
        received++;
        replies += '250 2.0.0 Accepted\r\n';
        continue;
      }
      const lineEnd = pending.indexOf(CRLF);
      if (lineEnd < 0) break;
      const command = pending.subarray(0, 4).toString('latin1').toUpperCase();
      pending = pending.subarray(lineEnd + 2);
      if (command === 'EHLO') replies += EHLO_REPLY;
      else if (command === 'DATA') {
        replies += '354 End data with <CR><LF>.<CR><LF>\r\n';
        inData = true;
        // The data begins at the start of a line: with this CR LF before it, a message of no
        // lines ends on the same "CR LF . CR LF" search as every other.
        pending = Buffer.concat([CRLF, pending]);
      } else if (command === 'QUIT') {
        socket.end(`${replies}221 Bye\r\n`);
        return;
      } else if (['HELO', 'MAIL', 'RCPT', 'RSET', 'NOOP'].includes(command))
        replies += '250 OK\r\n';
      else replies += '502 5.5.2 Command not implemented\r\n';
    }
    if (replies) socket.write(replies);
  });
});
smtp.listen(Number(process.env.SMTP_PORT), '127.0.0.1');

// A tiny status endpoint: readiness for the runner, and how many messages arrived.
const status = http.createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received })),
);
status.listen(Number(process.env.PORT), '127.0.0.1');

const stop = (): void => {
  console.log(`${received} messages received`);
  status.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
