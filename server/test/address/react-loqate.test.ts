// @vitest-environment jsdom
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createElement } from 'react';
import AddressSearch from 'react-loqate';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { dpsCodeFromBarcode } from '@prize/domain';
import type { ToParent } from './support/proxy-process.ts';

// The key a page embedding react-loqate carries: the proxy must neither use it nor pass it on.
const CLIENT_KEY = 'PAGE-KEY1-PAGE-KEY2';
const SERVER_KEY = 'SERV-ER11-KEY2-2222';

type Selected = Record<string, string>;

interface ProxyProcess {
  url: string;
  /** The URLs the fake Loqate received (the Key included) and the server's log lines so far. */
  seen(): Promise<{ requests: URL[]; logs: string }>;
  stop(): Promise<void>;
}

/** The proxy (and, for `loqate`, a fake upstream) in a Node process of its own: see proxy-process.ts. */
async function startProxyProcess(provider: 'local' | 'loqate'): Promise<ProxyProcess> {
  const script = fileURLToPath(
    new globalThis.URL('./support/proxy-process.ts', import.meta.url).href,
  );
  const child: ChildProcess = fork(script, [provider, SERVER_KEY], {
    env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<ToParent>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ToParent));
      child.once('exit', (code) => reject(new Error(`the proxy process exited with ${code}`)));
    });
  const started = await next();
  if (!('url' in started)) throw new Error('the proxy process did not report its URL');
  return {
    url: started.url,
    async seen() {
      const answer = next();
      child.send('seen');
      const reply = await answer;
      if (!('requests' in reply)) throw new Error('unexpected answer from the proxy process');
      return {
        requests: reply.requests.map((href) => new globalThis.URL(href)),
        logs: reply.logs.join(''),
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * react-loqate's own AddressSearch (the npm package, unchanged) pointed at the proxy as a
 * partner site would point it: only its base URL changes.
 */
async function pickTenDowningStreet(serverUrl: string): Promise<Selected> {
  const onSelect = vi.fn<(address: Selected) => void>();
  render(
    createElement(AddressSearch, {
      locale: 'en-GB',
      apiKey: CLIENT_KEY,
      countries: ['GB'],
      limit: 10,
      apiUrl: `${serverUrl}/api/address/Capture/Interactive`,
      onSelect: onSelect as unknown as (address: unknown) => void,
      inline: true,
      debounce: 50,
    }),
  );
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox'), 'downing street');

  // The street first (a container), then its addresses, then the one chosen.
  const street = await screen.findByText(
    /^Downing Street London, SW1A - \d+ Addresses$/,
    undefined,
    { timeout: 5_000 },
  );
  await user.click(street);
  const address = await screen.findByText('10 Downing Street London, SW1A 2AA', undefined, {
    timeout: 5_000,
  });
  await user.click(address);
  await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  return onSelect.mock.calls[0]![0];
}

function expectTenDowningStreet(selected: Selected): void {
  expect(selected).toMatchObject({
    Line1: '10 Downing Street',
    City: 'London',
    PostalCode: 'SW1A 2AA',
    CountryIso2: 'GB',
  });
  expect(dpsCodeFromBarcode(selected.Barcode!, selected.PostalCode!)).toBe('1A');
}

afterEach(() => cleanup());

describe("react-loqate's AddressSearch against the proxy, local provider", () => {
  let proxy: ProxyProcess;
  beforeAll(async () => {
    proxy = await startProxyProcess('local');
  });
  afterAll(() => proxy?.stop());

  it("when a user types 'downing street', opens the street and picks number 10, then the retrieved address has its postcode and delivery point", async () => {
    expectTenDowningStreet(await pickTenDowningStreet(proxy.url));
    const { logs } = await proxy.seen();
    expect(logs).toContain('/api/address/Capture/Interactive/Retrieve/v1.2/json3.ws');
    expect(logs).not.toContain(CLIENT_KEY);
  });
});

describe("react-loqate's AddressSearch against the proxy, ADDRESS_PROVIDER=loqate", () => {
  let proxy: ProxyProcess;
  beforeAll(async () => {
    // The fake upstream answers 'Unknown key' to any key but the server's own.
    proxy = await startProxyProcess('loqate');
  });
  afterAll(() => proxy?.stop());

  it("when the same user journey runs, then Loqate is asked with the server's key and the page's key never reaches it", async () => {
    expectTenDowningStreet(await pickTenDowningStreet(proxy.url));
    const { requests, logs } = await proxy.seen();
    const paths = requests.map((url) => url.pathname);
    expect(paths).toContain('/Capture/Interactive/Find/v1.10/json3.ws');
    expect(paths).toContain('/Capture/Interactive/Retrieve/v1.2/json3.ws');
    expect(requests.some((url) => url.searchParams.get('Container'))).toBe(true);
    for (const url of requests) {
      expect(url.searchParams.getAll('Key')).toEqual([SERVER_KEY]);
      expect(url.href).not.toContain(CLIENT_KEY);
    }
    expect(logs).not.toContain(CLIENT_KEY);
  });
});
