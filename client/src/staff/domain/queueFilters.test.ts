import { describe, expect, it } from 'vitest';
import {
  chosenFilters,
  PAGE_SIZE,
  paramsFromSearch,
  searchFromParams,
  sortLink,
} from './queueFilters';

describe('the queue filters in the address', () => {
  it('When the address carries known filters, then they are sent as they are, with the page size', () => {
    expect(
      paramsFromSearch(
        '?step=ticket_requested&productType=SC&submittedFrom=2025-03-01&submittedTo=2025-03-31&prizeBand=1000_to_10000&idDocsRequired=true&q=K7Q2M9XA&closed=true&assignedTo=me&sort=prize&order=desc&after=abc_-1&page=3',
      ),
    ).toEqual({
      step: 'ticket_requested',
      productType: 'SC',
      submittedFrom: '2025-03-01',
      submittedTo: '2025-03-31',
      prizeBand: '1000_to_10000',
      idDocsRequired: true,
      q: 'K7Q2M9XA',
      closed: true,
      assignedTo: 'me',
      sort: 'prize',
      order: 'desc',
      after: 'abc_-1',
      page: 3,
      pageSize: PAGE_SIZE,
    });
  });

  it('When someone types unknown or malformed values, then they are dropped and the first page is asked for', () => {
    expect(
      paramsFromSearch(
        '?step=lost&productType=XX&submittedFrom=1/3/2025&idDocsRequired=maybe&q=%20%20&page=-2&sort=colour&order=up&assignedTo=you&after=%3Cscript%3E',
      ),
    ).toEqual({
      step: undefined,
      productType: undefined,
      submittedFrom: undefined,
      submittedTo: undefined,
      prizeBand: undefined,
      idDocsRequired: undefined,
      q: undefined,
      closed: undefined,
      assignedTo: undefined,
      sort: undefined,
      order: undefined,
      after: undefined,
      page: 1,
      pageSize: PAGE_SIZE,
    });
  });

  it('When the filters go back into the address, then only those set appear, and the page only after the first', () => {
    expect(searchFromParams({ step: 'paid', idDocsRequired: false, page: 1 })).toBe(
      '?step=paid&idDocsRequired=false',
    );
    expect(searchFromParams({ page: 2 })).toBe('?page=2');
    expect(searchFromParams({ page: 2, after: 'xyz' })).toBe('?after=xyz');
    expect(searchFromParams({})).toBe('');
  });

  it('When filters are chosen, then each tag removes its own filter only and goes back to the first page', () => {
    const params = paramsFromSearch('?step=reviewed&assignedTo=me&sort=prize&after=abc');
    expect(chosenFilters(params)).toEqual([
      { name: 'step', without: '?assignedTo=me&sort=prize' },
      { name: 'assignedTo', without: '?step=reviewed&sort=prize' },
    ]);
  });

  it('When a column header is followed, then it sorts by that column ascending, and the other way round when it already is', () => {
    const byDefault = paramsFromSearch('');
    expect(sortLink(byDefault, 'waiting')).toEqual({ href: '?order=desc', current: 'ascending' });
    expect(sortLink(byDefault, 'prize')).toEqual({ href: '?sort=prize', current: undefined });
    const byPrize = paramsFromSearch('?sort=prize&step=paid');
    expect(sortLink(byPrize, 'prize')).toEqual({
      href: '?step=paid&sort=prize&order=desc',
      current: 'ascending',
    });
  });
});
