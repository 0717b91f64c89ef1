// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createValidationErrorStore } from '../../state/validationErrors';
import { ErrorBanner } from './ErrorBanner';

describe('ErrorBanner', () => {
  it('counts the entries, lists each as a link that focuses its field, and disappears when none are left', async () => {
    const store = createValidationErrorStore();
    render(
      <>
        <ErrorBanner store={store} />
        <input id="field-firstName" aria-label="First name" />
      </>,
    );
    expect(screen.queryByText(/We couldn't process/)).toBeNull();

    act(() => {
      store.set('personalDetails', {
        firstName: 'Please enter a valid first name',
        title: 'Value is required',
      });
      store.set('claimDetails', { isTicketDamaged: 'Please select one' });
    });

    expect(
      screen.getByRole('heading', { name: "We couldn't process 3 of your entries." }),
    ).toBeTruthy();
    expect(screen.getByText('Check the fields highlighted below.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Field is required' }).getAttribute('href')).toBe(
      '#field-title',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Please enter a valid first name' }));
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));

    act(() => store.clear());
    expect(screen.queryByText(/We couldn't process/)).toBeNull();
  });
});
