// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InactivityWarning } from './InactivityWarning';

describe('InactivityWarning', () => {
  it('is an alert dialog that says when the form is cleared; Continue and Escape continue', async () => {
    const onContinue = vi.fn();
    render(<InactivityWarning clearsAt={Date.now() + 120_000} onContinue={onContinue} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Do you need more time?' });
    expect(dialog.textContent).toContain('we will clear your claim form in 2 minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.keyboard('{Escape}');
    expect(onContinue).toHaveBeenCalledTimes(2);
  });
});
