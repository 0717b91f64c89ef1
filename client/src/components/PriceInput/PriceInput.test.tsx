// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../test/helpers';
import { PriceInput } from './PriceInput';

type Values = { prizeAmountPence?: number | null };

describe('PriceInput', () => {
  it('keeps digits and one point with 2 decimals and stores whole pence', async () => {
    const { form } = renderInForm<Values>(
      <PriceInput name="prizeAmountPence" label="How much did you win?" />,
    );
    const input = screen.getByLabelText('How much did you win?') as HTMLInputElement;
    expect(input.placeholder).toBe('£');

    await userEvent.type(input, '£1,750.555');

    expect(input.value).toBe('1750.55');
    expect(form.getState().values.prizeAmountPence).toBe(175055);
  });

  it('When the amount is cleared, then nothing is stored', async () => {
    const { form } = renderInForm<Values>(<PriceInput name="prizeAmountPence" label="Prize" />, {
      initialValues: { prizeAmountPence: 50001 },
    });
    const input = screen.getByLabelText('Prize') as HTMLInputElement;
    expect(input.value).toBe('500.01');
    await userEvent.clear(input);
    expect(form.getState().values.prizeAmountPence ?? null).toBeNull();
  });
});
