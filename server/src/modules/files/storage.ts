import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Local scratch space: an upload is received here (hashed, sniffed, checked) before it is put in
 * the store, and the image re-encoder works here. Always the local disk, whatever the store.
 */
export interface ScratchSpace {
  /** A new temporary file to stream an upload into; `commit` puts it in the store under a key. */
  createTemp(): { path: string; stream: fs.WriteStream };
  /** A fresh temporary path for a tool that writes its own file (the image re-encoder). */
  tempPath(): string;
  discard(tempPath: string): Promise<void>;
  /** Temporary files left by uploads that never finished (a crash mid-upload), with their age. */
  listTemp(): AsyncIterable<{ path: string; modifiedAt: Date }>;
  /** Bytes still free where uploads are written, for the upload floor (UPLOAD_MIN_FREE_SPACE); absent when unbounded. */
  freeBytes?(): Promise<number>;
}

/**
 * Where uploaded bytes live (docs/adr/013): put, get, delete, stat and list, nothing more, so the
 * local disk and an S3 bucket serve alike. Keys are random and carry nothing the claimant chose;
 * the bytes are never served statically (only the operator's authenticated endpoint streams them).
 */
export interface ObjectStore {
  /** Puts a finished scratch file in the store under a new key (the scratch file is gone after). */
  commit(tempPath: string): Promise<string>;
  open(key: string): Promise<Readable>;
  /** Deleting a key that is not there is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file with its age, for reconciling the store with the database. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

export type FileStorage = ScratchSpace & ObjectStore;

export const STORAGE_KEY = /^[a-f0-9]{2}\/[a-f0-9]{32}$/;

export function newStorageKey(): string {
  const name = randomBytes(16).toString('hex');
  return `${name.slice(0, 2)}/${name}`;
}

export function localScratch(tempDir: string): ScratchSpace {
  fs.mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  const tempPath = (): string => path.join(tempDir, `${randomBytes(16).toString('hex')}.part`);
  return {
    createTemp() {
      const file = tempPath();
      return { path: file, stream: fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }) };
    },
    tempPath,
    discard: (file) => fsp.rm(file, { force: true }),
    async freeBytes() {
      // The scratch disk: with the local store, files live beside it under UPLOAD_DIR (one file
      // system), so the floor covers both; with S3 every upload still passes through here first.
      // bavail, not bfree: what a writer that is not root (PostgreSQL, on the same disk by default) can still use.
      const { bavail, bsize } = await fsp.statfs(tempDir);
      return bavail * bsize;
    },
    async *listTemp() {
      for (const name of await fsp.readdir(tempDir)) {
        const file = path.join(tempDir, name);
        const stat = await fsp.stat(file).catch(() => undefined);
        if (stat) yield { path: file, modifiedAt: stat.mtime };
      }
    },
  };
}

export function localDiskStore(filesDir: string): ObjectStore {
  fs.mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string): string => {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return path.join(filesDir, key);
  };
  return {
    async commit(tempPath) {
      const key = newStorageKey();
      await fsp.mkdir(path.dirname(pathOf(key)), { recursive: true, mode: 0o700 });
      // A rename on one file system: the file appears whole or not at all.
      await fsp.rename(tempPath, pathOf(key));
      return key;
    },
    async open(key) {
      const stream = fs.createReadStream(pathOf(key));
      // Fail here, not mid-response, when the file is missing.
      await new Promise<void>((resolve, reject) =>
        stream.once('open', () => resolve()).once('error', reject),
      );
      return stream;
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return fsp.access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    async *list() {
      for (const prefix of await fsp.readdir(filesDir)) {
        for (const name of await fsp.readdir(path.join(filesDir, prefix)).catch(() => [])) {
          const key = `${prefix}/${name}`;
          if (!STORAGE_KEY.test(key)) continue;
          const stat = await fsp.stat(pathOf(key)).catch(() => undefined);
          if (stat) yield { key, modifiedAt: stat.mtime };
        }
      }
    },
    check: () => fsp.access(filesDir, fs.constants.W_OK),
  };
}

/** The embedded default: scratch under `root/tmp`, files under `root/files` (one file system, so commit is a rename). */
export function localDiskStorage(root: string): FileStorage {
  return { ...localScratch(path.join(root, 'tmp')), ...localDiskStore(path.join(root, 'files')) };
}
