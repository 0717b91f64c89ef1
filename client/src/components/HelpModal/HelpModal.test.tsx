// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HelpModal } from './HelpModal';

const slides = [
  { title: 'Serial number', caption: 'At the bottom.', picture: <svg aria-hidden="true" /> },
  {
    title: 'Term number',
    caption: 'Above the serial number.',
    picture: <svg aria-hidden="true" />,
  },
];

describe('HelpModal', () => {
  it('steps through the pictures with previous and next, wrapping round', async () => {
    render(
      <HelpModal
        title="Where to find the numbers"
        slides={slides}
        initialSlide={1}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('Picture 2 of 2')).toBeTruthy();
    expect(screen.getByText('Term number')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(screen.getByText('Picture 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(screen.getByText('Above the serial number.')).toBeTruthy();
  });
});
