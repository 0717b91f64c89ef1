// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headersOf, stubApi } from '../../test/helpers';
import { ADVISOR, claimOf, CSRF, json, problem, sessionOf } from '../test/fixtures';
import { renderStaffAt } from '../test/render';

const CLAIM_URL = /GET \/api\/v1\/staff\/claims\/K7Q2M9XA$/;
const STEP_URL = /POST \/api\/v1\/staff\/claims\/K7Q2M9XA\/step$/;

describe('Back-office claim page', () => {
  it('When a claims advisor opens a submitted claim, then the header, the ticket images beside its details, the identity check and timeline show; ID documents only when asked for', async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      value: () => 'blob:preview',
      configurable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [CLAIM_URL, json(claimOf())],
      [
        /GET \/api\/v1\/staff\/claims\/K7Q2M9XA\/files\/7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30$/,
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'Content-Type': 'image/png' },
        }),
      ],
    ]);
    renderStaffAt('/staff/claims/K7Q2M9XA');

    // The first render loads the back office's code: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: /Claim K7Q2M9XA/ }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText("Sarah O'Neill")).toBeTruthy();
    expect(screen.getByText("Mrs Sarah O'Neill")).toBeTruthy();
    expect(screen.getByText('Passed: no ID documents required')).toBeTruthy();
    expect(screen.getAllByText('£1,750.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Assign to me' })).toBeTruthy();
    const timeline = screen.getByRole('table', { name: 'Timeline, oldest first' });
    expect(within(timeline).getByText('Claim submitted')).toBeTruthy();
    expect(within(timeline).getByText('Ravi Patel')).toBeTruthy();

    // The ticket's images show at once, beside its details.
    const image = await screen.findByRole('img', { name: 'Ticket front (IMG_2041.jpg)' });
    expect(image.getAttribute('src')).toBe('blob:preview');
    expect(calls.filter((call) => call.url.includes('/files/'))).toHaveLength(1);
    expect(image.closest('a')?.getAttribute('href')).toBe(
      '/api/v1/staff/claims/K7Q2M9XA/files/7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30',
    );
  });

  it("When the advisor marks the claim reviewed, then the step change carries the claim's step and the CSRF token, and the page shows the new step and a notice that takes focus", async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [CLAIM_URL, json(claimOf())],
      [
        STEP_URL,
        json(claimOf({ step: 'reviewed', allowedTransitions: ['ticket_requested', 'rejected'] })),
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/claims/K7Q2M9XA');

    await user.click(await screen.findByRole('button', { name: 'Mark as reviewed' }));

    const notice = await screen.findByText('The claim is marked as reviewed.');
    await waitFor(() => expect(document.activeElement).toBe(notice.closest('.staff-banner')));
    const change = calls.find((call) => call.method === 'POST');
    expect(change?.body).toEqual({ from: 'submitted', to: 'reviewed' });
    expect(headersOf(change).get('X-CSRF-Token')).toBe(CSRF);
    expect(screen.getByRole('button', { name: 'Request the ticket' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as reviewed' })).toBeNull();
  });

  it("When the claim moved on meanwhile (409), then the server's message shows, takes focus, and the claim is read again", async () => {
    let reads = 0;
    stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [
        CLAIM_URL,
        () => {
          reads += 1;
          return json(claimOf());
        },
      ],
      [STEP_URL, problem(409, 'This claim has moved on since you opened it.')],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/claims/K7Q2M9XA');

    await user.click(await screen.findByRole('button', { name: 'Mark as reviewed' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This claim has moved on since you opened it.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await waitFor(() => expect(reads).toBe(2));
  });

  it('When the advisor rejects without a reason, then the form says so; with one, the reason is sent', async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [CLAIM_URL, json(claimOf())],
      [
        STEP_URL,
        json(
          claimOf({
            step: 'rejected',
            rejectionReason: 'Ticket reported stolen',
            allowedTransitions: [],
          }),
        ),
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/claims/K7Q2M9XA');

    await user.click(await screen.findByText('Reject the claim', { selector: 'summary' }));
    await user.click(screen.getByRole('button', { name: 'Reject the claim' }));
    expect(
      await screen.findByRole('link', { name: 'Choose a reason for rejecting the claim.' }),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByLabelText('Another reason (write it below)'));
    await user.click(screen.getByRole('button', { name: 'Reject the claim' }));
    expect(
      await screen.findByRole('link', { name: 'Enter the reason for rejecting the claim.' }),
    ).toBeTruthy();
    const details = screen.getByLabelText('More about the reason (optional unless another reason)');
    await user.type(details, 'Ticket reported stolen');
    expect(screen.getByText('You have 478 characters remaining')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject the claim' }));

    expect(
      await screen.findByText('The claim is rejected. Customer Care will phone the claimant.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      from: 'submitted',
      to: 'rejected',
      reason: 'Ticket reported stolen',
    });
    expect(screen.getByText('Ticket reported stolen')).toBeTruthy();
  });

  it('When Customer Care opens a claim, then there are no step actions but they can ask for information (sent with the CSRF token)', async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf({ ...ADVISOR, roles: ['customer_care'] }))],
      [CLAIM_URL, json(claimOf({ allowedTransitions: [] }))],
      [
        /POST \/api\/v1\/staff\/claims\/K7Q2M9XA\/info-requests$/,
        json(
          { uuid: '5a0c3e1d-9b7f-4d2a-8e6c-1f0b2a3c4d5e', expiresAt: '2099-01-01T00:00:00Z' },
          201,
        ),
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/claims/K7Q2M9XA');

    await screen.findByRole('heading', { level: 1, name: /Claim K7Q2M9XA/ });
    expect(screen.queryByRole('button', { name: 'Mark as reviewed' })).toBeNull();
    expect(screen.queryByText('Reject the claim')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(
      await screen.findByRole('link', {
        name: 'Choose at least one thing to ask the claimant for.',
      }),
    ).toBeTruthy();

    // A Scratchcard: only its own kind of images is offered.
    const offered = within(
      screen.getByRole('group', { name: 'What should the claimant send?' }),
    ).getAllByRole('checkbox');
    expect(offered.map((box) => box.closest('div')?.textContent)).toEqual([
      'Personal details',
      'ID documents',
      'Scratchcard images',
    ]);
    await user.click(screen.getByLabelText('Personal details'));
    await user.click(screen.getByLabelText('Scratchcard images'));
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(
      await screen.findByText(/Information requested \(Personal details, Scratchcard images\)/),
    ).toBeTruthy();
    const request = calls.find((call) => call.method === 'POST');
    expect(request?.body).toEqual({ sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'] });
    expect(headersOf(request).get('X-CSRF-Token')).toBe(CSRF);
  });

  it.each(['paid', 'rejected'] as const)(
    'When the claim is %s, then information cannot be asked for',
    async (step) => {
      stubApi([
        [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
        [CLAIM_URL, json(claimOf({ step, allowedTransitions: [], waitingOn: 'nobody' }))],
      ]);
      renderStaffAt('/staff/claims/K7Q2M9XA');
      await screen.findByRole('heading', { level: 1, name: /Claim K7Q2M9XA/ }, { timeout: 10_000 });
      expect(
        screen.queryByRole('heading', { name: 'Ask the claimant for information' }),
      ).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send the request' })).toBeNull();
    },
  );

  it('When the claim is a pink draw ticket, then only pink ticket images are offered', async () => {
    const claim = claimOf();
    stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [
        CLAIM_URL,
        json({
          ...claim,
          ticketDetails: {
            productType: 'DBG',
            dbgGame: 'Lotto',
            dbgTicketType: 'PINK',
            dbgTicketNumber: '1234-567890123-456789',
            prizeAmountPence: 175000,
            ticketFrontFileUuid: claim.ticketDetails.ticketFrontFileUuid,
          },
        }),
      ],
    ]);
    renderStaffAt('/staff/claims/K7Q2M9XA');
    await screen.findByRole('heading', { level: 1, name: /Claim K7Q2M9XA/ }, { timeout: 10_000 });
    expect(screen.getByLabelText('Draw-based game ticket images (pink)')).toBeTruthy();
    expect(screen.queryByLabelText('Scratchcard images')).toBeNull();
    expect(screen.queryByLabelText('Draw-based game ticket images (white)')).toBeNull();
  });

  it('When the claim does not exist, then the page says so with a way back to the queue', async () => {
    stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [/GET \/api\/v1\/staff\/claims\/NOPE1234$/, problem(404, 'Claim not found.')],
    ]);
    renderStaffAt('/staff/claims/NOPE1234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Claim not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the claims queue' })).toBeTruthy();
  });
});
