import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backup, BackupError, restore } from './backup.ts';

/** `make backup [NAME=]` and `make restore NAME=`: .data/ to and from backups/<NAME>/. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataRoot = path.join(repoRoot, '.data');
const [command, given] = process.argv.slice(2);
const name = given || new Date().toISOString().replace(/[:.]/g, '-');
if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name.startsWith('.')) {
  console.error('NAME may hold letters, digits, dot, dash and underscore only');
  process.exit(2);
}
const folder = path.join(repoRoot, 'backups', name);
try {
  if (command === 'backup') {
    const manifest = backup(dataRoot, folder);
    console.log(`backed up .data/ to ${folder} (${Object.keys(manifest.files).length} files)`);
  } else if (command === 'restore') {
    if (!given) throw new BackupError('usage: make restore NAME=<folder under backups/>');
    const manifest = restore(folder, dataRoot);
    console.log(`restored ${folder} (taken ${manifest.createdAt}) into .data/`);
  } else {
    throw new BackupError('usage: backup-cli.ts backup|restore [NAME]');
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
