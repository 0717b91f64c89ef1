// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SummaryList } from './SummaryList';

describe('SummaryList', () => {
  it('splits multi-line values into lines and gives file rows a Remove button', async () => {
    const onRemoveFile = vi.fn();
    const { container } = render(
      <SummaryList
        rows={[
          { name: 'Address', value: '14 Elm Grove\nLeeds\nLS6 2AB' },
          { name: 'Front of your ticket', value: 'front.jpg', file: 'ticketFrontFileUuid' },
        ]}
        onRemoveFile={onRemoveFile}
      />,
    );
    expect(
      [...container.querySelectorAll('.summary-list__line')].map((line) => line.textContent),
    ).toEqual(['14 Elm Grove', 'Leeds', 'LS6 2AB', 'front.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove front of your ticket' }));
    expect(onRemoveFile).toHaveBeenCalledWith('ticketFrontFileUuid');
  });

  it('When removing is not offered, then file rows have no button', () => {
    render(
      <SummaryList rows={[{ name: 'Front', value: 'front.jpg', file: 'ticketFrontFileUuid' }]} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
