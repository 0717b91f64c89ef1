// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../test/helpers';
import { RadioGroup, YES_NO } from './RadioGroup';

type Values = { isTicketInPossession?: boolean };
const message =
  'As you do not have the ticket in your possession, we will not be able to proceed with your claim. Lost your ticket?';

describe('RadioGroup', () => {
  it('is a fieldset with a legend and validates as soon as the choice changes', async () => {
    const { form } = renderInForm<Values>(
      <RadioGroup name="isTicketInPossession" legend="Do you have the ticket?" options={YES_NO} />,
      {
        validate: (values) =>
          values.isTicketInPossession === true ? {} : { isTicketInPossession: message },
      },
    );
    const group = screen.getByRole('group', { name: 'Do you have the ticket?' });

    await userEvent.click(screen.getByLabelText('No'));

    expect(form.getState().values.isTicketInPossession).toBe(false);
    expect(group.textContent).toContain('As you do not have the ticket in your possession');
    expect(screen.getByRole('link', { name: 'Lost your ticket?' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Yes'));
    expect(screen.queryByText(/As you do not have/)).toBeNull();
  });
});
