// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../test/helpers';
import { DateOfBirthInput } from './DateOfBirthInput';

const today = new Date(2026, 10, 22);
type Values = { dateOfBirth?: string };

describe('DateOfBirthInput', () => {
  it('groups day, month and year in a fieldset with the legend', () => {
    renderInForm<Values>(
      <DateOfBirthInput name="dateOfBirth" legend="Date of birth" today={today} />,
    );
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(within(group).getByLabelText('Day')).toBeTruthy();
    expect(within(group).getByLabelText('Month')).toBeTruthy();
    expect(within(group).getByLabelText('Year')).toBeTruthy();
  });

  it('offers years from 18 to 150 years ago and days by month, and clamps the day when the month shrinks', async () => {
    const { form } = renderInForm<Values>(
      <DateOfBirthInput name="dateOfBirth" legend="Date of birth" today={today} />,
    );
    const years = within(screen.getByLabelText('Year')).getAllByRole('option').slice(1);
    expect(years[0]?.textContent).toBe('2008');
    expect(years.at(-1)?.textContent).toBe('1876');
    expect(within(screen.getByLabelText('Day')).getAllByRole('option')).toHaveLength(32);

    await userEvent.selectOptions(screen.getByLabelText('Day'), '31');
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2001');
    await userEvent.selectOptions(screen.getByLabelText('Month'), '2');

    expect(form.getState().values.dateOfBirth).toBe('2001-02-28');
    expect((screen.getByLabelText('Day') as HTMLSelectElement).value).toBe('28');
    expect(within(screen.getByLabelText('Day')).getAllByRole('option')).toHaveLength(29);
  });

  it('validates once the three parts are chosen', async () => {
    renderInForm<Values>(
      <DateOfBirthInput name="dateOfBirth" legend="Date of birth" today={today} />,
      {
        validate: (values) =>
          values.dateOfBirth === '2008-12-01'
            ? { dateOfBirth: 'Please enter a valid date of birth' }
            : {},
      },
    );
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2008');
    await userEvent.selectOptions(screen.getByLabelText('Month'), '12');
    expect(screen.queryByText('Please enter a valid date of birth')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Day'), '1');
    expect(screen.getByText('Please enter a valid date of birth')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group.getAttribute('aria-describedby')).toContain('field-dateOfBirth-error');
  });
});
