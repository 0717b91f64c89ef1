import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEY, type FileStorage } from '../../../src/modules/files/storage.ts';

/** What each store's test file hands the shared suite. */
export interface StoreUnderTest {
  storage: FileStorage;
  /** The same store with its backend out of reach (stopped, or never there). */
  unreachable(): FileStorage;
  close(): Promise<void>;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function scratchFile(storage: FileStorage, bytes: Buffer): Promise<string> {
  const temp = storage.createTemp();
  await new Promise<void>((resolve, reject) =>
    temp.stream.end(bytes, () => resolve()).once('error', reject),
  );
  return temp.path;
}

/** The behaviour every store gives the upload, re-encoding, download, purge and reconcile code. */
export function describeFileStorage(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${name} file storage`, () => {
    let subject: StoreUnderTest;
    let storage: FileStorage;
    beforeAll(async () => {
      subject = await open();
      storage = subject.storage;
    });
    afterAll(() => subject?.close());

    it('when a scratch file is committed, then it comes back byte for byte under a random key and the scratch file is gone', async () => {
      const bytes = randomBytes(3000);
      const temp = await scratchFile(storage, bytes);
      const key = await storage.commit(temp);
      expect(key).toMatch(STORAGE_KEY);
      expect(fs.existsSync(temp)).toBe(false);
      expect(await buffer(await storage.open(key))).toEqual(bytes);
      expect(await storage.exists(key)).toBe(true);
    });

    it('when a 12 MB file is committed, then it is stored whole and read back with the same hash', async () => {
      const bytes = randomBytes(12 * 1024 * 1024);
      const key = await storage.commit(await scratchFile(storage, bytes));
      expect(sha256(await buffer(await storage.open(key)))).toBe(sha256(bytes));
    });

    it('when two files are committed, then they get different keys', async () => {
      const [one, two] = await Promise.all([
        scratchFile(storage, Buffer.from('a')),
        scratchFile(storage, Buffer.from('b')),
      ]);
      expect(await storage.commit(one!)).not.toBe(await storage.commit(two!));
    });

    it('when listed, then every committed key is there with a recent time', async () => {
      const key = await storage.commit(await scratchFile(storage, Buffer.from('listed')));
      const listed = new Map<string, Date>();
      for await (const file of storage.list()) listed.set(file.key, file.modifiedAt);
      expect(listed.has(key)).toBe(true);
      expect(Math.abs(listed.get(key)!.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('when a key is removed, then it is neither read, nor found, nor listed, and removing it again is no error', async () => {
      const key = await storage.commit(await scratchFile(storage, Buffer.from('gone')));
      await storage.remove(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.open(key)).rejects.toThrow();
      for await (const file of storage.list()) expect(file.key).not.toBe(key);
      await storage.remove(key);
    });

    it('when a key is not one the store made, then it is refused before anything is touched', async () => {
      for (const key of [
        '../../etc/passwd',
        'ab/../../x',
        'AB/ABABABABABABABABABABABABABABABAB',
        '',
      ]) {
        await expect(storage.open(key)).rejects.toThrow('invalid storage key');
        await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
      }
    });

    it('when a scratch file is discarded, then it is gone and no longer listed as left over', async () => {
      const temp = await scratchFile(storage, Buffer.from('scratch'));
      const before: string[] = [];
      for await (const left of storage.listTemp()) before.push(left.path);
      expect(before).toContain(temp);
      await storage.discard(temp);
      for await (const left of storage.listTemp()) expect(left.path).not.toBe(temp);
    });

    it('when the store is reachable, then the check passes; when it is not, then the check fails', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
      await expect(subject.unreachable().check()).rejects.toThrow();
    });
  });
}
