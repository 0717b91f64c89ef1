import { describe, expect, it } from 'vitest';
import { countErrors, createValidationErrorStore } from './validationErrors';

describe('validation error store', () => {
  it('keeps each form’s messages, counts them and drops a form with none', () => {
    const store = createValidationErrorStore();
    store.set('personalDetails', {
      firstName: 'Please enter a valid first name',
      title: 'Please select a title',
    });
    store.set('claimDetails', { isTicketDamaged: 'Please select one' });
    expect(countErrors(store.getState())).toBe(3);
    store.set('personalDetails', {});
    expect(Object.keys(store.getState())).toEqual(['claimDetails']);
    store.set('claimDetails', { isTicketDamaged: '' });
    expect(store.getState()).toEqual({});
  });

  it('clears everything', () => {
    const store = createValidationErrorStore();
    store.set('a', { x: 'y' });
    store.clear();
    expect(countErrors(store.getState())).toBe(0);
  });

  it('does not publish when nothing changed', () => {
    const store = createValidationErrorStore();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.set('a', { x: 'y' });
    store.set('a', { x: 'y' });
    store.set('b', {});
    expect(calls).toBe(1);
  });
});
