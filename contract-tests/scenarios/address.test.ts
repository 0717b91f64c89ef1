import {
  api,
  expectGeneralError,
  expectSuccess,
  expectValidationError,
  isMock,
  isReal,
} from '../support/api.ts';
import { expect, listedStatuses, mockOnly, operation, scenario } from '../support/scenario.ts';

interface FindItem {
  Id: string;
  Type: string;
  Text: string;
  Highlight: string;
  Description: string;
}

const HIGHLIGHT = /^(\d+-\d+(,\d+-\d+)*)?(;(\d+-\d+(,\d+-\d+)*)?)?$/;

/** Items of a Find answer: suggestions, or exactly one Loqate-style error entry. */
function expectFindItems(items: unknown[]): void {
  for (const item of items as Array<Record<string, unknown>>) {
    if ('Error' in item) {
      expect(item.Error).toMatch(/^[0-9]+$/);
      expect(items).toHaveLength(1);
    } else {
      expect(item).toEqual(
        expect.objectContaining({
          Id: expect.any(String),
          Type: expect.any(String),
          Text: expect.any(String),
          Description: expect.any(String),
        }),
      );
      expect(item.Highlight).toMatch(HIGHLIGHT);
    }
  }
}

function expectLoqateError(body: { Items: Array<Record<string, unknown>> }, code: string): void {
  expect(body.Items).toHaveLength(1);
  expect(body.Items[0]).toEqual(expect.objectContaining({ Error: code }));
}

async function find(query: Record<string, string>, prefer?: string) {
  const found = await api<{ Items: Array<Record<string, unknown>> }>('GET', '/api/address/find', {
    query,
    prefer,
  });
  expectSuccess(found, 200);
  expect(found.body.Items).toEqual(expect.any(Array));
  expectFindItems(found.body.Items);
  return found.body.Items;
}

/** An Address suggestion for a search, opening containers (postcode, street) on the way. */
async function findAnAddress(text: string): Promise<FindItem | undefined> {
  let items = (await find({ Text: text })) as unknown as FindItem[];
  for (let depth = 0; depth < 3; depth++) {
    const address = items.find((item) => item.Type === 'Address');
    if (address) return address;
    const container = items.find((item) => item.Id && !('Error' in item));
    if (!container) return undefined;
    items = (await find({ Container: container.Id })) as unknown as FindItem[];
  }
  return undefined;
}

operation('findAddress', () => {
  scenario('200: a search returns suggestions in the Loqate Find shape', [], async () => {
    // Countries 'GB,IM' goes out as URLSearchParams encodes it ('GB%2CIM'), like the generated client's.
    const items = await find({ Text: 'LS6', Countries: 'GB,IM' });
    if (isReal)
      expect(
        items.length,
        'the local provider knows the contract example postcode area LS6',
      ).toBeGreaterThan(0);
  });

  scenario(
    "200: a full postcode with its space, sent as the generated client sends it ('LS6+2AB')",
    [],
    async () => {
      // URLSearchParams, which the generated client and Prism's proxy both use, encodes the space as '+'.
      const items = await find({ Text: 'LS6 2AB' });
      if (isReal)
        expect(
          items.length,
          'the local provider knows the contract example postcode LS6 2AB',
        ).toBeGreaterThan(0);
    },
  );

  scenario(
    "200: a missing or empty search is Loqate error 1001 ('Address lookup cannot be empty')",
    [],
    async () => {
      expectLoqateError({ Items: await find({}, 'example=error1001') }, '1001');
      expectLoqateError({ Items: await find({ Text: '' }, 'example=error1001') }, '1001');
    },
  );

  scenario(
    "200: an unknown container is Loqate error 1005 ('Invalid address lookup')",
    [],
    async () => {
      const items = await find(
        { Text: 'LS6', Container: 'GB|RM|ENG|NO-SUCH-CONTAINER' },
        'example=error1005',
      );
      expectLoqateError({ Items: items }, '1005');
    },
  );

  scenario(
    '400: a search text over 200 characters, in the validation shape naming Text',
    [],
    async () => {
      const refused = await api('GET', '/api/address/find', {
        query: { Text: 'x'.repeat(201) },
        prefer: 'code=400',
      });
      expectValidationError(refused, isReal ? { Text: null } : {});
    },
  );

  mockOnly(
    'dependency failures (502/503 as listed): the address service is unreachable, in the general shape',
    'the local provider does not fail on demand',
    async () => {
      for (const status of listedStatuses('findAddress', [502, 503])) {
        expectGeneralError(
          await api('GET', '/api/address/find', {
            query: { Text: 'LS6' },
            prefer: `code=${status}`,
          }),
          status,
        );
      }
    },
  );
});

operation('retrieveAddress', () => {
  scenario(
    '200: an Address Id from Find returns the full address in the Loqate Retrieve shape',
    ['findAddress'],
    async () => {
      const address = isMock ? { Id: 'GB|RM|A|54236781' } : await findAnAddress('LS6');
      expect(address, 'Find gave no Address suggestion for LS6').toBeDefined();
      const retrieved = await api('GET', '/api/address/retrieve', { query: { Id: address!.Id } });
      expectSuccess(retrieved, 200);
      const item = retrieved.body.Items.find(
        (candidate: { Id?: string }) => candidate.Id === address!.Id,
      );
      expect(
        item,
        `no item with the requested Id in ${JSON.stringify(retrieved.body)}`,
      ).toBeDefined();
      for (const field of ['Id', 'Line1', 'Line2', 'City', 'Province', 'PostalCode', 'Barcode'])
        expect(item[field], field).toEqual(expect.any(String));
    },
  );

  scenario(
    "200: an unknown or missing Id is Loqate error 1001 ('Invalid address')",
    [],
    async () => {
      const unknown = await api('GET', '/api/address/retrieve', {
        query: { Id: 'GB|RM|A|00000000' },
        prefer: 'example=error1001',
      });
      expectSuccess(unknown, 200);
      expectLoqateError(unknown.body, '1001');
      for (const query of [{}, { Id: '' }]) {
        const missing = await api('GET', '/api/address/retrieve', {
          query,
          prefer: 'example=error1001',
        });
        expectSuccess(missing, 200);
        expectLoqateError(missing.body, '1001');
      }
    },
  );

  scenario('400: an Id over 200 characters, in the validation shape naming Id', [], async () => {
    const refused = await api('GET', '/api/address/retrieve', {
      query: { Id: 'x'.repeat(201) },
      prefer: 'code=400',
    });
    expectValidationError(refused, isReal ? { Id: null } : {});
  });

  mockOnly(
    'dependency failures (502/503 as listed): the address service is unreachable, in the general shape',
    'the local provider does not fail on demand',
    async () => {
      for (const status of listedStatuses('retrieveAddress', [502, 503])) {
        expectGeneralError(
          await api('GET', '/api/address/retrieve', {
            query: { Id: 'GB|RM|A|54236781' },
            prefer: `code=${status}`,
          }),
          status,
        );
      }
    },
  );
});

const LOQATE_LAYOUT = '/api/address/Capture/Interactive';

/** A Loqate Capture client's request, as react-loqate 3.1.3 sends it: its own Key, lowercase `language` and `limit`, empty Origin. */
function loqateClientQuery(query: Record<string, string>): Record<string, string> {
  return {
    Countries: 'GB',
    language: 'en',
    Key: 'AA11-AA11-AA11-AA11',
    Origin: '',
    Bias: 'false',
    limit: '10',
    ...query,
  };
}

async function loqateFind(
  version: 'v1.1' | 'v1.10',
  query: Record<string, string>,
  prefer?: string,
) {
  const found = await api<{ Items: Array<Record<string, unknown>> }>(
    'GET',
    `${LOQATE_LAYOUT}/Find/${version}/json3.ws`,
    { query, prefer },
  );
  expectSuccess(found, 200);
  expectFindItems(found.body.Items);
  return found.body.Items;
}

/** The scenarios both Find versions of Loqate's layout share. */
function loqateFindScenarios(version: 'v1.1' | 'v1.10'): void {
  scenario(
    "200: a Loqate client's own request shape (Key, lowercase language and limit) answers in the Find shape",
    [],
    async () => {
      const items = await loqateFind(version, loqateClientQuery({ Text: 'LS6 2AB' }));
      if (isReal)
        expect(
          items.length,
          'the local provider knows the contract example postcode LS6 2AB',
        ).toBeGreaterThan(0);
    },
  );

  scenario('200: an unknown container is a Loqate 1005 entry', [], async () => {
    expectLoqateError(
      {
        Items: await loqateFind(
          version,
          loqateClientQuery({ Text: 'LS6', Container: 'GB|RM|ENG|NO-SUCH-CONTAINER' }),
          'example=error1005',
        ),
      },
      '1005',
    );
  });

  scenario('200: an empty search is a Loqate 1001 entry', [], async () => {
    expectLoqateError(
      { Items: await loqateFind(version, loqateClientQuery({ Text: '' }), 'example=error1001') },
      '1001',
    );
  });
}

operation('loqateFindV11', () => loqateFindScenarios('v1.1'));

operation('loqateFindV110', () => {
  loqateFindScenarios('v1.10');

  // Prism's proxy refuses a value the contract does not allow before the server sees it, so the
  // real server is asked directly: the point is that it answers as Loqate does, not with a 400.
  scenario(
    '200: an invalid value (Limit=abc) is a Loqate 1002 entry naming the parameter, not a 400',
    [],
    async () => {
      const query = isReal ? { Text: 'LS6', Limit: 'abc' } : { Text: 'LS6' };
      const found = await api('GET', `${LOQATE_LAYOUT}/Find/v1.10/json3.ws`, {
        query,
        prefer: 'example=error1002',
        direct: true,
      });
      expectSuccess(found, 200);
      expectLoqateError(found.body, '1002');
      expect(found.body.Items[0].Description).toBe('Limit Invalid');
    },
  );
});

operation('loqateRetrieveV12', () => {
  scenario(
    "200: an Address Id from Find, with a Loqate client's Key, returns the full address",
    ['loqateFindV110'],
    async () => {
      let id = 'GB|RM|A|54236781';
      if (isReal) {
        const inside = await loqateFind('v1.10', loqateClientQuery({ Text: 'LS6 2AB' }));
        const container = inside.find((item) => item.Type === 'Postcode');
        const items = container
          ? await loqateFind(
              'v1.10',
              loqateClientQuery({ Text: 'LS6 2AB', Container: String(container.Id) }),
            )
          : inside;
        id = String(items.find((item) => item.Type === 'Address')?.Id);
      }
      const retrieved = await api('GET', `${LOQATE_LAYOUT}/Retrieve/v1.2/json3.ws`, {
        query: { Id: id, Key: 'AA11-AA11-AA11-AA11' },
      });
      expectSuccess(retrieved, 200);
      expect(retrieved.body.Items).toHaveLength(1);
      for (const field of ['Id', 'Line1', 'City', 'PostalCode', 'Barcode'])
        expect(retrieved.body.Items[0][field], field).toEqual(expect.any(String));
    },
  );

  scenario('200: an unknown Id is a Loqate 1001 entry', [], async () => {
    const unknown = await api('GET', `${LOQATE_LAYOUT}/Retrieve/v1.2/json3.ws`, {
      query: { id: 'GB|RM|A|00000000', key: 'x' },
      prefer: 'example=error1001',
    });
    expectSuccess(unknown, 200);
    expectLoqateError(unknown.body, '1001');
  });
});
