/**
 * `make first-hour` (part of `make test`, issue 34): what a third party and an operator do in
 * their first hour, from this checkout as a fresh clone would have it.
 *
 * 1. `make start` on a free port, with its own DATA_DIR; its banner is read for the claim
 *    service, the mail inbox, the embedded PostgreSQL's URL and where its password and the
 *    operator token are kept.
 * 2. `make serve` (the documented second instance) on another port, given the database URL the
 *    banner printed (password read from the file it names) and the same mail relay.
 * 3. The SDK packed from its tracked files only (no dist/: `prepack` builds it), installed from
 *    the tarball into a scratch project, and sdk/README.md's two quick starts run there, as
 *    written, against the first instance.
 * 4. A claim started on the first instance is verified, filled in and submitted on the second.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/infra/free-port.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'first-hour-'));
// The embedded PostgreSQL runs as the postgres user when this runs as root: it must reach its data.
fs.chmodSync(work, 0o755);
const dataDir = path.join(work, 'data');
const children: ChildProcess[] = [];
const STARTUP_MS = 180_000;

function step(what: string): void {
  console.log(`\nfirst-hour: ${what}`);
}

/** A make target in its own process group, its output echoed and kept. */
function make(
  target: string,
  env: Record<string, string>,
): { child: ChildProcess; out: () => string } {
  let out = '';
  const child = spawn('make', ['--no-print-directory', target], {
    cwd: repo,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer): void => {
    out += chunk.toString();
    process.stdout.write(
      `  [${target}] ${chunk.toString().replace(/\n(?=.)/g, `\n  [${target}] `)}`,
    );
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  children.push(child);
  return { child, out: () => out };
}

async function waitFor(
  what: string,
  out: () => string,
  done: RegExp,
  child: ChildProcess,
): Promise<string> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (done.test(out())) return out();
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start within ${STARTUP_MS / 1000} s`);
}

function banner(out: string, label: string): string {
  const match = new RegExp(`^\\s+${label}\\s+(\\S.*)$`, 'm').exec(out);
  if (!match) throw new Error(`the banner has no '${label}' line`);
  return match[1]!.trim();
}

/** Stops every process group started here: SIGINT first (the launcher's Ctrl-C), then SIGKILL. */
async function stopAll(): Promise<void> {
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      continue;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }, 15_000);
    await exited;
    clearTimeout(timer);
  }
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): string {
  return execFileSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** The ```js block after a heading of sdk/README.md, as a reader would copy it. */
function quickStart(readme: string, heading: string): string {
  const at = readme.indexOf(`## ${heading}`);
  if (at < 0) throw new Error(`sdk/README.md has no '## ${heading}'`);
  const block = /```js\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error(`sdk/README.md's '${heading}' has no js block`);
  return block[1]!;
}

// Interrupted (Ctrl-C, a CI timeout): the instances and their database are stopped all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`first-hour: ${signal}, stopping the instances`);
    void stopAll().finally(() => process.exit(1));
  });

let failed = false;
try {
  step('make start');
  const portA = await freePort();
  const first = make('start', { PORT: String(portA), DATA_DIR: dataDir });
  const printed = await waitFor('make start', first.out, /Press Ctrl-C to stop/, first.child);
  const instanceA = banner(printed, 'Claim service').replace(/\/$/, '');
  const inbox = banner(printed, 'Mail inbox');
  const inboxUrl = inbox.split(/\s+/)[0]!;
  const smtpUrl = /\(SMTP (\S+)\)/.exec(inbox)![1]!;
  const databaseLine = /^\s+(postgres:\/\/\S+)\s*$/m.exec(printed)?.[1];
  const passwordFile = /\(PASSWORD is in (\S+);/.exec(printed)?.[1];
  if (!databaseLine || !passwordFile)
    throw new Error('the banner prints no database URL or password file');
  const databaseUrl = databaseLine.replace(
    'PASSWORD',
    encodeURIComponent(fs.readFileSync(passwordFile, 'utf8').trim()),
  );
  const operatorToken = fs
    .readFileSync(banner(printed, 'Operator token').replace(/^in /, ''), 'utf8')
    .trim();
  if (!/Staff set-up\s+http\S+\/staff\/setup\//.test(printed))
    throw new Error('make start without STAFF_ADMIN_EMAIL printed no staff set-up link');

  step('make serve (the second instance, on the printed database URL)');
  const portB = await freePort();
  const second = make('serve', {
    PORT: String(portB),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
  });
  const printedB = await waitFor('make serve', second.out, /Press Ctrl-C to stop/, second.child);
  const instanceB = banner(printedB, 'Claim service').replace(/\/$/, '');
  if (instanceA === instanceB) throw new Error('both instances on one address');

  step('the SDK, packed from its tracked files (no dist/)');
  const packDir = path.join(repo, '.sdk-pack');
  fs.rmSync(packDir, { recursive: true, force: true });
  const tracked = run('git', ['ls-files', 'sdk'], repo).split('\n').filter(Boolean);
  for (const file of tracked) {
    fs.mkdirSync(path.join(packDir, path.dirname(file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(packDir, file));
  }
  // Inside the repository, so the build finds the workspace's TypeScript and openapi-fetch types.
  const tarball = path.join(
    work,
    run('npm', ['pack', '--silent', '--pack-destination', work], path.join(packDir, 'sdk'))
      .trim()
      .split('\n')
      .pop()!,
  );
  fs.rmSync(packDir, { recursive: true, force: true });
  const listing = run('tar', ['-tzf', tarball], work);
  if (!listing.includes('package/dist/index.js'))
    throw new Error(`the tarball has no dist/index.js:\n${listing}`);

  step('a scratch project installs the tarball and runs sdk/README.md quick starts');
  const scratch = path.join(work, 'scratch');
  fs.mkdirSync(scratch);
  fs.writeFileSync(
    path.join(scratch, 'package.json'),
    '{ "name": "scratch", "private": true, "type": "module" }\n',
  );
  run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
    scratch,
  );
  const readme = fs.readFileSync(path.join(repo, 'sdk/README.md'), 'utf8');
  fs.writeFileSync(
    path.join(scratch, 'claim.mjs'),
    quickStart(readme, 'Quick start: a whole claim'),
  );
  fs.writeFileSync(
    path.join(scratch, 'operator.mjs'),
    quickStart(readme, 'Quick start: the operator API'),
  );
  fs.copyFileSync(
    path.join(import.meta.dirname, 'two-instances.mjs'),
    path.join(scratch, 'two-instances.mjs'),
  );
  const claimOut = run('node', ['claim.mjs'], scratch, {
    PRIZE_API_URL: instanceA,
    MAILDEV_URL: inboxUrl,
  });
  console.log(claimOut);
  if (!/submitted: claim \S+/.test(claimOut)) throw new Error('claim.mjs did not submit');
  const operatorOut = run('node', ['operator.mjs'], scratch, {
    PRIZE_API_URL: instanceA,
    OPERATOR_API_TOKEN: operatorToken,
  });
  console.log(operatorOut);
  if (!/\d+ submitted claims/.test(operatorOut) || !/info request \S+ open until/.test(operatorOut))
    throw new Error('operator.mjs did not list claims and open an info request');

  step('a claim started on one instance, verified and submitted on the other');
  const twoOut = run('node', ['two-instances.mjs'], scratch, {
    FIRST_URL: instanceA,
    SECOND_URL: instanceB,
    MAILDEV_URL: inboxUrl,
  });
  console.log(twoOut);
  if (!/submitted on the second instance: claim \S+/.test(twoOut))
    throw new Error('two-instances.mjs did not submit');
  step('passed');
} catch (error) {
  failed = true;
  console.error(`first-hour: FAILED: ${(error as Error).message}`);
} finally {
  await stopAll();
  // make exits on Ctrl-C before the launcher has stopped PostgreSQL: wait for that too.
  const pid = path.join(dataDir, 'pg', 'postmaster.pid');
  for (let wait = 0; wait < 60 && fs.existsSync(pid); wait++)
    await new Promise((resolve) => setTimeout(resolve, 250));
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
