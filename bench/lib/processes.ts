import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../server/src/infra/free-port.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface Child {
  process: ChildProcess;
  pid: number;
  url: string;
  logFile: string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node <script>` with its output in `logFile` and waits until `readyPath` answers 2xx.
 * `nodeArgs` carries --cpu-prof and friends when profiling.
 */
export async function startNode(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  logFile: string;
  readyPath: string;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<Child> {
  const port = await freePort();
  const out = fs.openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${options.name} exited with ${child.exitCode}: ${tail(options.logFile)}`);
    const ok = await fetch(url + options.readyPath).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${options.name} did not answer ${options.readyPath} in time: ${tail(options.logFile)}`,
      );
    }
    await sleep(200);
  }
  return {
    process: child,
    pid: child.pid!,
    url,
    logFile: options.logFile,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function tail(file: string, bytes = 2000): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '';
  }
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set size of a process in bytes, from /proc (0 once it has gone). */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; reports the first and highest value. */
export function sampleRss(pid: number, everyMs = 10): { stop(): { before: number; peak: number } } {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid));
      return { before, peak };
    },
  };
}
