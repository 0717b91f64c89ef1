import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir } from '../../src/infra/embedded-postgres.ts';

/**
 * Issue 21, point 10: `make start` as root falls back to a folder under /var/tmp when the
 * postgres user cannot reach the checkout. Any local user can create that folder first.
 */
const asRoot = process.getuid?.() === 0;
const SOMEONE_ELSE = { uid: 54_321, gid: 54_321 };
let parent: string;
let dir: string;
beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-folder-'));
  dir = path.join(parent, 'prize-claim');
});
afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

describe('the launcher fallback folder', () => {
  it('when it does not exist, then it is created with mode 700 for its owner', () => {
    ensurePrivateDir(dir, {});
    const stat = fs.lstatSync(dir);
    expect(stat.isDirectory()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o700);
    expect(stat.uid).toBe(process.getuid!());
  });

  it('when it is a symlink to another folder, then it is refused and the target is left alone', () => {
    const target = path.join(parent, 'elsewhere');
    fs.mkdirSync(target, { mode: 0o755 });
    fs.symlinkSync(target, dir);
    expect(() => ensurePrivateDir(dir, {})).toThrow('is not a directory (a symlink or a file)');
    expect(fs.statSync(target).mode & 0o777).toBe(0o755);
  });

  it.runIf(asRoot)('when another user created it first, then it is refused', () => {
    fs.mkdirSync(dir, { mode: 0o777 });
    fs.chownSync(dir, SOMEONE_ELSE.uid, SOMEONE_ELSE.gid);
    expect(() => ensurePrivateDir(dir, {})).toThrow('belongs to another user (uid 54321)');
    expect(fs.lstatSync(dir).uid).toBe(SOMEONE_ELSE.uid);
  });

  it.runIf(asRoot)(
    'when root made it open to all (an older launcher), then it is given to the postgres user with mode 700',
    () => {
      fs.mkdirSync(dir);
      fs.chmodSync(dir, 0o755);
      ensurePrivateDir(dir, SOMEONE_ELSE);
      const stat = fs.lstatSync(dir);
      expect(stat.mode & 0o777).toBe(0o700);
      expect([stat.uid, stat.gid]).toEqual([SOMEONE_ELSE.uid, SOMEONE_ELSE.gid]);
    },
  );
});
