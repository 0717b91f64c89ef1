import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/infra/free-port.ts';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/start.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** A real server process (node src/start.ts), as production runs it. */
export async function startServerProcess(
  env: Record<string, string>,
  /** Node options before the entry point, e.g. an `--import` probe. */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      RATE_LIMIT_SECRET: 'test-rate-limit-secret-0123456789abcdef',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server exited ${code}: ${output.slice(-2000)}`)),
    );
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
