import { afterEach } from 'vitest';

// jsdom lays nothing out, so it has no scrolling.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

// jsdom's Blob has no arrayBuffer() (browsers and Node do): read it the older way.
if (
  typeof FileReader !== 'undefined' &&
  typeof Blob !== 'undefined' &&
  !('arrayBuffer' in Blob.prototype)
) {
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    value(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(this);
      });
    },
  });
}

// Testing Library unmounts after each test only when the test runner exposes globals; ours
// does not, so do it here (and only where a DOM exists).
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
