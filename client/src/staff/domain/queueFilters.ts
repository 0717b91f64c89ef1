// The queue's filters, order and page live in the address (/staff/claims?step=reviewed&sort=prize),
// so a filtered queue can be bookmarked, shared and reached again with Back.
import type { ListStaffClaimsParams } from '@prize/generated/client';
import {
  AssignedToFilterParameter,
  ClaimStep,
  PrizeBand,
  ProductType,
  QueueOrderParameter,
  QueueSortParameter,
} from '@prize/generated/client';

export const PAGE_SIZE = 20;

const FILTER_NAMES = [
  'step',
  'productType',
  'submittedFrom',
  'submittedTo',
  'prizeBand',
  'idDocsRequired',
  'q',
  'closed',
  'assignedTo',
] as const;

export type FilterName = (typeof FILTER_NAMES)[number];

// The order and the page are not filters: a removed filter or a new search starts at the top.
const ORDER_NAMES = ['sort', 'order'] as const;

function oneOf<T extends string>(values: Record<string, T>, value: string | null): T | undefined {
  return Object.values(values).find((candidate) => candidate === value);
}

const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

const CURSOR = /^[A-Za-z0-9_-]{1,500}$/;

// Unknown or malformed values are dropped rather than sent: the address is typed by people.
export function paramsFromSearch(search: string): ListStaffClaimsParams {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  const idDocs = query.get('idDocsRequired');
  const q = query.get('q')?.trim();
  const after = query.get('after');
  return {
    step: oneOf(ClaimStep, query.get('step')),
    productType: oneOf(ProductType, query.get('productType')),
    submittedFrom: isDate(query.get('submittedFrom'))
      ? (query.get('submittedFrom') ?? undefined)
      : undefined,
    submittedTo: isDate(query.get('submittedTo'))
      ? (query.get('submittedTo') ?? undefined)
      : undefined,
    prizeBand: oneOf(PrizeBand, query.get('prizeBand')),
    idDocsRequired: idDocs === 'true' ? true : idDocs === 'false' ? false : undefined,
    q: q === '' ? undefined : q,
    closed: query.get('closed') === 'true' ? true : undefined,
    assignedTo: oneOf(AssignedToFilterParameter, query.get('assignedTo')),
    sort: oneOf(QueueSortParameter, query.get('sort')),
    order: oneOf(QueueOrderParameter, query.get('order')),
    after: after !== null && CURSOR.test(after) ? after : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

// Only what is set, the cursor last, and the page when it is not the first.
export function searchFromParams(params: Partial<ListStaffClaimsParams>): string {
  const query = new URLSearchParams();
  for (const name of [...FILTER_NAMES, ...ORDER_NAMES]) {
    const value = params[name];
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  if (params.after) query.set('after', params.after);
  else if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

// The filter form keeps the order chosen by the column headers.
export function searchFromForm(form: FormData, current: ListStaffClaimsParams): string {
  const values: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = form.get(name);
    if (typeof value === 'string' && value.trim() !== '') values[name] = value.trim();
  }
  const params = paramsFromSearch(new URLSearchParams(values).toString());
  return searchFromParams({ ...params, sort: current.sort, order: current.order });
}

// The filters in use, each with the address the queue has without it (its removable tag).
export function chosenFilters(
  params: ListStaffClaimsParams,
): { name: FilterName; without: string }[] {
  return FILTER_NAMES.filter((name) => params[name] !== undefined).map((name) => ({
    name,
    without: searchFromParams({ ...params, [name]: undefined, after: undefined, page: 1 }),
  }));
}

// The address a column header links to: by that column, ascending, or the other way if it is
// already the order.
export function sortLink(
  params: ListStaffClaimsParams,
  sort: QueueSortParameter,
): { href: string; current: 'ascending' | 'descending' | undefined } {
  const currentSort = params.sort ?? 'waiting';
  const currentOrder = params.order ?? 'asc';
  const isCurrent = currentSort === sort;
  const order = isCurrent && currentOrder === 'asc' ? 'desc' : 'asc';
  return {
    href: searchFromParams({
      ...params,
      sort: sort === 'waiting' ? undefined : sort,
      order: order === 'asc' ? undefined : order,
      after: undefined,
      page: 1,
    }),
    current: isCurrent ? (currentOrder === 'asc' ? 'ascending' : 'descending') : undefined,
  };
}
