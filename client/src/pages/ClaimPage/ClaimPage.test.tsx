// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { validationErrors } from '../../state/validationErrors';
import { fillPersonalDetails, stubApi as stubAnyApi, withQueryClient } from '../../test/helpers';
import { ClaimPage } from './ClaimPage';

const TOKEN = 'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU';
const VERIFIED = {
  email: 'sarah.oneill@example.co.uk',
  inactivityMinutes: 20,
  productName: 'Prize Lottery',
};
const verifyOk = (body: object = VERIFIED) =>
  [/PATCH \/api\/v1\/claim\/.+\/verify/, Response.json(body)] as [RegExp, Response];
/** getClaimLinkState: what the link leads to, asked before anything else. */
const linkStateIs = (submitted: boolean) =>
  [/GET \/api\/v1\/claim\/[^/]+$/, Response.json({ submitted })] as [RegExp, Response];

/** The API stubbed with `routes`; the link leads to an open claim unless a route says otherwise. */
const stubApi = (routes: Parameters<typeof stubAnyApi>[0]) =>
  stubAnyApi([...routes, linkStateIs(false)]);

function renderClaimPage(reload = vi.fn()) {
  const location = memoryLocation({ path: `/claim/${TOKEN}`, record: true });
  render(
    withQueryClient(
      <Router hook={location.hook}>
        <ClaimPage claimToken={TOKEN} reload={reload} />
      </Router>,
    ),
  );
  return { location, reload };
}

/** The form is on screen once its first section is (the heading shows before, while loading). */
const formShown = () => screen.findByRole('heading', { level: 2, name: /Personal details/ });

afterEach(() => {
  validationErrors.clear();
  vi.useRealTimers();
});

describe('ClaimPage loading', () => {
  it('verifies the token on load, shows the form with five numbered sections, the first open', async () => {
    const { calls } = stubApi([verifyOk()]);
    renderClaimPage();
    expect(screen.getByRole('status').textContent).toContain('Checking your claim link');
    // The heading does not wait for the link's answers (the page's largest paint, issue 35).
    expect(screen.getByRole('heading', { level: 1, name: 'Claim your prize' })).toBeTruthy();

    await formShown();
    expect(screen.getByRole('heading', { level: 1, name: 'Claim your prize' })).toBeTruthy();
    expect(screen.queryByText(/Checking your claim link/)).toBeNull();
    expect(calls.slice(0, 2)).toMatchObject([
      { method: 'GET', url: `/api/v1/claim/${TOKEN}` },
      { method: 'PATCH', url: `/api/v1/claim/${TOKEN}/verify` },
    ]);
    const titles = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      '1Personal details',
      '2Claim details (complete the sections above first)',
      '3About your ticket (complete the sections above first)',
      '4Upload ticket or Scratchcard images (complete the sections above first)',
      '5Payment and submit (complete the sections above first)',
    ]);
  });

  it.each([
    [409, 'This claim has already been submitted.', 'start a new claim'],
    [410, 'This link has expired.', 'enter email'],
  ])(
    'When verifying answers %i, then it shows the message and a %j button to the start page',
    async (status, message, button) => {
      stubApi([[/verify/, Response.json({ statusCode: status, message }, { status })]]);
      const { location } = renderClaimPage();
      expect(await screen.findByRole('heading', { name: message })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(location.history?.at(-1)).toBe('/');
    },
  );

  it("When verifying fails without a message of its own, then it says 'Failed to load claim.'", async () => {
    stubApi([[/verify/, new Response('<html>', { status: 502 })]]);
    renderClaimPage();
    expect(await screen.findByRole('heading', { name: 'Failed to load claim.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'enter email' })).toBeTruthy();
  });
});

describe('ClaimPage sections', () => {
  it('When Next is pressed with nothing filled in, then every field error shows and the banner takes focus', async () => {
    stubApi([verifyOk()]);
    const user = userEvent.setup();
    renderClaimPage();
    await formShown();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    const banner = await screen.findByRole('heading', {
      name: "We couldn't process 7 of your entries.",
    });
    expect(document.activeElement).toBe(banner.parentElement);
    expect(screen.getByText('Check the fields highlighted below.')).toBeTruthy();
    expect(screen.getAllByText('Please select a title')).toHaveLength(2);
  });

  it('sends the identity check, maps a server field error back to its field, then moves on to claim details', async () => {
    let answer = Response.json(
      {
        statusCode: 400,
        message: [
          {
            property: 'postCode',
            constraints: { pattern: 'Please enter a valid postcode' },
            children: [],
          },
        ],
      },
      { status: 400 },
    );
    const { calls } = stubApi([verifyOk(), [/POST .*\/identity$/, () => answer]]);
    const user = userEvent.setup();
    renderClaimPage();
    await formShown();
    await fillPersonalDetails(user);

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByRole('heading', { name: "We couldn't process 1 of your entries." }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.url.endsWith('/identity'))?.body).toEqual({
      isOwner: true,
      title: 'Ms',
      firstName: 'Sarah',
      lastName: "O'Neill",
      dateOfBirth: '1980-03-05',
      phoneNumber: '07700900123',
      isOverseas: false,
      addressLine1: 'Flat 2',
      town: 'Douglas',
      postCode: 'IM1 1JE',
    });

    answer = Response.json(
      { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: false },
      { status: 201 },
    );
    await user.clear(screen.getByLabelText('Postcode'));
    await user.type(screen.getByLabelText('Postcode'), 'IM1 1JF');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByRole('group', {
        name: 'Do you have the ticket or Scratchcard in your possession?',
      }),
    ).toBeTruthy();
    expect(screen.queryByText(/We couldn't process/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit personal details' })).toBeTruthy();
    expect(screen.getByText('Flat 2')).toBeTruthy();
  });

  it('When the identity check asks for ID documents, then that section comes second and the numbers shift', async () => {
    stubApi([
      verifyOk(),
      [
        /POST .*\/identity$/,
        Response.json(
          { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: true },
          { status: 201 },
        ),
      ],
    ]);
    const user = userEvent.setup();
    renderClaimPage();
    await formShown();
    await fillPersonalDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // ID documents were asked for: that section comes second.
    expect(
      await screen.findByRole('heading', { level: 2, name: /^2\s*Upload ID documents/ }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^6\s*Payment and submit/ })).toBeTruthy();
  });
});

describe('ClaimPage not sure', () => {
  it("When the ticket type is 'not sure', then only Finish shows and it ends with the Customer Care message (the server's number)", async () => {
    stubApi([
      verifyOk({ ...VERIFIED, customerCarePhone: '0333 234 5050' }),
      [
        /POST .*\/identity$/,
        Response.json(
          { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: false },
          { status: 201 },
        ),
      ],
    ]);
    const user = userEvent.setup();
    renderClaimPage();
    await formShown();
    await fillPersonalDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const [legend, answer] of [
      [/in your possession/, 'Yes'],
      [/damaged/, 'No'],
      [/work for the operator/, 'No'],
    ] as const) {
      await user.click(
        within(await screen.findByRole('group', { name: legend })).getByLabelText(answer),
      );
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByLabelText('Draw based game ticket'));
    await user.selectOptions(screen.getByLabelText('Which game?'), 'Lotto');
    await user.click(screen.getByLabelText('Not sure'));

    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByLabelText('Serial number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(
      await screen.findByRole('heading', { name: 'We are unable to process your claim online' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '0333 234 5050' }).getAttribute('href')).toBe(
      'tel:03332345050',
    );
  });
});

describe('ClaimPage inactivity', () => {
  it('warns, then clears the form and offers start again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi([verifyOk({ ...VERIFIED, inactivityMinutes: 20 })]);
    const { reload } = renderClaimPage();
    await formShown();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(18 * 60_000);
    });
    expect(await screen.findByRole('alertdialog', { name: 'Do you need more time?' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000);
    });

    expect(
      screen.getByRole('heading', {
        name: 'Your claim form was cleared as it was left unfinished for 20 minutes',
      }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'start again' }));
    expect(reload).toHaveBeenCalled();
  });
});

describe('ClaimPage save and return', () => {
  const identityCheck = { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: false };
  const savedDraft = {
    sections: [
      {
        section: 'personalDetails',
        values: {
          isOwner: true,
          title: 'Ms',
          firstName: 'Sarah',
          lastName: "O'Neill",
          dateOfBirth: '1980-03-05',
          phoneNumber: '07700900123',
          isOverseas: false,
          isManualAddress: true,
          addressLine1: 'Flat 2',
          town: 'Douglas',
          postCode: 'IM1 1JE',
        },
        identityCheck,
      },
      {
        section: 'claimDetails',
        values: { isTicketInPossession: true, isTicketDamaged: false, isLotteryRetailer: false },
      },
    ],
    expiresAt: '2026-11-25T18:20:00Z',
  };
  const draftOk = (body: object) =>
    [/GET \/api\/v1\/claim\/.+\/draft$/, Response.json(body)] as [RegExp, Response];
  const leaving = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('When the link is opened again with saved sections, then they show collapsed with their answers and the next section is open', async () => {
    const { calls } = stubApi([verifyOk(), draftOk(savedDraft)]);
    renderClaimPage();
    await formShown();

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api/v1/claim/${TOKEN}`,
      `PATCH /api/v1/claim/${TOKEN}/verify`,
      `GET /api/v1/claim/${TOKEN}/draft`,
    ]);
    expect(screen.getByRole('button', { name: 'Edit personal details' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit claim details' })).toBeTruthy();
    expect(screen.getByText('Flat 2')).toBeTruthy();
    expect(await screen.findByLabelText('Draw based game ticket')).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(leaving()).toBe(false);
  });

  it('When a section is completed, then its answers are saved; leaving with unsaved answers in the open section asks first', async () => {
    const { calls } = stubApi([
      verifyOk(),
      draftOk({ sections: [savedDraft.sections[0]], expiresAt: savedDraft.expiresAt }),
      [/PUT .*\/draft\/claimDetails$/, Response.json({ expiresAt: savedDraft.expiresAt })],
    ]);
    const user = userEvent.setup();
    renderClaimPage();
    await formShown();

    await user.click(
      within(await screen.findByRole('group', { name: /in your possession/ })).getByLabelText(
        'Yes',
      ),
    );
    expect(leaving()).toBe(true);
    await user.click(within(screen.getByRole('group', { name: /damaged/ })).getByLabelText('No'));
    await user.click(
      within(screen.getByRole('group', { name: /work for the operator/ })).getByLabelText('No'),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByLabelText('Draw based game ticket');
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/api/v1/claim/${TOKEN}/draft/claimDetails`,
      body: {
        values: { isTicketInPossession: true, isTicketDamaged: false, isLotteryRetailer: false },
      },
    });
    await vi.waitFor(() => expect(leaving()).toBe(false));
  });

  it('When the claimant keeps typing, then the saved draft is loaded again at most every 30 seconds, so it clears with the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubApi([verifyOk(), draftOk(savedDraft)]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderClaimPage();
    await formShown();
    const loads = () =>
      calls.filter((call) => call.method === 'GET' && call.url.endsWith('/draft')).length;

    await user.click(await screen.findByLabelText('Draw based game ticket'));
    await user.click(screen.getByLabelText('Scratchcard'));
    expect(loads()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    await user.click(screen.getByLabelText('Draw based game ticket'));
    await user.click(screen.getByLabelText('Scratchcard'));
    await vi.waitFor(() => expect(loads()).toBe(2));
    // The form keeps what is on the page.
    expect(screen.queryByLabelText('First name')).toBeNull();
  });

  it('When the draft cannot be read, then the form opens empty', async () => {
    stubApi([verifyOk(), [/GET .*\/draft$/, new Response('<html>', { status: 502 })]]);
    renderClaimPage();
    await formShown();
    expect(screen.getByLabelText('First name')).toBeTruthy();
  });
});

describe('ClaimPage of a submitted claim', () => {
  const alreadySubmitted = linkStateIs(true);
  const verify409 = [
    /verify/,
    Response.json(
      { statusCode: 409, message: 'This claim has already been submitted.' },
      { status: 409 },
    ),
  ] as [RegExp, Response];
  const progressIs = (body: object) =>
    [/GET \/api\/v1\/claim\/.+\/progress$/, Response.json(body)] as [RegExp, Response];
  const stepStates = () =>
    screen.getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);

  it('When the claim has had its ticket requested, then two steps are Completed, the third In progress, and a new claim can still be started', async () => {
    const { calls } = stubApi([
      alreadySubmitted,
      progressIs({
        reference: 'K7Q2M9XA',
        step: 'ticket_requested',
        completedSteps: 2,
        paymentMethod: 'bank_transfer',
        stepDates: [
          { step: 'submitted', at: '2026-11-20T10:00:00Z' },
          { step: 'reviewed', at: '2026-11-21T09:30:00Z' },
          { step: 'ticket_requested', at: '2026-11-22T09:31:00Z' },
        ],
        infoRequestOpen: false,
      }),
    ]);
    const { location } = renderClaimPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: "Your claim's progress" }),
    ).toBeTruthy();
    // Straight to the progress: no verify call, which could only answer 409 (issue 31).
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api/v1/claim/${TOKEN}`,
      `GET /api/v1/claim/${TOKEN}/progress`,
    ]);
    expect(screen.getByText('K7Q2M9XA')).toBeTruthy();
    // When each step happened.
    expect(screen.getByText(/You submitted this claim on/).textContent).toContain(
      '20 November 2026',
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('On 21 November 2026');
    expect(items[1]?.textContent).toContain('On 22 November 2026');
    expect(screen.queryByText(/asked you for more information/)).toBeNull();
    expect(stepStates()).toEqual([
      'Claim reviewed Completed',
      'Ticket requested Completed',
      'Ticket received In progress',
      'Payment details Not started',
      'Payment Not started',
    ]);
    expect(screen.getAllByRole('listitem')[2]?.getAttribute('aria-current')).toBe('step');

    await userEvent.click(screen.getByRole('button', { name: 'start a new claim' }));
    expect(location.history?.at(-1)).toBe('/');
  });

  it('When the prize is paid, then all five steps are Completed and the amount and date are given', async () => {
    stubApi([
      alreadySubmitted,
      progressIs({
        reference: 'K7Q2M9XA',
        step: 'paid',
        completedSteps: 5,
        paymentMethod: 'cheque',
        payment: { amountPence: 250000, paidAt: '2026-11-27T15:00:00Z' },
        infoRequestOpen: false,
        availableUntil: '2027-02-25T15:00:00Z',
      }),
    ]);
    renderClaimPage();
    await screen.findByRole('heading', { name: "Your claim's progress" });
    expect(stepStates().every((text) => text?.endsWith('Completed'))).toBe(true);
    expect(screen.getByText(/We paid your prize of/).parentElement?.textContent).toBe(
      'We paid your prize of £2,500.00 on 27 November 2026, by cheque posted to the address on your claim.',
    );
    // The cheque wording of the steps, from @prize/domain.
    expect(screen.queryByText(/bank/i)).toBeNull();
    expect(screen.getByText(/This page shows your claim until/).textContent).toContain(
      '25 February 2027',
    );
  });

  it('When an information request is open, then the progress says so', async () => {
    stubApi([
      alreadySubmitted,
      progressIs({
        reference: 'K7Q2M9XA',
        step: 'submitted',
        completedSteps: 0,
        infoRequestOpen: true,
      }),
    ]);
    renderClaimPage();
    await screen.findByRole('heading', { name: "Your claim's progress" });
    expect(screen.getByText(/We have asked you for more information/)).toBeTruthy();
  });

  it('When the claim was rejected, then no step is listed and the claimant is asked to phone Customer Care on its number', async () => {
    stubApi([
      alreadySubmitted,
      progressIs({ reference: 'K7Q2M9XA', step: 'rejected', completedSteps: 1 }),
    ]);
    renderClaimPage();
    await screen.findByRole('heading', { level: 1, name: 'We cannot go on with your claim' });
    expect(screen.getByText(/Please call Customer Care on/).textContent).toMatch(
      /\d{4} \d{3} \d{4}/,
    );
    expect(screen.queryByText('Not started')).toBeNull();
    expect(screen.queryByText('Completed')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('When the progress cannot be read, then the page falls back to the already-submitted message', async () => {
    stubApi([alreadySubmitted, [/progress$/, new Response('<html>', { status: 502 })]]);
    renderClaimPage();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This claim has already been submitted.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'start a new claim' })).toBeTruthy();
  });

  it('When the claim was submitted after the link was asked about, then verify says so and the progress shows', async () => {
    const { calls } = stubApi([
      verify409,
      progressIs({ reference: 'K7Q2M9XA', step: 'submitted', completedSteps: 0 }),
    ]);
    renderClaimPage();
    await screen.findByRole('heading', { level: 1, name: "Your claim's progress" });
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PATCH', 'GET']);
  });

  it('When what the link leads to cannot be read, then verify decides as before', async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/claim\/[^/]+$/, new Response('<html>', { status: 502 })],
      verifyOk(),
    ]);
    renderClaimPage();
    await formShown();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(true);
  });
});
