/**
 * `make mock`: the client against the Prism mock of the contract (no server, no database), on
 * http://127.0.0.1:5173. Prism answers with the contract's first example of each operation (a
 * claim with nothing saved, so it opens at section 1); a script can pick another with
 * `Prefer: example=<name>`. Its image examples pass through scripts/mock/binary-front.ts.
 *
 * `--journey` (`make mock-journey`, part of `make test`): the same mock on free ports with the
 * built client (vite preview), then every script in client/e2e-mock/ in Chromium against it; the
 * exit status is theirs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/infra/free-port.ts';
import { startBinaryFront } from './binary-front.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const bin = (name: string): string => path.join(repo, 'node_modules/.bin', name);
const journey = process.argv.includes('--journey');
// Every script, so none rots unseen: smoke.mjs (start, claim link, section 1 with nothing saved,
// every section, submit; each screen's states), info-request.mjs, keyboard.mjs (section 1 to
// submitted by keyboard alone) and staff.mjs (sign-in, a step, what a role sees). MOCK_SCRIPTS
// picks some of them by hand.
const JOURNEY_SCRIPTS = (
  process.env.MOCK_SCRIPTS ?? 'smoke.mjs,info-request.mjs,keyboard.mjs,staff.mjs'
).split(',');
/** A script that hangs fails instead of holding `make test`: generous for a loaded 2-core machine. */
const SCRIPT_TIMEOUT_MS = 12 * 60_000;
const children: ChildProcess[] = [];

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: journey ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  children.push(child);
  return child;
}

async function listening(url: string, what: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

function stopAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });

const prismPort = await freePort();
const frontPort = journey ? await freePort() : 4010;
const clientPort = journey ? await freePort() : 5173;
start(bin('prism'), ['mock', '-h', '127.0.0.1', '-p', String(prismPort), 'generated/openapi.json']);
const front = await startBinaryFront(frontPort, prismPort);
const env = { API_PROXY_TARGET: `http://127.0.0.1:${frontPort}` };
const vite = journey
  ? ['preview', '--config', 'client/vite.config.ts', 'client', '--host', '127.0.0.1']
  : ['--config', 'client/vite.config.ts', 'client', '--host', '127.0.0.1'];
start(bin('vite'), [...vite, '--port', String(clientPort), '--strictPort'], env);
const base = `http://127.0.0.1:${clientPort}`;
await listening(`http://127.0.0.1:${prismPort}/api/v1/health`, 'Prism');
await listening(base, 'Vite');

if (!journey) {
  console.log(`\n  Mock client  ${base}/  (Prism on ${prismPort}, images through ${frontPort})\n`);
} else {
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-journey-'));
  let failed = 0;
  for (const script of JOURNEY_SCRIPTS) {
    console.log(`\nmock journey: client/e2e-mock/${script}`);
    const began = Date.now();
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [path.join(repo, 'client/e2e-mock', script)], {
        cwd: repo,
        env: { ...process.env, MOCK_URL: base, SHOTS_DIR: shots, WIDTHS: '1024' },
        stdio: 'inherit',
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), SCRIPT_TIMEOUT_MS);
      child.on('exit', (status) => {
        clearTimeout(timer);
        resolve(status ?? 1);
      });
    });
    console.log(`mock journey: ${script} took ${Math.round((Date.now() - began) / 1000)} s`);
    if (code !== 0) {
      failed++;
      console.error(`mock journey: ${script} FAILED (exit ${code}); screenshots in ${shots}`);
    }
  }
  front.close();
  stopAll();
  if (!failed) fs.rmSync(shots, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
