import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a long-running tool and resolves once a line of its output matches `ready`. */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 60_000): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    // A bounded tail of the output, for the error message when the tool fails to start.
    let output = '';
    let isReady = false;
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
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
}
