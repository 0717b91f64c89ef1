// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInForm, stubApi } from '../../test/helpers';
import { AddressLookup } from './AddressLookup';

type Values = { addressLookup?: unknown };

const results = {
  Items: [
    {
      Id: 'GB|RM|A|54236781',
      Type: 'Address',
      Text: '14 Elm Grove',
      Highlight: '0-2,3-12;',
      Description: 'Leeds, LS6 2AB',
    },
    {
      Id: 'GB|RM|ENG|ELM_GROVE-BRISTOL',
      Type: 'Street',
      Text: 'Elm Grove',
      Highlight: '0-9;',
      Description: 'Bristol - 38 Addresses',
    },
  ],
};
const leeds = {
  Items: [
    {
      Id: 'GB|RM|A|54236781',
      Line1: '14 Elm Grove',
      Line2: 'Headingley',
      City: 'Leeds',
      Province: 'West Yorkshire',
      PostalCode: 'LS6 2AB',
      Barcode: '(LS62AB1AW)',
    },
  ],
};

function setUp(
  find: Response | ((url: string) => Response),
  retrieve: Response = Response.json(leeds),
  claimToken?: string,
) {
  const api = stubApi([
    [/GET \/api\/address\/find/, typeof find === 'function' ? (call) => find(call.url) : find],
    [/GET \/api\/address\/retrieve/, retrieve],
  ]);
  const onActivity = vi.fn();
  const view = renderInForm<Values>(
    <AddressLookup
      name="addressLookup"
      label="Find your address"
      onActivity={onActivity}
      claimToken={claimToken}
    />,
  );
  return { ...api, ...view, onActivity };
}

describe('AddressLookup', () => {
  it('searches after the pause, marks the highlights, drills into containers and retrieves the chosen address', async () => {
    const { calls, form, onActivity } = setUp(Response.json(results));

    await userEvent.type(screen.getByLabelText('Find your address'), '14 elm');
    expect(onActivity).toHaveBeenCalled();
    const first = await screen.findByRole('button', { name: /14 Elm Grove/ }, { timeout: 2000 });
    const findCalls = calls.filter((call) => call.url.includes('/find'));
    expect(findCalls).toHaveLength(1);
    expect(findCalls[0]?.url).toContain('Text=14+elm');
    expect(findCalls[0]?.url).toMatch(/Countries=GB(%2C|,)IM/);
    expect(first.querySelectorAll('mark')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: /Bristol - 38 Addresses/ }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('Container=GB'))).toBe(true));

    await userEvent.click(await screen.findByRole('button', { name: /14 Elm Grove/ }));
    await screen.findByRole('button', { name: 'Look up another address' });
    expect(calls.at(-1)?.url).toContain('/api/address/retrieve?Id=GB');
    expect(form.getState().values.addressLookup).toEqual({
      addressLine1: '14 Elm Grove',
      addressLine2: 'Headingley',
      town: 'Leeds',
      county: 'West Yorkshire',
      postCode: 'LS6 2AB',
      dpsCode: '1A',
      addressId: 'GB|RM|A|54236781',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Look up another address' }));
    expect(form.getState().values.addressLookup ?? null).toBeNull();
    expect((screen.getByLabelText('Find your address') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Find your address'));
  });

  it("When nothing is found, then it says 'No address found'", async () => {
    setUp(Response.json({ Items: [] }));
    await userEvent.type(screen.getByLabelText('Find your address'), 'zz');
    expect(
      await screen.findByText(
        'No address found',
        { selector: 'p.address-results__none' },
        { timeout: 2000 },
      ),
    ).toBeTruthy();
  });

  it('When the search answers with error 1004, then the field shows its message', async () => {
    setUp(Response.json({ Items: [{ Error: '1004', Description: 'Request Timed Out' }] }));
    await userEvent.type(screen.getByLabelText('Find your address'), 'elm');
    expect(
      await screen.findByText(
        'Address lookup took too long to respond, Please check your search query and try again',
        undefined,
        { timeout: 2000 },
      ),
    ).toBeTruthy();
  });

  it('When retrieving answers with error 1001, then the field says Invalid address', async () => {
    setUp(Response.json(results), Response.json({ Items: [{ Error: '1001' }] }));
    await userEvent.type(screen.getByLabelText('Find your address'), 'elm');
    await userEvent.click(
      await screen.findByRole('button', { name: /14 Elm Grove/ }, { timeout: 2000 }),
    );
    expect(await screen.findByText('Invalid address')).toBeTruthy();
  });

  it('When a claim token is given, then find and retrieve carry it in X-Claim-Token', async () => {
    const { fetchMock } = setUp(
      Response.json(results),
      Response.json(leeds),
      'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU',
    );
    await userEvent.type(screen.getByLabelText('Find your address'), 'elm');
    await userEvent.click(
      await screen.findByRole('button', { name: /14 Elm Grove/ }, { timeout: 2000 }),
    );
    await screen.findByRole('button', { name: 'Look up another address' });
    const sent = fetchMock.mock.calls.map(([url, init]) => [
      String(url).split('?')[0],
      new Headers(init?.headers).get('X-Claim-Token'),
    ]);
    expect(sent).toEqual([
      ['/api/address/find', 'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU'],
      ['/api/address/retrieve', 'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU'],
    ]);
  });

  it('When no claim token is given (the info-request page), then no X-Claim-Token header is sent', async () => {
    const { fetchMock } = setUp(Response.json(results));
    await userEvent.type(screen.getByLabelText('Find your address'), 'elm');
    await screen.findByRole('button', { name: /14 Elm Grove/ }, { timeout: 2000 });
    expect(
      fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).has('X-Claim-Token')),
    ).toEqual([false]);
  });
});
