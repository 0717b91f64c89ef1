import { describe, expect, it } from 'vitest';
import { fillMessage } from './messages.ts';

describe('fillMessage', () => {
  it('when a text has places, then each is filled with its value and unknown places stay', () => {
    expect(fillMessage("We couldn't process {count} of your entries.", { count: 3 })).toBe(
      "We couldn't process 3 of your entries.",
    );
    expect(fillMessage('The maximum length allowed is {max}', { min: 1 })).toBe(
      'The maximum length allowed is {max}',
    );
  });
});
