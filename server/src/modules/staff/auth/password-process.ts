import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type argon2 from 'argon2';
import type { PasswordAnswer, PasswordJob } from './password-worker.ts';

/** Niceness of the hashing process: it gets the CPU time the claim service leaves. */
const NICENESS = 10;

type Pending = { resolve(value: string | boolean): void; reject(error: Error): void };

/**
 * One child process that hashes and checks passwords (password-worker.ts), started on first use
 * and again if it dies. argon2 in the server's own process ran on libuv's thread pool, which file
 * access shares, and at the server's CPU priority: a burst of sign-ins slowed every claimant.
 */
export function passwordProcess() {
  let child: ChildProcess | undefined;
  let next = 0;
  const pending = new Map<number, Pending>();

  function start(): ChildProcess {
    const worker = fork(path.join(import.meta.dirname, 'password-worker.ts'), [], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Only what argon2 needs: the server's settings and secrets stay in the server.
      env: { PATH: process.env.PATH ?? '' },
      execArgv: [],
    });
    try {
      if (worker.pid) os.setPriority(worker.pid, NICENESS);
    } catch {
      // Not allowed here (a container without the capability): it runs at normal priority.
    }
    worker.on('message', (answer: PasswordAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(`password hashing failed: ${answer.error}`));
      else waiting.resolve(answer.value);
    });
    worker.on('exit', () => {
      if (child === worker) child = undefined;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error('the password hashing process stopped'));
      }
    });
    // Never keeps the server's event loop alive on its own.
    worker.unref();
    worker.channel?.unref();
    return worker;
  }

  function send(job: PasswordJob): Promise<string | boolean> {
    child ??= start();
    const worker = child;
    return new Promise((resolve, reject) => {
      pending.set(job.id, { resolve, reject });
      worker.channel?.ref();
      worker.send(job, (error) => {
        if (error) {
          pending.delete(job.id);
          reject(error);
        }
      });
    }).finally(() => {
      if (pending.size === 0) worker.channel?.unref();
    }) as Promise<string | boolean>;
  }

  return {
    hash: async (password: string, options: argon2.HashOptions): Promise<string> =>
      String(await send({ id: ++next, op: 'hash', password, options })),
    verify: async (hash: string, password: string): Promise<boolean> =>
      (await send({ id: ++next, op: 'verify', hash, password })) === true,
    stop(): void {
      child?.kill();
      child = undefined;
    },
  };
}
