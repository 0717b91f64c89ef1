// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormSection } from './FormSection';

describe('FormSection', () => {
  it('When locked, then only the numbered title shows', () => {
    const { container } = render(
      <FormSection id="payment" number={5} title="Payment and submit" status="locked">
        <p>Body</p>
      </FormSection>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('5Payment and submit');
    expect(container.querySelector('.form-section--locked')).not.toBeNull();
    expect(screen.queryByText('Body')).toBeNull();
  });

  it('When open, then the body shows; when collapsed, the summary and an Edit button that reopens it', async () => {
    const onEdit = vi.fn();
    const { rerender } = render(
      <FormSection
        id="claimDetails"
        number={2}
        title="Claim details"
        status="open"
        summary={<p>Summary</p>}
        onEdit={onEdit}
      >
        <p>Body</p>
      </FormSection>,
    );
    expect(screen.getByText('Body')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();

    rerender(
      <FormSection
        id="claimDetails"
        number={2}
        title="Claim details"
        status="collapsed"
        summary={<p>Summary</p>}
        onEdit={onEdit}
      >
        <p>Body</p>
      </FormSection>,
    );
    expect(screen.getByText('Summary')).toBeTruthy();
    expect(screen.queryByText('Body')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit claim details' }));
    expect(onEdit).toHaveBeenCalled();
  });
});
