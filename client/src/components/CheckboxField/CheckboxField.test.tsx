// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../test/helpers';
import { CheckboxField } from './CheckboxField';

describe('CheckboxField', () => {
  it('stores a boolean and describes itself with its hint', async () => {
    const { form } = renderInForm<{ isChequePreferred?: boolean }>(
      <CheckboxField
        name="isChequePreferred"
        label="I would prefer to be paid by cheque"
        hint="Paying by cheque may delay your payment."
      />,
    );
    const box = screen.getByLabelText('I would prefer to be paid by cheque');
    expect(box.getAttribute('aria-describedby')).toBe('field-isChequePreferred-hint');
    await userEvent.click(box);
    expect(form.getState().values.isChequePreferred).toBe(true);
    await userEvent.click(box);
    expect(form.getState().values.isChequePreferred).toBe(false);
  });
});
