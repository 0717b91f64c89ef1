// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../test/helpers';
import { TextField } from './TextField';

type Values = { firstName?: string };

describe('TextField', () => {
  it('shows its error on blur, not while typing, and links hint and error with aria-describedby', async () => {
    renderInForm<Values>(
      <TextField name="firstName" label="First name" hint="As on your passport." />,
      {
        validate: (values) =>
          (values.firstName ?? '').length >= 2
            ? {}
            : { firstName: 'Please enter a valid first name' },
      },
    );
    const input = screen.getByLabelText('First name');
    expect(input.getAttribute('aria-describedby')).toBe('field-firstName-hint');

    await userEvent.type(input, 'J');
    expect(screen.queryByText('Please enter a valid first name')).toBeNull();
    await userEvent.tab();

    expect(screen.getByText('Please enter a valid first name')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(
      'field-firstName-hint field-firstName-error',
    );
  });
});
