// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { afterPointerRelease } from './afterPointerRelease';

const press = (type: string) => document.body.dispatchEvent(new Event(type, { bubbles: true }));

describe('afterPointerRelease', () => {
  it('runs at once when no pointer is down', () => {
    const task = vi.fn();
    afterPointerRelease(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('When a pointer is down, then the task waits for the click and runs before the click’s own handlers', () => {
    const order: string[] = [];
    const button = document.createElement('button');
    document.body.append(button);
    button.addEventListener('click', () => order.push('click handler'));

    press('pointerdown');
    afterPointerRelease(() => order.push('blur'));
    expect(order).toEqual([]);
    button.click();

    expect(order).toEqual(['blur', 'click handler']);
    button.remove();
  });

  it('When a choice changes while the press lasts (a native select), then the task runs first', () => {
    const task = vi.fn();
    const select = document.createElement('select');
    document.body.append(select);
    press('pointerdown');
    afterPointerRelease(task);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
    select.remove();
  });

  it('When a text field reports its change as the press moves focus away, then the task still waits for the click', () => {
    const task = vi.fn();
    const input = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(input, button);
    press('pointerdown');
    input.dispatchEvent(new Event('change', { bubbles: true }));
    afterPointerRelease(task);
    expect(task).not.toHaveBeenCalled();
    button.click();
    expect(task).toHaveBeenCalledTimes(1);
    input.remove();
    button.remove();
  });

  it('When the press is released with no click, then the task runs just after', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    press('pointerdown');
    afterPointerRelease(task);
    press('pointerup');
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
