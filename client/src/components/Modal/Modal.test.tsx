// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

describe('Modal', () => {
  it('is a labelled modal dialog whose title takes focus; Escape and the close button close it', async () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">Opener</button>
        <Modal title="Acceptable ID documents" onClose={onClose}>
          <p>Body</p>
        </Modal>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Acceptable ID documents' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Acceptable ID documents' }),
    );

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('When a focus delay is given (help modals: 200 ms), then focus moves in after it', () => {
    vi.useFakeTimers();
    try {
      render(
        <Modal title="Where is the serial number?" onClose={() => undefined} focusDelayMs={200}>
          <p>Picture</p>
        </Modal>,
      );
      const heading = screen.getByRole('heading', { name: 'Where is the serial number?' });
      act(() => vi.advanceTimersByTime(199));
      expect(document.activeElement).not.toBe(heading);
      act(() => vi.advanceTimersByTime(1));
      expect(document.activeElement).toBe(heading);
    } finally {
      vi.useRealTimers();
    }
  });

  it('When it is an alert dialog, then its body describes it', () => {
    render(
      <Modal title="Do you need more time?" role="alertdialog" onClose={() => undefined}>
        <p>We will clear your claim form in 2 minutes.</p>
      </Modal>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Do you need more time?' });
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('We will clear your claim form in 2 minutes.');
  });
});
