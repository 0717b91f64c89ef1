// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notifications } from '../../state/notifications';
import { stubApi, withQueryClient } from '../../test/helpers';
import { StartPage } from './StartPage';

const EMAIL = 'sarah.oneill@example.co.uk';

describe('StartPage', () => {
  it('before sending: titled Start your claim with the 20-minute note; validates inline on blur and on submit', async () => {
    const { calls } = stubApi([]);
    render(withQueryClient(<StartPage />));
    expect(screen.getByRole('heading', { level: 1, name: 'Start your claim' })).toBeTruthy();
    expect(screen.getByText(/cleared after 20 minutes of inactivity/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'verify email' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Email address'), `${'a'.repeat(96)}@b.co`);
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('on success: says where the link went and offers Re-enter email address', async () => {
    const { calls } = stubApi([
      [/POST \/api\/v1\/claim$/, Response.json({ email: EMAIL }, { status: 201 })],
    ]);
    render(withQueryClient(<StartPage />));
    await userEvent.type(screen.getByLabelText('Email address'), ` ${EMAIL} `);
    await userEvent.click(screen.getByRole('button', { name: 'verify email' }));

    expect(await screen.findByText(/A verification link has been sent to/)).toBeTruthy();
    expect(screen.getByText(EMAIL)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: EMAIL });
    await userEvent.click(screen.getByRole('button', { name: 'Re-enter email address' }));
    expect(screen.getByRole('heading', { name: 'Start your claim' })).toBeTruthy();
  });

  it.each([
    [
      'a domain error',
      Response.json({ statusCode: 409, message: 'Claims are closed today.' }, { status: 409 }),
      'Claims are closed today.',
      undefined,
    ],
    [
      'a rate limit',
      Response.json({ statusCode: 429, message: 'x' }, { status: 429 }),
      'Failed to start claim.',
      "You've performed too many actions in a short time span. Please wait a minute before continuing.",
    ],
  ])(
    'on failure with %s: shows the text and an enter email button that reloads',
    async (_case, answer, shown, notice) => {
      stubApi([[/POST \/api\/v1\/claim$/, answer]]);
      const reload = vi.fn();
      const add = vi.spyOn(notifications, 'add');
      render(withQueryClient(<StartPage reload={reload} />));
      await userEvent.type(screen.getByLabelText('Email address'), EMAIL);
      await userEvent.click(screen.getByRole('button', { name: 'verify email' }));

      expect(await screen.findByRole('heading', { name: shown })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'enter email' }));
      expect(reload).toHaveBeenCalled();
      if (notice === undefined) expect(add).not.toHaveBeenCalled();
      else expect(add).toHaveBeenCalledWith({ content: notice, type: 'error' });
    },
  );

  it('When the server rejects the e-mail field, then the message shows inline', async () => {
    stubApi([
      [
        /POST \/api\/v1\/claim$/,
        Response.json(
          {
            statusCode: 400,
            message: [
              {
                property: 'email',
                constraints: { format: 'Please enter a valid email address' },
                children: [],
              },
            ],
          },
          { status: 400 },
        ),
      ],
    ]);
    render(withQueryClient(<StartPage />));
    await userEvent.type(screen.getByLabelText('Email address'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'verify email' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Start your claim' })).toBeTruthy();
  });
});
