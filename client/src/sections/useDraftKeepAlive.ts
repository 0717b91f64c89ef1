import { useRef } from 'react';

// How often, at most, typing tells the server: the saved draft may clear up to this long before
// the page would.
export const KEEP_ALIVE_MS = 30_000;

// The page's inactivity timer restarts on every change, but typing makes no call: while the
// claimant works on a section, the saved draft's window is restarted by loading it again
// (a load restarts it, docs/adr/015-form-drafts.md), at most every KEEP_ALIVE_MS.
export function useDraftKeepAlive(reload: () => unknown, now: () => number = Date.now): () => void {
  const last = useRef(now());
  return () => {
    if (now() - last.current < KEEP_ALIVE_MS) return;
    last.current = now();
    reload();
  };
}
