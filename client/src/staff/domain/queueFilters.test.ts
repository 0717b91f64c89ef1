import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, paramsFromSearch, searchFromParams } from './queueFilters';

describe('the queue filters in the address', () => {
  it('When the address carries known filters, then they are sent as they are, with the page size', () => {
    expect(
      paramsFromSearch(
        '?step=ticket_requested&productType=SC&submittedFrom=2025-03-01&submittedTo=2025-03-31&prizeBand=1000_to_10000&idDocsRequired=true&q=K7Q2M9XA&page=3',
      ),
    ).toEqual({
      step: 'ticket_requested',
      productType: 'SC',
      submittedFrom: '2025-03-01',
      submittedTo: '2025-03-31',
      prizeBand: '1000_to_10000',
      idDocsRequired: true,
      q: 'K7Q2M9XA',
      page: 3,
      pageSize: PAGE_SIZE,
    });
  });

  it('When someone types unknown or malformed values, then they are dropped and the first page is asked for', () => {
    expect(
      paramsFromSearch(
        '?step=lost&productType=XX&submittedFrom=1/3/2025&idDocsRequired=maybe&q=%20%20&page=-2',
      ),
    ).toEqual({
      step: undefined,
      productType: undefined,
      submittedFrom: undefined,
      submittedTo: undefined,
      prizeBand: undefined,
      idDocsRequired: undefined,
      q: undefined,
      page: 1,
      pageSize: PAGE_SIZE,
    });
  });

  it('When the filters go back into the address, then only those set appear, and the page only after the first', () => {
    expect(searchFromParams({ step: 'paid', idDocsRequired: false, page: 1 })).toBe(
      '?step=paid&idDocsRequired=false',
    );
    expect(searchFromParams({ page: 2 })).toBe('?page=2');
    expect(searchFromParams({})).toBe('');
  });
});
