// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headersOf, stubApi } from '../test/helpers';
import { ADVISOR, CSRF, json, problem, sessionOf } from './test/fixtures';
import { renderStaffAt } from './test/render';

const EMPTY_QUEUE = { items: [], page: 1, pageSize: 20, total: 0 };

describe('Back office sign-in and session', () => {
  it("When nobody is signed in, then the sign-in form shows; a failed submit lists each problem and takes focus; the server's refusal shows in the summary", async () => {
    const { calls } = stubApi([
      // Signed out: the probe answers 204 (no failed request in the console).
      [/GET \/api\/v1\/staff\/session$/, new Response(null, { status: 204 })],
      [
        /POST \/api\/v1\/staff\/session$/,
        problem(401, 'The e-mail address, password or security code is incorrect.'),
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('Winner Services')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const summary = await screen.findByRole('heading', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary.parentElement));
    // One summary, first in main (the GOV.UK place), not inside the form.
    expect(screen.getByRole('main').firstElementChild?.contains(summary)).toBe(true);
    expect(summary.closest('form')).toBeNull();
    for (const message of [
      'Enter a valid e-mail address.',
      'Enter your password.',
      'Enter the 6-digit code from your authenticator app.',
    ])
      expect(screen.getByRole('link', { name: message })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('E-mail address'), ADVISOR.email);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Security code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('The e-mail address, password or security code is incorrect.'),
    ).toBeTruthy();
    const signIn = calls.find((call) => call.method === 'POST');
    expect(signIn?.body).toEqual({
      email: ADVISOR.email,
      password: 'correct horse battery',
      code: '123456',
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'There is a problem' }).parentElement,
      ),
    );
  });

  it('When the sign-in succeeds, then the page asked for opens with the name in the header; Sign out sends the CSRF token and shows the sign-in form again', async () => {
    let signedIn = false;
    const { calls } = stubApi([
      [
        /GET \/api\/v1\/staff\/session$/,
        () => (signedIn ? json(sessionOf()) : new Response(null, { status: 204 })),
      ],
      [
        /POST \/api\/v1\/staff\/session$/,
        () => {
          signedIn = true;
          return json(sessionOf());
        },
      ],
      [
        /DELETE \/api\/v1\/staff\/session$/,
        () => {
          signedIn = false;
          return new Response(null, { status: 204 });
        },
      ],
      [/GET \/api\/v1\/staff\/claims\?/, json(EMPTY_QUEUE)],
    ]);
    const user = userEvent.setup();
    const { location } = renderStaffAt('/staff/claims?step=reviewed');

    await user.type(await screen.findByLabelText('E-mail address'), ADVISOR.email);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Security code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Claims queue' })).toBeTruthy();
    expect(screen.getByText('Ravi Patel')).toBeTruthy();
    expect(await screen.findByText('No claims match.')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/api/v1/staff/claims?step=reviewed'))).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    const signOut = calls.find((call) => call.method === 'DELETE');
    expect(headersOf(signOut).get('X-CSRF-Token')).toBe(CSRF);
    expect(location.history?.at(-1)).toBe('/staff');
  });

  it("When the session has expired, then the next call's 401 brings back the sign-in form", async () => {
    let expired = false;
    stubApi([
      [
        /GET \/api\/v1\/staff\/session$/,
        () => (expired ? new Response(null, { status: 204 }) : json(sessionOf())),
      ],
      [
        /GET \/api\/v1\/staff\/claims\?/,
        () => {
          expired = true;
          return problem(401, 'Your session has ended. Please sign in again.');
        },
      ],
    ]);
    renderStaffAt('/staff/claims');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('Ravi Patel')).toBeNull();
  });

  it('When an admin is signed in, then the navigation offers Staff accounts; a claims advisor does not see it', async () => {
    stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [/GET \/api\/v1\/staff\/claims\?/, json(EMPTY_QUEUE)],
    ]);
    renderStaffAt('/staff');

    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(nav.textContent).toContain('Claims queue');
    expect(nav.textContent).toContain('Ticket received');
    expect(nav.textContent).not.toContain('Staff accounts');
    expect(nav.textContent).toContain('Change password');
    expect(nav.textContent).toContain('Your sessions');
    expect(screen.getByRole('link', { name: 'Claims queue' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
  it.each(['/staff/accounts', '/staff/data-protection'])(
    'When a claims advisor opens %s by its address, then the claims queue opens instead (the screen is not there for the role)',
    async (path) => {
      stubApi([
        [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
        [/GET \/api\/v1\/staff\/claims\?/, json(EMPTY_QUEUE)],
      ]);
      const { location } = renderStaffAt(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'Claims queue' })).toBeTruthy();
      expect(location.history?.at(-1)).toBe('/staff/claims');
      expect(screen.queryByRole('heading', { name: 'Staff accounts' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Data protection requests' })).toBeNull();
    },
  );

  it('When a data protection officer is signed in, then the navigation and the route offer Data protection and not Staff accounts', async () => {
    stubApi([
      [
        /GET \/api\/v1\/staff\/session$/,
        json(sessionOf({ ...ADVISOR, roles: ['data_protection'] })),
      ],
    ]);
    renderStaffAt('/staff/data-protection');

    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(nav.textContent).toContain('Data protection');
    expect(nav.textContent).not.toContain('Staff accounts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Data protection requests' }),
    ).toBeTruthy();
  });
});
