import { describe, expect, it } from 'vitest';
import {
  allOf,
  anyOf,
  displayMessage,
  email,
  firstError,
  maxLength,
  maxValue,
  minValue,
  PATTERNS,
  required,
  rule,
} from './validators';

describe('generic rules', () => {
  it.each([undefined, null, '', '   ', []])(
    'When the value is %j, then required says "Value is required"',
    (value) => {
      expect(required(value)).toBe('Value is required');
    },
  );

  it.each(['a', ' a ', 0, false, ['x']])('When the value is %j, then required passes', (value) => {
    expect(required(value)).toBeUndefined();
  });

  it.each(['jane@example.com', 'sarah.oneill@example.co.uk', '', '  '])(
    'When the e-mail is %j, then it passes',
    (value) => {
      expect(email(value)).toBeUndefined();
    },
  );

  it.each([
    'jane',
    'jane@',
    '@example.com',
    'jane@@example.com',
    'jane smith@example.com',
    'jane@example',
  ])('When the e-mail is %j, then it says "Value is not a valid email address"', (value) => {
    expect(email(value)).toBe('Value is not a valid email address');
  });

  it('maximum length passes empty values and counts characters', () => {
    expect(maxLength(3)('')).toBeUndefined();
    expect(maxLength(3)('abc')).toBeUndefined();
    expect(maxLength(3)('abcd')).toBe('The maximum length allowed is 3');
  });

  it('minimum and maximum value', () => {
    expect(minValue(10)(10)).toBeUndefined();
    expect(minValue(10)(9)).toBe('The minimum value allowed is 10');
    expect(maxValue(10)(10)).toBeUndefined();
    expect(maxValue(10)('11')).toBe('The maximum value allowed is 10');
  });

  it('any-of and all-of', () => {
    const short = maxLength(2);
    expect(anyOf(required, short)('')).toBeUndefined();
    expect(anyOf(email, short)('abc')).toBe(
      'The value does not match any of the provided validators',
    );
    expect(allOf(required, short)('ab')).toBeUndefined();
    expect(allOf(required, short)('abc')).toBe(
      'The value does not match all of the provided validators',
    );
  });

  it('firstError gives the first failing message and rule() replaces it with the field text', () => {
    expect(firstError('', [required, maxLength(1)])).toBe('Value is required');
    expect(firstError('ab', [required, maxLength(1)])).toBe('The maximum length allowed is 1');
    expect(rule('Please enter a valid town', required)('')).toBe('Please enter a valid town');
    expect(rule('Please enter a valid town', required)('Leeds')).toBeUndefined();
  });

  it.each([
    ['Value is required', 'Field is required'],
    ['Value is not a valid email address', 'Field is not a valid email address'],
    [
      'The value does not match any of the provided validators',
      'Field does not match any of the provided validators',
    ],
    ['The maximum value allowed is 5', 'The maximum value allowed is 5'],
    ['Please enter a valid town', 'Please enter a valid town'],
  ])('displayMessage(%j) is %j', (message, shown) => {
    expect(displayMessage(message)).toBe(shown);
  });

  it('the listed patterns', () => {
    expect(PATTERNS.url.test('https://example.com/a')).toBe(true);
    expect(PATTERNS.url.test('example.com')).toBe(false);
    expect(PATTERNS.alphabetic.test('abc')).toBe(true);
    expect(PATTERNS.alphanumeric.test('ab1')).toBe(true);
    expect(PATTERNS.integer.test('-12')).toBe(true);
    expect(PATTERNS.decimal.test('1.5')).toBe(true);
    expect(PATTERNS.decimal.test('1.')).toBe(false);
  });
});
