import { freePort } from './free-port.ts';

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  stop(): Promise<void>;
}

async function portOr(preferred: number): Promise<number> {
  const net = await import('node:net');
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  return free ? preferred : freePort();
}

/** MailDev on loopback: catches every e-mail and shows it in a web inbox. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const smtp = await portOr(1025);
  const web = await portOr(1080);
  // Loaded only when wanted: MailDev brings jsdom and a web app, which a `make start` given
  // SMTP_URL would otherwise keep in its heap for nothing.
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp,
    web,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
  });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    inboxUrl: `http://127.0.0.1:${web}`,
    stop: () => maildev.stop(),
  };
}
