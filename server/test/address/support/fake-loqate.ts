import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AddressProvider } from '../../../src/modules/address/address-provider.ts';
import { FIND_PATH, RETRIEVE_PATH } from '../../../src/modules/address/loqate-address-provider.ts';

export type FakeMode = 'normal' | 'slow' | 'status500' | 'garbage' | 'hang-up' | 'general-error';

export interface FakeLoqate {
  url: string;
  /** Every request the fake received, as parsed URLs (the Key included). */
  requests: URL[];
  mode: FakeMode;
  slowMs: number;
  close(): Promise<void>;
}

const unknownKey = {
  Error: '2',
  Description: 'Unknown key',
  Cause: 'The key you are using to access the service was not found.',
  Resolution: 'Please check that the key is correct. It should be in the form AA11-AA11-AA11-AA11.',
};

/**
 * A stand-in for Loqate's Capture Interactive endpoints, answering from a backing provider (our
 * generated index) with Loqate's habits added: nulls for empty parts, fields the contract does
 * not name, and failure modes a test can switch on.
 */
export async function startFakeLoqate(
  backing: AddressProvider,
  apiKey: string,
): Promise<FakeLoqate> {
  const fake: Omit<FakeLoqate, 'url' | 'close'> = { requests: [], mode: 'normal', slowMs: 1_500 };
  const answer = async (url: URL): Promise<unknown> => {
    if (url.searchParams.get('Key') !== apiKey) return { Items: [unknownKey] };
    if (url.pathname === FIND_PATH) {
      const container = url.searchParams.get('Container') ?? undefined;
      return backing.find({
        text: url.searchParams.get('Text') ?? '',
        countries: url.searchParams.get('Countries') ?? 'GB,IM',
        container,
      });
    }
    const found = await backing.retrieve(url.searchParams.get('Id') ?? '');
    return {
      Items: found.Items.map((item) =>
        'Error' in item
          ? item
          : {
              ...item,
              Line3: item.Line3 || null,
              Line5: null,
              AdminAreaName: 'Somewhere',
              DataLevel: 'Premise',
              Field1: '',
            },
      ),
    };
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.loqate');
    fake.requests.push(url);
    const send = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    if (url.pathname !== FIND_PATH && url.pathname !== RETRIEVE_PATH)
      return send(404, '{"Message":"Not found"}');
    switch (fake.mode) {
      case 'hang-up':
        return req.socket.destroy();
      case 'status500':
        return send(500, '{"Message":"An error has occurred."}');
      case 'garbage':
        return send(200, '<html>maintenance</html>');
      case 'general-error':
        return send(
          200,
          JSON.stringify({
            Items: [{ Error: '-1', Description: 'Unknown error', Cause: 'x', Resolution: 'y' }],
          }),
        );
      default:
        setTimeout(
          () => {
            answer(url).then(
              (body) => send(200, JSON.stringify(body)),
              () => send(500, '{}'),
            );
          },
          fake.mode === 'slow' ? fake.slowMs : 0,
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
