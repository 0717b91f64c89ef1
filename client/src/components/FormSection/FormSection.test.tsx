// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('FormSection collapse animation (spec: 300 ms default, configurable)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(HTMLElement.prototype, 'animate');
    Reflect.deleteProperty(window, 'matchMedia');
  });

  // A section with a body and a summary, open or collapsed.
  const section = (status: 'open' | 'collapsed', props: { collapseMs?: number } = {}) => (
    <FormSection
      id="claimDetails"
      number={2}
      title="Claim details"
      status={status}
      summary={<p>Summary</p>}
      onEdit={() => undefined}
      {...props}
    >
      <p>Body</p>
    </FormSection>
  );

  // jsdom lays nothing out and cannot animate: the open section is 400px, the summary 120px.
  function collapse(props: { collapseMs?: number } = {}) {
    const animate = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return { height: this.textContent?.includes('Body') ? 400 : 120 } as DOMRect;
    });
    const { rerender } = render(section('open', props));
    expect(animate).not.toHaveBeenCalled();
    rerender(section('collapsed', props));
    return animate;
  }

  it('When a section collapses, then its height animates from the open size to the summary over 300 ms', () => {
    const animate = collapse();
    expect(animate).toHaveBeenCalledTimes(1);
    expect(animate).toHaveBeenCalledWith(
      [
        { height: '400px', overflow: 'hidden' },
        { height: '120px', overflow: 'hidden' },
      ],
      expect.objectContaining({ duration: 300 }),
    );
  });

  it('When the duration is configured, then the collapse takes that long; 0 turns it off', () => {
    expect(collapse({ collapseMs: 150 })).toHaveBeenCalledWith(
      expect.any(Array),
      expect.objectContaining({ duration: 150 }),
    );
    vi.restoreAllMocks();
    expect(collapse({ collapseMs: 0 })).not.toHaveBeenCalled();
  });

  it('When the browser reports sizes, then the page is laid out for a height only at the collapse', () => {
    // The open height comes from the observer, so the first render forces no layout (issue 35).
    let report: ResizeObserverCallback = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const animate = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    const measure = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ height: 120 } as DOMRect);
    const { rerender } = render(section('open'));
    expect(measure).not.toHaveBeenCalled();
    report(
      [{ borderBoxSize: [{ blockSize: 400 }] } as unknown as ResizeObserverEntry],
      {} as ResizeObserver,
    );
    rerender(section('collapsed'));
    expect(measure).toHaveBeenCalledTimes(1);
    expect(animate).toHaveBeenCalledWith(
      [
        { height: '400px', overflow: 'hidden' },
        { height: '120px', overflow: 'hidden' },
      ],
      expect.objectContaining({ duration: 300 }),
    );
  });

  it('When the reader asks for reduced motion, then the section collapses at once', () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query.includes('reduce') }),
    });
    expect(collapse()).not.toHaveBeenCalled();
  });
});
