// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignedTicketModal } from './SignedTicketModal';

describe('SignedTicketModal', () => {
  it.each([
    ['PINK', 'ticket', 'back'],
    ['WHITE', 'ticket', 'front'],
    ['SC', 'Scratchcard', 'back'],
  ] as const)('a %s is signed on the %s %s', async (kind, noun, side) => {
    const onConfirm = vi.fn();
    render(<SignedTicketModal kind={kind} onConfirm={onConfirm} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: `Have you signed your ${noun}?` });
    expect(dialog.textContent).toContain(`on the ${side}`);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I have signed it' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
