import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_MESSAGES } from '@prize/generated/transport/errors';
import {
  loadClaimErrorMessage,
  loadInfoRequestErrorMessage,
  notificationFor,
  startClaimErrorMessage,
  uploadErrorMessage,
  visibleFieldError,
} from './apiMessages';

const general = (message: string, status = 400) =>
  new ApiError({ kind: 'general', status, message });

describe('screen messages for failed calls', () => {
  it('shows a domain message, otherwise the screen’s fallback', () => {
    expect(startClaimErrorMessage(general('Start is closed'))).toBe('Start is closed');
    expect(
      startClaimErrorMessage(new ApiError({ kind: 'rateLimited', status: 429, message: 'x' })),
    ).toBe('Failed to start claim.');
    expect(loadClaimErrorMessage(general('This claim has already been submitted.', 409))).toBe(
      'This claim has already been submitted.',
    );
    expect(loadClaimErrorMessage(new TypeError('x'))).toBe('Failed to load claim.');
    expect(
      loadInfoRequestErrorMessage(general('This information has already been submitted.', 409)),
    ).toBe('This information has already been submitted.');
    expect(
      loadInfoRequestErrorMessage(new ApiError({ kind: 'unexpected', status: 502, message: 'x' })),
    ).toBe('Failed to load request.');
  });

  it('notifies non-validation errors not already on the screen', () => {
    expect(
      notificationFor(new ApiError({ kind: 'validation', status: 400, message: 'x' })),
    ).toBeUndefined();
    expect(notificationFor(general('Gone'), { shownOnScreen: true })).toBeUndefined();
    expect(notificationFor(general('Gone'))).toBe('Gone');
    expect(
      notificationFor(new ApiError({ kind: 'timeout', message: ERROR_MESSAGES.unreachable })),
    ).toBe(ERROR_MESSAGES.unreachable);
    expect(notificationFor(new Error('boom'))).toBe(ERROR_MESSAGES.unexpected);
  });

  it.each([
    [general('File is too large', 413), 'File is too large'],
    [general('Request entity too large', 413), 'File is too large'],
    [general('Max file size misconfigured', 500), 'Max file size misconfigured'],
    [general('Unsupported file type'), 'Failed to upload file'],
    [new ApiError({ kind: 'network', message: 'x' }), 'Failed to upload file'],
  ])('upload failure %#: %s', (error, message) => {
    expect(uploadErrorMessage(error)).toBe(message);
  });
});

describe('visible field error', () => {
  it('shows a validation error once touched and a server error until the field changes', () => {
    expect(visibleFieldError({ touched: false, error: 'Please select one' })).toBeUndefined();
    expect(visibleFieldError({ touched: true, error: 'Please select one' })).toBe(
      'Please select one',
    );
    expect(visibleFieldError({ touched: true, error: 'Value is required' })).toBe(
      'Field is required',
    );
    expect(visibleFieldError({ submitError: 'Please enter a valid town' })).toBe(
      'Please enter a valid town',
    );
    expect(
      visibleFieldError({ submitError: 'Please enter a valid town', dirtySinceLastSubmit: true }),
    ).toBeUndefined();
  });
});
