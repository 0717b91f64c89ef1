import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  stop(graceMs?: number): Promise<void>;
  /** Why the tool ended before it was stopped, with its last output; undefined while it runs. */
  crash(): string | undefined;
}

/** Spawns a long-running tool and resolves once a line of its output matches `ready`. */
export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    // A bounded tail of the output, for the error message when the tool fails to start.
    let output = '';
    let isReady = false;
    let stopping = false;
    let crash: string | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} did not start in ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-8000);
      if (!isReady && ready.test(output)) {
        isReady = true;
        clearTimeout(timer);
        resolve({
          child,
          crash: () => crash,
          // SIGTERM, then SIGKILL after `graceMs`: a graceful shutdown that waits on a kept-alive
          // connection (Prism's proxy, the server's queue) must not hang the test run's teardown.
          stop: (graceMs = 10_000) =>
            new Promise<void>((done) => {
              stopping = true;
              if (child.exitCode !== null || child.signalCode !== null) return done();
              const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
              child.once('exit', () => {
                clearTimeout(kill);
                done();
              });
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!isReady)
        reject(
          new Error(
            `${command} exited (${code ?? signal}) before it was ready:\n${output.slice(-2000)}`,
          ),
        );
      // A crash in the middle of the run: every later scenario fails with ECONNREFUSED, so say why
      // now and again at the end of the run (support/global-setup.ts), where CI's tail shows it.
      else if (!stopping) {
        crash = `${command} ${args[0] ?? ''} exited unexpectedly (${code ?? signal}); its last output:\n${output.slice(-4000)}`;
        console.error(`\n${crash}\n`);
      }
    });
  });
}
