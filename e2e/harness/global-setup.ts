import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeTestImages } from './images.ts';
import { startStack } from './stack.ts';

/**
 * Starts one real stack for the whole run and hands its addresses to the workers through the
 * environment (workers start after the global setup). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const fixturesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-e2e-images-'));
  const logDir = path.resolve(import.meta.dirname, '../test-results');
  fs.mkdirSync(logDir, { recursive: true });
  const [stack] = await Promise.all([
    startStack({ fixturesDir, logFile: path.join(logDir, 'server.log') }),
    writeTestImages(fixturesDir),
  ]);
  process.env.E2E_STACK = JSON.stringify({ ...stack, stop: undefined });
  console.log(
    `e2e stack up in ${Date.now() - started} ms: ${stack.baseUrl} (inbox ${stack.inboxUrl})`,
  );
  return async () => {
    await stack.stop();
    fs.rmSync(fixturesDir, { recursive: true, force: true });
  };
}
