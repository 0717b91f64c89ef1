import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { postgresUser, reachableDataDir } from '../infra/embedded-postgres.ts';

/**
 * `make backup` / `make restore` for the embedded default (docs/adr/022, docs/deploy.md): a cold
 * copy of PostgreSQL's data folder, the local upload store and the secrets in `.data/`, with a
 * manifest of every file's size and SHA-256. Cold because the embedded package ships no pg_dump,
 * and because only a stopped service has a database and an upload store that agree.
 */

/** The secrets kept in `.data/`: the rate-limit secret also keys the staff TOTP secrets' seal. */
const SECRETS = ['operator-token', 'rate-limit-secret'];
/** PostgreSQL's files that describe a running server, never copied. */
const RUNTIME_FILES = new Set(['postmaster.pid', 'postmaster.opts']);

export interface Manifest {
  createdAt: string;
  pgVersion: string;
  files: Record<string, { size: number; sha256: string }>;
}

export class BackupError extends Error {}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function walk(root: string, relative = ''): string[] {
  const dir = path.join(root, relative);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) return walk(root, name);
    return entry.isFile() ? [name] : [];
  });
}

function isRunning(pgData: string): boolean {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Where the embedded PostgreSQL of `dataRoot` keeps its data (moved under /var/tmp when unreachable). */
export function embeddedPgData(dataRoot: string): string {
  return reachableDataDir(postgresUser(), path.join(path.resolve(dataRoot), 'pg'));
}

/** Copies the stopped embedded service's data (`dataRoot`, usually `.data/`) into `target`. */
export function backup(dataRoot: string, target: string): Manifest {
  const pgData = embeddedPgData(dataRoot);
  if (!fs.existsSync(path.join(pgData, 'PG_VERSION')))
    throw new BackupError(`no embedded PostgreSQL data in ${pgData}: nothing to back up`);
  if (isRunning(pgData))
    throw new BackupError(
      'the service is running on this data: stop it (Ctrl-C in make start) first, so the database and the upload store are copied as one consistent state',
    );
  if (fs.existsSync(target) && fs.readdirSync(target).length)
    throw new BackupError(`${target} exists and is not empty: choose another NAME`);
  const staging = `${target}.partial`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  fs.cpSync(pgData, path.join(staging, 'pg'), {
    recursive: true,
    filter: (source) => !RUNTIME_FILES.has(path.basename(source)),
  });
  const password = path.join(pgData, '..', 'pg-password');
  if (fs.existsSync(password)) fs.copyFileSync(password, path.join(staging, 'pg-password'));
  const uploads = path.join(dataRoot, 'uploads');
  if (fs.existsSync(uploads))
    fs.cpSync(uploads, path.join(staging, 'uploads'), {
      recursive: true,
      // Scratch files of uploads in flight are not data.
      filter: (source) => !source.startsWith(path.join(uploads, 'tmp') + path.sep),
    });
  fs.mkdirSync(path.join(staging, 'secrets'));
  for (const name of SECRETS) {
    const file = path.join(dataRoot, name);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(staging, 'secrets', name));
  }
  const manifest: Manifest = {
    createdAt: new Date().toISOString(),
    pgVersion: fs.readFileSync(path.join(pgData, 'PG_VERSION'), 'utf8').trim(),
    files: Object.fromEntries(
      walk(staging).map((file) => {
        const full = path.join(staging, file);
        return [file, { size: fs.statSync(full).size, sha256: sha256(full) }];
      }),
    ),
  };
  fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  return manifest;
}

/** Checks a backup against its manifest: every file there, of its size and hash, and nothing else. */
export function verifyBackup(source: string): Manifest {
  const manifestFile = path.join(source, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${source} has no manifest.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const found = walk(source).filter((file) => file !== 'manifest.json');
  const listed = Object.keys(manifest.files);
  if (found.length !== listed.length || found.some((file) => !manifest.files[file]))
    throw new BackupError(`${source} does not hold the files its manifest lists`);
  for (const [file, { size, sha256: hash }] of Object.entries(manifest.files)) {
    const full = path.join(source, file);
    if (fs.statSync(full).size !== size || sha256(full) !== hash)
      throw new BackupError(`${file} in ${source} does not match its manifest`);
  }
  return manifest;
}

function chownTree(root: string, uid: number, gid: number): void {
  fs.chownSync(root, uid, gid);
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else fs.chownSync(full, uid, gid);
  }
}

/** Brings a verified backup back into an empty (or absent) `dataRoot`. */
export function restore(source: string, dataRoot: string): Manifest {
  const manifest = verifyBackup(source);
  if (fs.existsSync(dataRoot) && fs.readdirSync(dataRoot).length)
    throw new BackupError(`${dataRoot} is not empty: restore goes into an empty data folder only`);
  fs.mkdirSync(dataRoot, { recursive: true });
  const pgData = embeddedPgData(dataRoot);
  if (fs.existsSync(pgData) && fs.readdirSync(pgData).length)
    throw new BackupError(`${pgData} is not empty: remove it first`);
  fs.mkdirSync(path.dirname(pgData), { recursive: true });
  fs.cpSync(path.join(source, 'pg'), pgData, { recursive: true });
  fs.chmodSync(pgData, 0o700);
  if (fs.existsSync(path.join(source, 'pg-password')))
    fs.copyFileSync(path.join(source, 'pg-password'), path.join(pgData, '..', 'pg-password'));
  const runner = postgresUser();
  if (runner.uid !== undefined) {
    chownTree(pgData, runner.uid, runner.gid!);
    fs.chownSync(path.join(pgData, '..', 'pg-password'), runner.uid, runner.gid!);
  }
  if (fs.existsSync(path.join(source, 'uploads')))
    fs.cpSync(path.join(source, 'uploads'), path.join(dataRoot, 'uploads'), { recursive: true });
  for (const name of SECRETS) {
    const file = path.join(source, 'secrets', name);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(dataRoot, name));
  }
  return manifest;
}
