// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headersOf, stubApi } from '../../test/helpers';
import { ADVISOR, claimOf, CSRF, json, problem, sessionOf } from '../test/fixtures';
import { renderStaffAt } from '../test/render';

const ADMIN = {
  ...ADVISOR,
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'amelia.hughes@winner-services.example',
  name: 'Amelia Hughes',
  roles: ['admin' as const],
};
const SUMMARY = {
  claimHashid: 'K7Q2M9XA',
  reference: 'K7Q2M9XA',
  step: 'reviewed',
  status: 'submitted',
  submittedAt: '2025-03-14T10:42:17Z',
  productType: 'SC',
  prizeAmountPence: 175000,
  idDocsRequired: false,
};

describe('Claims queue', () => {
  it('When filters are applied, then the address and the request carry them; a row links to its claim; pages move on with the filters kept', async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [
        /GET \/api\/v1\/staff\/claims\?/,
        (call) =>
          json({
            items: [SUMMARY],
            page: 1,
            pageSize: 20,
            total: 45,
            totalIsLowerBound: false,
            ...(new URL(call.url, 'http://x').searchParams.get('after')
              ? {}
              : { nextCursor: 'NEXT_cursor-1' }),
          }),
      ],
    ]);
    const user = userEvent.setup();
    const { location } = renderStaffAt('/staff/claims');

    const table = await screen.findByRole('table', {
      name: 'Claims; the column headers sort the queue',
    });
    expect(within(table).getByRole('link', { name: 'K7Q2M9XA' }).getAttribute('href')).toBe(
      '/staff/claims/K7Q2M9XA',
    );
    expect(within(table).getByText('Reviewed')).toBeTruthy();
    expect(screen.getByText('45 claims')).toBeTruthy();
    expect(
      within(table).getByRole('columnheader', { name: 'Reference' }).getAttribute('aria-sort'),
    ).toBe('ascending');
    expect(within(table).getByRole('cell', { name: '£1,750.00' }).className).toContain(
      'staff-table__numeric',
    );

    await user.click(screen.getByText('More filters'));
    await user.selectOptions(screen.getByLabelText('Step'), 'reviewed');
    await user.selectOptions(screen.getByLabelText('Prize'), 'over_10000');
    await user.selectOptions(screen.getByLabelText('Needs ID documents'), 'false');
    await user.type(screen.getByLabelText('Submitted from'), '2025-03-01');
    await user.type(
      screen.getByLabelText('Reference, e-mail, name, postcode, phone or ticket number'),
      ' Sarah@Example.co.uk ',
    );
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const filtered =
      '/staff/claims?step=reviewed&submittedFrom=2025-03-01&prizeBand=over_10000&idDocsRequired=false&q=Sarah%40Example.co.uk';
    await waitFor(() => expect(location.history?.at(-1)).toBe(filtered));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        '/api/v1/staff/claims?step=reviewed&submittedFrom=2025-03-01&prizeBand=over_10000&idDocsRequired=false&q=Sarah%40Example.co.uk&page=1&pageSize=20',
      ),
    );

    // Each chosen filter is a tag that removes it.
    const tag = await screen.findByRole('link', { name: 'Remove filter Step: Reviewed' });
    expect(tag.getAttribute('href')).toBe(
      '/staff/claims?submittedFrom=2025-03-01&prizeBand=over_10000&idDocsRequired=false&q=Sarah%40Example.co.uk',
    );

    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`${filtered}&after=NEXT_cursor-1`));
    expect(await screen.findByRole('link', { name: 'First page' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();

    // A column header sorts by it; the filters stay.
    await user.click(screen.getByRole('link', { name: 'Prize' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`${filtered}&sort=prize`));
  });
});

describe('Ticket received', () => {
  it('When a scanned code matches, then its claim shows, is marked received, the scan field is ready again and the scan is listed; an unknown code says so at the field', async () => {
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf())],
      [/GET \/api\/v1\/staff\/ticket-codes\/PC-7Q2M9XA4KD$/, json({ claimHashid: 'K7Q2M9XA' })],
      [
        /GET \/api\/v1\/staff\/ticket-codes\/PC-0000000000$/,
        problem(404, 'No claim has this ticket code.'),
      ],
      [
        /GET \/api\/v1\/staff\/claims\/K7Q2M9XA$/,
        json(
          claimOf({
            step: 'ticket_requested',
            allowedTransitions: ['ticket_received', 'rejected'],
          }),
        ),
      ],
      [
        /POST \/api\/v1\/staff\/claims\/K7Q2M9XA\/step$/,
        json(claimOf({ step: 'ticket_received', allowedTransitions: [] })),
      ],
    ]);
    sessionStorage.clear();
    const user = userEvent.setup();
    renderStaffAt('/staff/ticket-received');

    const field = await screen.findByLabelText('Ticket code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.type(field, 'pc-0000000000{Enter}');
    expect(await screen.findByRole('link', { name: /No claim has this ticket code/ })).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'pc-7q2m9xa4kd{Enter}');
    const found = await screen.findByRole('region', { name: 'Claim K7Q2M9XA' });
    expect(within(found).getByText("Sarah O'Neill")).toBeTruthy();
    await user.click(within(found).getByRole('button', { name: 'Mark ticket received' }));

    expect(
      await screen.findByText('Ticket PC-7Q2M9XA4KD (claim K7Q2M9XA) is marked as received.'),
    ).toBeTruthy();
    const change = calls.find((call) => call.method === 'POST');
    expect(change?.body).toEqual({ from: 'ticket_requested', to: 'ticket_received' });
    expect(headersOf(change).get('X-CSRF-Token')).toBe(CSRF);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Ticket code')));
    const today = screen.getByRole('table', { name: /received today/ });
    expect(within(today).getByText('PC-7Q2M9XA4KD')).toBeTruthy();
  });
});

describe('Staff accounts', () => {
  it('When an admin creates an account, then it is sent with the CSRF token, the list is read again and a notice says the set-up link went out; an e-mail in use shows at its field', async () => {
    let created = false;
    const { calls } = stubApi([
      [/GET \/api\/v1\/staff\/session$/, json(sessionOf(ADMIN))],
      [
        /GET \/api\/v1\/staff\/accounts$/,
        () => json({ items: created ? [ADMIN, { ...ADVISOR, setupCompleted: false }] : [ADMIN] }),
      ],
      [
        /POST \/api\/v1\/staff\/accounts$/,
        (call) => {
          if ((call.body as { email: string }).email === ADMIN.email)
            return problem(409, 'An account with this e-mail address already exists.');
          created = true;
          return json({ ...ADVISOR, setupCompleted: false }, 201);
        },
      ],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/accounts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff accounts' })).toBeTruthy();
    expect(await screen.findByText('Amelia Hughes')).toBeTruthy();

    await user.type(screen.getByLabelText('Full name'), 'Ravi Patel');
    await user.type(screen.getByLabelText('E-mail address'), ADMIN.email);
    await user.click(screen.getByLabelText('Claims advisor'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('link', {
        name: 'An account with this e-mail address already exists.',
      }),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), ADVISOR.email);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText(
        `Account created for Ravi Patel. We have e-mailed a set-up link to ${ADVISOR.email}.`,
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Waiting for set-up')).toBeTruthy();
    const create = calls.filter((call) => call.method === 'POST').at(-1);
    expect(create?.body).toEqual({
      name: 'Ravi Patel',
      email: ADVISOR.email,
      roles: ['claims_advisor'],
    });
    expect(headersOf(create).get('X-CSRF-Token')).toBe(CSRF);
  });
});

describe('Account set-up', () => {
  it('When the set-up link is opened, then no secret shows until asked for; then the QR code and the secret show; the passwords must match; completing it says to wait for the next code', async () => {
    const { calls } = stubApi([
      [
        /GET \/api\/v1\/staff\/setup\/tok$/,
        json({ email: ADVISOR.email, name: 'Ravi Patel', roles: ['claims_advisor'] }),
      ],
      [
        /POST \/api\/v1\/staff\/setup\/tok\/authenticator$/,
        json({
          totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          totpUri: 'otpauth://totp/Winner%20Services:ravi?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ],
      [/POST \/api\/v1\/staff\/setup\/tok$/, new Response(null, { status: 204 })],
    ]);
    const user = userEvent.setup();
    renderStaffAt('/staff/setup/tok');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }),
    ).toBeTruthy();
    expect(screen.getByText('Claims advisor')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
    expect(
      screen.getByRole('img', { name: `QR code to add ${ADVISOR.email} to an authenticator app` }),
    ).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/api/v1/staff/session'))).toBe(false);

    await user.type(screen.getByLabelText('New password'), 'a long enough password');
    await user.type(screen.getByLabelText('Confirm the password'), 'a different password!');
    await user.type(screen.getByLabelText('Security code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Set up account' }));
    expect(
      await screen.findByRole('link', { name: 'Enter the same password again.' }),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm the password'));
    await user.type(screen.getByLabelText('Confirm the password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set up account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is set up' }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      password: 'a long enough password',
      code: '654321',
    });
    expect(screen.getByText('Wait for the next code')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/staff/');
  });

  it("When the set-up link was used already, then the server's message shows", async () => {
    stubApi([
      [
        /GET \/api\/v1\/staff\/setup\/used$/,
        problem(409, 'This set-up link has already been used.'),
      ],
    ]);
    renderStaffAt('/staff/setup/used');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This set-up link has already been used.',
      }),
    ).toBeTruthy();
  });
});
