import { describe, expect, it } from 'vitest';
import { maskUrl } from './redaction.ts';

describe('maskUrl', () => {
  it('masks link tokens in paths and drops query strings', () => {
    expect(maskUrl('/api/v1/claim/3q2-7ZwYb_kX9aV0pLm4rTs8uQe1oN5c/verify')).toBe(
      '/api/v1/claim/:token/verify',
    );
    expect(maskUrl('/claim/info-request/abcdefghijklmnopqrstuvwxyz012345')).toBe(
      '/claim/info-request/:token',
    );
    expect(maskUrl('/api/address/find?Text=10+Downing+Street')).toBe('/api/address/find');
  });

  it('keeps ordinary segments', () => {
    expect(maskUrl('/api/v1/claim/check/dbg-ticket-number')).toBe(
      '/api/v1/claim/check/dbg-ticket-number',
    );
  });
});
