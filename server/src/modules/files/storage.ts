import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are random and carry nothing the claimant chose; the bytes are
 * never served statically (only the operator's authenticated endpoint streams them).
 */
export interface FileStorage {
  /** A new temporary file to stream an upload into; `commit` makes it permanent under a key. */
  createTemp(): { path: string; stream: fs.WriteStream };
  /** A fresh temporary path for a tool that writes its own file (the image re-encoder). */
  tempPath(): string;
  /** Local path of a stored file, for tools that read files (sharp). */
  pathOf(key: string): string;
  commit(tempPath: string): Promise<string>;
  discard(tempPath: string): Promise<void>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file with its age, for reconciling storage with the database. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Temporary files left by uploads that never finished (a crash mid-upload), with their age. */
  listTemp(): AsyncIterable<{ path: string; modifiedAt: Date }>;
  /** Bytes still free where uploads are written, for the upload floor (UPLOAD_MIN_FREE_SPACE); absent when unbounded. */
  freeBytes?(): Promise<number>;
}

const KEY = /^[a-f0-9]{2}\/[a-f0-9]{32}$/;

export function localDiskStorage(root: string): FileStorage {
  const tempDir = path.join(root, 'tmp');
  const filesDir = path.join(root, 'files');
  fs.mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  fs.mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string): string => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(filesDir, key);
  };
  return {
    createTemp() {
      const tempPath = path.join(tempDir, `${randomBytes(16).toString('hex')}.part`);
      return { path: tempPath, stream: fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }) };
    },
    tempPath: () => path.join(tempDir, `${randomBytes(16).toString('hex')}.part`),
    pathOf,
    async commit(tempPath) {
      const name = randomBytes(16).toString('hex');
      const key = `${name.slice(0, 2)}/${name}`;
      await fsp.mkdir(path.dirname(pathOf(key)), { recursive: true, mode: 0o700 });
      await fsp.rename(tempPath, pathOf(key));
      return key;
    },
    discard: (tempPath) => fsp.rm(tempPath, { force: true }),
    open: (key) => fs.createReadStream(pathOf(key)),
    remove: (key) => fsp.rm(pathOf(key), { force: true }),
    exists: (key) =>
      fsp.access(pathOf(key)).then(
        () => true,
        () => false,
      ),
    async *list() {
      for (const prefix of await fsp.readdir(filesDir)) {
        for (const name of await fsp.readdir(path.join(filesDir, prefix))) {
          const key = `${prefix}/${name}`;
          if (KEY.test(key)) yield { key, modifiedAt: (await fsp.stat(pathOf(key))).mtime };
        }
      }
    },
    async freeBytes() {
      // bavail, not bfree: what a writer that is not root (PostgreSQL, on the same disk by default) can still use.
      const { bavail, bsize } = await fsp.statfs(root);
      return bavail * bsize;
    },
    async *listTemp() {
      for (const name of await fsp.readdir(tempDir)) {
        const tempPath = path.join(tempDir, name);
        yield { path: tempPath, modifiedAt: (await fsp.stat(tempPath)).mtime };
      }
    },
  };
}
