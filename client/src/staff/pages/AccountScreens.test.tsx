// @vitest-environment jsdom
import type { StaffUser } from '@prize/generated/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headersOf, stubApi } from '../../test/helpers';
import { ADVISOR, CSRF, json, sessionOf } from '../test/fixtures';
import { renderStaffAt } from '../test/render';

const ADMIN: StaffUser = {
  ...ADVISOR,
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'amelia.hughes@winner-services.example',
  name: 'Amelia Hughes',
  roles: ['claims_advisor', 'admin'],
};
const EMPTY_QUEUE = { items: [], page: 1, pageSize: 20, total: 0 };
const WEAK =
  'This password is too easy to guess. This is similar to a commonly used password. Add more words that are less common.';

describe('Staff accounts: status and lifecycle actions', () => {
  it('When an admin disables, enables and resets an account, then each call carries the CSRF token, the status column follows and a notice says what happened; their own row has no actions', async () => {
    let advisor: StaffUser = ADVISOR;
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf(ADMIN))],
      [/GET \/api\/v1\/staff\/accounts$/, () => json({ items: [ADMIN, advisor] })],
      [
        /POST \/api\/v1\/staff\/accounts\/[^/]+\/disable$/,
        () => json((advisor = { ...advisor, disabled: true })),
      ],
      [
        /POST \/api\/v1\/staff\/accounts\/[^/]+\/enable$/,
        () => json((advisor = { ...advisor, disabled: false })),
      ],
      [
        /POST \/api\/v1\/staff\/accounts\/[^/]+\/reset$/,
        () => json((advisor = { ...advisor, setupCompleted: false })),
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/accounts');

    const row = async () =>
      (await screen.findByRole('rowheader', { name: 'Ravi Patel' })).closest('tr')!;
    expect(within(await row()).getByText('Active')).toBeTruthy();
    expect(within(await row()).getByText('Claims advisor')).toBeTruthy();
    const own = (await screen.findByRole('rowheader', { name: 'Amelia Hughes' })).closest('tr')!;
    expect(within(own).getByText('Claims advisor, Admin')).toBeTruthy();
    expect(within(own).getByText('Your account')).toBeTruthy();
    expect(within(own).queryByRole('button')).toBeNull();

    await user.click(within(await row()).getByRole('button', { name: 'Disable Ravi Patel' }));
    expect(
      await screen.findByText("Ravi Patel's account is disabled. Their sessions have ended."),
    ).toBeTruthy();
    await waitFor(async () => expect(within(await row()).getByText('Disabled')).toBeTruthy());

    await user.click(within(await row()).getByRole('button', { name: 'Enable Ravi Patel' }));
    expect(
      await screen.findByText("Ravi Patel's account is enabled. They can sign in again."),
    ).toBeTruthy();
    await user.click(within(await row()).getByRole('button', { name: 'Reset Ravi Patel' }));
    expect(
      await screen.findByText(
        `Ravi Patel's account is reset. We have e-mailed a new set-up link to ${ADVISOR.email}.`,
      ),
    ).toBeTruthy();
    await waitFor(async () =>
      expect(within(await row()).getByText('Waiting for set-up')).toBeTruthy(),
    );
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual([
      `/api/v1/staff/accounts/${ADVISOR.id}/disable`,
      `/api/v1/staff/accounts/${ADVISOR.id}/enable`,
      `/api/v1/staff/accounts/${ADVISOR.id}/reset`,
    ]);
    for (const post of posts) expect(headersOf(post).get('X-CSRF-Token')).toBe(CSRF);
  });

  it('When a claims advisor opens the accounts address, then the admin screen is not there: the claims queue opens', async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [/GET \/api\/v1\/staff\/claims\?/, json(EMPTY_QUEUE)],
    ]);
    const { location } = renderStaffAt('/staff/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Claims queue' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/staff/claims');
    expect(calls.some((call) => call.url.includes('/api/v1/staff/accounts'))).toBe(false);
  });
});

describe('Change password', () => {
  it("When the new password is too easy to guess, then zxcvbn's warning and suggestions show at the field; a strong one is changed", async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [
        /POST \/api\/v1\/staff\/password$/,
        (call) =>
          (call.body as { newPassword: string }).newPassword === 'password1234'
            ? Response.json(
                {
                  statusCode: 400,
                  message: [
                    { property: 'newPassword', constraints: { strength: WEAK }, children: [] },
                  ],
                  error: 'Bad Request',
                },
                { status: 400 },
              )
            : new Response(null, { status: 204 }),
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/password');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change your password' }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Current password'), 'my old passphrase');
    await user.type(screen.getByLabelText('New password'), 'password1234');
    await user.type(screen.getByLabelText('Confirm the new password'), 'password1234');
    await user.type(screen.getByLabelText('Security code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('link', { name: WEAK })).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'violet lantern orbit meadow');
    await user.clear(screen.getByLabelText('Confirm the new password'));
    await user.type(
      screen.getByLabelText('Confirm the new password'),
      'violet lantern orbit meadow',
    );
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password is changed' }),
    ).toBeTruthy();
    const last = calls.filter((call) => call.method === 'POST').at(-1);
    expect(last?.body).toEqual({
      currentPassword: 'my old passphrase',
      newPassword: 'violet lantern orbit meadow',
      code: '123456',
    });
    expect(headersOf(last).get('X-CSRF-Token')).toBe(CSRF);
  });
});

describe('Your sessions', () => {
  it('When another session is ended, then the call names it and the list is read again; this session cannot be ended here; all others can be', async () => {
    let items = [
      {
        id: '9c2e4f6a-8b1d-4e3f-a5c7-0d2b4f6e8a1c',
        createdAt: '2025-03-17T08:45:00Z',
        idleExpiresAt: '2025-03-17T09:32:00Z',
        expiresAt: '2025-03-17T20:45:00Z',
        current: true,
      },
      {
        id: '1f3a5c7e-9b20-4a7c-9e2b-1d3f4b6a8c5e',
        createdAt: '2025-03-16T13:10:00Z',
        idleExpiresAt: '2025-03-17T09:05:00Z',
        expiresAt: '2025-03-17T01:10:00Z',
        current: false,
      },
    ];
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [/GET \/api\/v1\/staff\/sessions$/, () => json({ items })],
      [
        /DELETE \/api\/v1\/staff\/sessions\/[^/]+$/,
        () => {
          items = items.filter((item) => item.current);
          return new Response(null, { status: 204 });
        },
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/sessions');

    const table = await screen.findByRole('table', { name: 'Your sessions, newest first' });
    expect(within(table).getByText('This session')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /^End session/ }));
    expect(await screen.findByText(/has ended\.$/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull(),
    );
    const ended = calls.find((call) => call.method === 'DELETE');
    expect(ended?.url).toBe('/api/v1/staff/sessions/1f3a5c7e-9b20-4a7c-9e2b-1d3f4b6a8c5e');
    expect(headersOf(ended).get('X-CSRF-Token')).toBe(CSRF);
  });
});
