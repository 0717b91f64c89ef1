import { describe, expect, it } from 'vitest';
import {
  ApiError,
  errorFromFailure,
  errorFromResponse,
  flattenValidationItems,
  isApiError,
} from '@prize/generated/transport/errors';

const UNEXPECTED = 'An unexpected problem occurred. Please try again.';
const RATE_LIMITED =
  "You've performed too many actions in a short time span. Please wait a minute before continuing.";
const GENERAL_DEFAULT = 'There were errors. Please try again.';
const UNREACHABLE =
  'The site is currently unreachable. Check your network connection and try again.';

describe('errorFromResponse', () => {
  it('When the status is 403, then the unexpected-problem text is shown whatever the body says', () => {
    const error = errorFromResponse(403, { statusCode: 403, message: 'Forbidden resource' });

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'forbidden',
      status: 403,
      message: UNEXPECTED,
      fieldErrors: {},
    });
  });

  it('When the status is 429, then the rate-limit text is shown whatever the body says', () => {
    const error = errorFromResponse(429, {
      statusCode: 429,
      message: 'Too many requests, please try again later.',
    });

    expect(error).toMatchObject({ kind: 'rateLimited', status: 429, message: RATE_LIMITED });
  });

  it('When the body has a string message, then it is a general error carrying that message', () => {
    const error = errorFromResponse(409, {
      statusCode: 409,
      message: 'This claim has already been submitted.',
      error: 'Conflict',
    });

    expect(error).toMatchObject({
      kind: 'general',
      status: 409,
      message: 'This claim has already been submitted.',
      fieldErrors: {},
    });
  });

  it('When a 5xx body has the general shape, then its message is carried too', () => {
    const error = errorFromResponse(503, {
      statusCode: 503,
      message: 'The service is temporarily unavailable. Please try again later.',
    });

    expect(error).toMatchObject({
      kind: 'general',
      message: 'The service is temporarily unavailable. Please try again later.',
    });
  });

  it.each([
    ['an empty message', { statusCode: 400, message: '', error: 'Bad Request' }],
    ['a blank message', { statusCode: 400, message: '   ' }],
    ['no message', { statusCode: 400, error: 'Bad Request' }],
    ['a message that is neither text nor a list', { statusCode: 400, message: 42 }],
  ])('When a general-shaped body has %s, then the default general text is used', (_case, body) => {
    expect(errorFromResponse(400, body)).toMatchObject({
      kind: 'general',
      status: 400,
      message: GENERAL_DEFAULT,
    });
  });

  it('When the body lists validation items, then it is a validation error with field errors', () => {
    const error = errorFromResponse(400, {
      statusCode: 400,
      message: [
        {
          property: 'firstName',
          constraints: { pattern: 'Please enter a valid first name' },
          children: [],
        },
        {
          property: 'postCode',
          constraints: { required: 'Please enter a valid postcode' },
          children: [],
        },
      ],
      error: 'Bad Request',
    });

    expect(error.kind).toBe('validation');
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({
      firstName: 'Please enter a valid first name',
      postCode: 'Please enter a valid postcode',
    });
  });

  it('When the validation list is empty, then it falls back to a general error with the default text', () => {
    expect(errorFromResponse(400, { statusCode: 400, message: [] })).toMatchObject({
      kind: 'general',
      message: GENERAL_DEFAULT,
      fieldErrors: {},
    });
  });

  it.each([
    ['a 500 with a non-JSON body (no parsed body)', 500, undefined],
    ['a 404 without a message', 404, undefined],
    ['a 404 with an empty object', 404, {}],
    ['a 502 with a JSON array', 502, [1, 2]],
    ['a 500 with a JSON string', 500, 'Internal Server Error'],
    ['a 204 with no body', 204, undefined],
    ['a null body', 500, null],
  ])('When the answer is %s, then the unexpected-problem text is shown', (_case, status, body) => {
    expect(errorFromResponse(status, body)).toMatchObject({
      kind: 'unexpected',
      status,
      message: UNEXPECTED,
    });
  });
});

describe('flattenValidationItems', () => {
  it('When items are nested, then children become dotted paths and array indexes are bracketed', () => {
    const fieldErrors = flattenValidationItems([
      {
        property: 'address',
        children: [
          {
            property: 'postCode',
            constraints: { pattern: 'Please enter a valid postcode' },
            children: [],
          },
          { property: 'line1', constraints: { maxLength: 'Too long' }, children: [] },
        ],
      },
      {
        property: 'sectionTypeList',
        children: [{ property: '1', constraints: { enum: 'Invalid value' }, children: [] }],
      },
      {
        property: 'people',
        children: [
          {
            property: '0',
            children: [{ property: 'name', constraints: { minLength: 'Too short' }, children: [] }],
          },
        ],
      },
    ]);

    expect(fieldErrors).toEqual({
      'address.postCode': 'Please enter a valid postcode',
      'address.line1': 'Too long',
      'sectionTypeList[1]': 'Invalid value',
      'people[0].name': 'Too short',
    });
  });

  it('When a field has several constraints, then only the first message is kept', () => {
    expect(
      flattenValidationItems([
        {
          property: 'phoneNumber',
          constraints: { pattern: 'Please enter a valid phone number', minLength: 'Too short' },
          children: [],
        },
      ]),
    ).toEqual({ phoneNumber: 'Please enter a valid phone number' });
  });

  it('When the same field is reported twice, then the first report wins', () => {
    expect(
      flattenValidationItems([
        { property: 'email', constraints: { format: 'First' }, children: [] },
        { property: 'email', constraints: { maxLength: 'Second' }, children: [] },
      ]),
    ).toEqual({ email: 'First' });
  });

  it.each([
    ['no constraints', { property: 'title', children: [] }],
    ['empty constraints', { property: 'title', constraints: {}, children: [] }],
    ['no children list either', { property: 'title' }],
    ['only empty messages', { property: 'title', constraints: { enum: '' }, children: [] }],
  ])('When an item has %s, then the field gets "Invalid value"', (_case, item) => {
    expect(flattenValidationItems([item])).toEqual({ title: 'Invalid value' });
  });

  it('When a message starts with the field name, then the name is replaced with "Field"', () => {
    expect(
      flattenValidationItems([
        {
          property: 'firstName',
          constraints: { matches: 'firstName must match pattern' },
          children: [],
        },
        {
          property: 'address',
          children: [
            {
              property: 'postCode',
              constraints: { matches: 'postCode must be a postcode' },
              children: [],
            },
            {
              property: 'town',
              constraints: { matches: 'address.town must be shorter' },
              children: [],
            },
          ],
        },
      ]),
    ).toEqual({
      firstName: 'Field must match pattern',
      'address.postCode': 'Field must be a postcode',
      'address.town': 'Field must be shorter',
    });
  });

  it('When the field name only appears inside the message, then the message is left whole', () => {
    expect(
      flattenValidationItems([
        {
          property: 'email',
          constraints: { format: 'Please enter a valid email address' },
          children: [],
        },
        { property: 'first', constraints: { pattern: 'firstName is wrong' }, children: [] },
      ]),
    ).toEqual({
      email: 'Please enter a valid email address',
      first: 'firstName is wrong',
    });
  });

  it('When an entry is not a validation item, then it is skipped', () => {
    expect(
      flattenValidationItems([
        null,
        'text',
        { constraints: { x: 'no property' } },
        { property: 'town', constraints: { maxLength: 'Too long' }, children: [] },
      ]),
    ).toEqual({ town: 'Too long' });
  });
});

describe('errorFromFailure', () => {
  it('When AbortSignal.timeout fired (TimeoutError), then the site-unreachable text is shown', () => {
    const error = errorFromFailure(new DOMException('The operation timed out.', 'TimeoutError'));

    expect(error).toMatchObject({ kind: 'timeout', status: undefined, message: UNREACHABLE });
  });

  it('When fetch failed with a TypeError, then it is a network error with the same text', () => {
    const error = errorFromFailure(new TypeError('fetch failed'));

    expect(error).toMatchObject({ kind: 'network', status: undefined, message: UNREACHABLE });
  });

  it.each([
    ['a SyntaxError from a broken success body', new SyntaxError('Unexpected token')],
    ['a plain Error', new Error('boom')],
    ['a thrown string', 'boom'],
    ['undefined', undefined],
  ])('When the failure is %s, then the unexpected-problem text is shown', (_case, failure) => {
    expect(errorFromFailure(failure)).toMatchObject({ kind: 'unexpected', message: UNEXPECTED });
  });

  it('When the failure already is an ApiError, then it is passed on unchanged', () => {
    const original = errorFromResponse(429, undefined);

    expect(errorFromFailure(original)).toBe(original);
  });
});

describe('isApiError', () => {
  it('tells ApiErrors from other values', () => {
    expect(isApiError(errorFromResponse(500, undefined))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ kind: 'general', message: 'x' })).toBe(false);
  });
});
