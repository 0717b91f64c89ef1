// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../../test/helpers';
import {
  DBG_SERIAL_53_GROUPS,
  dbgSerialGroups,
  SC_BARCODE_GROUPS,
} from '../../domain/ticketNumber';
import { TicketNumberInput } from './TicketNumberInput';

type Values = { serial?: string; barcode?: string };

describe('TicketNumberInput', () => {
  it('adds the hyphens as groups fill, in both serial formats', async () => {
    const { form } = renderInForm<Values>(
      <TicketNumberInput
        name="serial"
        label="Serial number"
        groupsFor={dbgSerialGroups}
        longestGroups={DBG_SERIAL_53_GROUPS}
      />,
    );
    const input = screen.getByLabelText('Serial number') as HTMLInputElement;

    await userEvent.type(input, '1234');
    expect(input.value).toBe('1234-');
    await userEvent.type(input, '567890123456789x9');
    expect(form.getState().values.serial).toBe('1234-567890123-456789');

    await userEvent.clear(input);
    await userEvent.type(input, '5312345678901234567890123456');
    expect(input.value).toBe('53-1234-5678-9012-34-5-6789-0123-456');
  });

  it('lets backspace remove the hyphen it added', async () => {
    renderInForm<Values>(
      <TicketNumberInput
        name="barcode"
        label="Barcode number"
        groupsFor={() => SC_BARCODE_GROUPS}
        longestGroups={SC_BARCODE_GROUPS}
      />,
    );
    const input = screen.getByLabelText('Barcode number') as HTMLInputElement;
    await userEvent.type(input, '0123');
    expect(input.value).toBe('0123-');
    await userEvent.type(input, '{Backspace}');
    expect(input.value).toBe('0123');
  });
});
