import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a long-running tool and resolves once a line of its output matches `ready`. */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 60_000): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} did not start in ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (ready.test(output)) {
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
