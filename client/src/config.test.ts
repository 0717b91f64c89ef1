// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** config.ts reads the page once, when it is first imported: each test imports a fresh copy. */
async function freshConfig() {
  vi.resetModules();
  return import('./config');
}

function addMeta(name: string, content: string): void {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head
    .querySelectorAll('meta[name="product-name"], meta[name="customer-care-phone"]')
    .forEach((meta) => meta.remove());
});

describe('site settings', () => {
  it("when the server wrote its settings into the page, then the first render uses them, not the build's defaults", async () => {
    addMeta('product-name', 'National Lottery');
    addMeta('customer-care-phone', '0333 234 5050');
    const { readSiteSettings } = await freshConfig();
    expect(readSiteSettings()).toEqual({
      productName: 'National Lottery',
      customerCarePhone: '0333 234 5050',
    });
  });

  it("when the page carries no settings (the dev server), then the build's defaults are used", async () => {
    const { readSiteSettings } = await freshConfig();
    expect(readSiteSettings()).toEqual({
      productName: 'Prize Lottery',
      customerCarePhone: '0306 999 0123',
    });
  });

  it('when an answer names the same settings, then nothing changes and no re-render is asked for', async () => {
    addMeta('product-name', 'National Lottery');
    const { readSiteSettings, updateSiteSettings } = await freshConfig();
    const before = readSiteSettings();
    updateSiteSettings({ productName: 'National Lottery' });
    expect(readSiteSettings()).toBe(before);
  });
});
