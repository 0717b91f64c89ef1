// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../test/helpers';
import { SelectField } from './SelectField';

type Values = { title?: string };
const TITLES = ['Mr', 'Mrs'].map((title) => ({ value: title, label: title }));

describe('SelectField', () => {
  it('validates as soon as the choice changes, and the empty choice stores nothing', async () => {
    const { form } = renderInForm<Values>(
      <SelectField name="title" label="Title" options={TITLES} />,
      {
        validate: (values) => (values.title ? {} : { title: 'Please select a title' }),
      },
    );
    await userEvent.selectOptions(screen.getByLabelText('Title'), 'Mrs');
    expect(form.getState().values.title).toBe('Mrs');
    expect(screen.queryByText('Please select a title')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Title'), '');
    expect(form.getState().values.title).toBeUndefined();
    expect(screen.getByText('Please select a title')).toBeTruthy();
  });
});
