import { describe, expect, it } from 'vitest';
import { bannerErrors } from './bannerErrors';
import { FORM_ERROR_KEY } from './serverErrors';

describe('banner errors of a section', () => {
  it('When the section has not failed a submit, then nothing is counted', () => {
    expect(
      bannerErrors({ errors: { title: 'Please select a title' }, touched: { title: true } }),
    ).toEqual({});
  });

  it('counts validation errors of touched fields and server errors of unchanged fields', () => {
    expect(
      bannerErrors({
        submitFailed: true,
        errors: {
          title: 'Please select a title',
          dbgTermNumber: 'Please enter a valid term number',
        },
        touched: { title: true },
        submitErrors: {
          firstName: 'Please enter a valid first name',
          town: 'Please enter a valid town',
          title: 'server text',
          [FORM_ERROR_KEY]: 'There were validation errors, please correct them and resubmit',
        },
        dirtyFieldsSinceLastSubmit: { town: true },
      }),
    ).toEqual({ title: 'Please select a title', firstName: 'Please enter a valid first name' });
  });
});
