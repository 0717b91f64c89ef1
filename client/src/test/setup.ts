import { afterEach } from 'vitest';

// jsdom lays nothing out, so it has no scrolling.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

// Testing Library unmounts after each test only when the test runner exposes globals; ours
// does not, so do it here (and only where a DOM exists).
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
