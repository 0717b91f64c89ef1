// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createNotificationStore } from '../../state/notifications';
import { Notifications } from './Notifications';

describe('Notifications', () => {
  it('When notifications are added, then they show in a polite live region; a click clears one', async () => {
    const store = createNotificationStore();
    render(<Notifications store={store} />);
    act(() => {
      store.add({ content: 'The site is currently unreachable.', type: 'error' });
      store.add({ content: 'Saved', type: 'success' });
    });

    const region = screen.getByText('Saved').closest('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    await userEvent.click(
      screen.getByRole('button', { name: /The site is currently unreachable/ }),
    );

    expect(screen.queryByText('The site is currently unreachable.')).toBeNull();
    expect(screen.getByText('Saved')).toBeTruthy();
  });

  it('When a notification times out, then it is no longer shown', () => {
    vi.useFakeTimers();
    try {
      const store = createNotificationStore();
      render(<Notifications store={store} />);
      act(() => {
        store.add({ content: 'Short', timeout: 1000 });
      });
      expect(screen.getByText('Short')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.queryByText('Short')).toBeNull();
      expect(store.getState()[0]?.timedOut).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
