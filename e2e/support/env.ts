import path from 'node:path';
import type { StackInfo } from '../harness/stack.ts';
import { IMAGES } from '../harness/images.ts';

/** The running stack, as the global setup left it in the environment. */
export function stack(): StackInfo {
  const raw = process.env.E2E_STACK;
  if (!raw)
    throw new Error(
      'E2E_STACK is not set: run the suite through `playwright test` (global setup starts the stack)',
    );
  return JSON.parse(raw) as StackInfo;
}

export type ImageName = keyof typeof IMAGES;

/** Path of a test image written by the global setup. */
export function image(name: ImageName): string {
  return path.join(stack().fixturesDir, IMAGES[name]);
}

export function imageFileName(name: ImageName): string {
  return IMAGES[name];
}

/** A unique address per test, so the per-e-mail rate limit and the inbox never mix tests up. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.co.uk`;
}
