// @vitest-environment jsdom
import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The server writes its settings into the page as meta tags before any script runs (as in the
// browser, before the modules under test read them) and prerenders the shell from the same values.
const SETTINGS = vi.hoisted(() => {
  const settings: Record<string, string> = {
    'product-name': 'National Lottery',
    'customer-care-phone': '0333 234 5050',
    'claim-inactivity-minutes': '5',
  };
  for (const [name, content] of Object.entries(settings)) {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
  }
  return settings;
});

import { createQueryClient } from '../api/queryClient';
import { AppRoot } from '../AppRoot';
import { pageSettings } from '../config';
import { prerenderShell, shellRoute } from './prerenderShell';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The page at `path` as the server sends it (its shell rendered with `settings`), hydrated. */
async function hydrate(
  path: string,
  settings: Record<string, string>,
  beforeHydrating: (container: HTMLElement) => void = () => undefined,
) {
  window.history.replaceState(null, '', path);
  // The link's calls never answer: the page stays as the shell shows it.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
  const container = document.createElement('div');
  container.innerHTML = await prerenderShell(shellRoute(path)!, settings);
  document.body.append(container);
  // The page's own part (inside the lazily loaded page's boundary on a link), not the layout.
  const pagePart = () => container.querySelector('main')!.lastElementChild!;
  const sent = pagePart();
  beforeHydrating(container);
  const mismatches: unknown[] = [];
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(
        container,
        <AppRoot queryClient={createQueryClient()} settings={pageSettings} />,
        { onRecoverableError: (error) => void mismatches.push(error) },
      );
    });
  });
  // A link's page loads its chunk first: its part of the markup is taken over after that.
  await vi.waitFor(() =>
    expect(Object.keys(pagePart()).some((key) => key.startsWith('__react'))).toBe(true),
  );
  // Rendering on the server and in the browser in one test process makes React's development
  // build warn that two renderers share the contexts: nothing a browser can meet.
  const errors = consoleErrors.mock.calls.filter(
    ([message]) => !String(message).startsWith('Detected multiple renderers concurrently'),
  );
  return { container, sameNode: pagePart() === sent, mismatches, errors };
}

describe('the browser takes over the shell the server prerendered', () => {
  it.each(['/', '/claim/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde', '/claim/info-request/abc'])(
    'when %s hydrates, then React keeps the markup as sent, with no mismatch and no error',
    async (path) => {
      const { sameNode, mismatches, errors } = await hydrate(path, SETTINGS);
      expect(sameNode).toBe(true);
      expect(mismatches).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it("when the shell was rendered with other settings than the page's, then React reports it (the check above can fail)", async () => {
    const { mismatches, errors } = await hydrate('/', {
      ...SETTINGS,
      'product-name': 'Another Lottery',
    });
    expect(mismatches.length + errors.length).toBeGreaterThan(0);
  });

  it('when an address was typed before the page took the form over, then that address is the one sent', async () => {
    const { container } = await hydrate('/', SETTINGS, (page) => {
      page.querySelector<HTMLInputElement>('#field-email')!.value = 'early@example.com';
    });
    await userEvent.click(within(container).getByRole('button', { name: 'verify email' }));
    const [url, init] = vi.mocked(fetch).mock.calls.at(-1)!;
    expect(String(url)).toMatch(/\/api\/v1\/claim$/);
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'early@example.com' });
  });
});
