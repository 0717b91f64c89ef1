// The queue's filters live in the address (/staff/claims?step=reviewed&page=2), so a filtered
// queue can be bookmarked, shared and reached again with Back.
import type { ListStaffClaimsParams } from '@prize/generated/client';
import { ClaimStep, PrizeBand, ProductType } from '@prize/generated/client';

export const PAGE_SIZE = 20;

const FILTER_NAMES = [
  'step',
  'productType',
  'submittedFrom',
  'submittedTo',
  'prizeBand',
  'idDocsRequired',
  'q',
] as const;

function oneOf<T extends string>(values: Record<string, T>, value: string | null): T | undefined {
  return Object.values(values).find((candidate) => candidate === value);
}

const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

// Unknown or malformed values are dropped rather than sent: the address is typed by people.
export function paramsFromSearch(search: string): ListStaffClaimsParams {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  const idDocs = query.get('idDocsRequired');
  const q = query.get('q')?.trim();
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
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

// Only the filters that are set, and the page when it is not the first.
export function searchFromParams(params: Partial<ListStaffClaimsParams>): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = params[name];
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

export function searchFromForm(form: FormData): string {
  const values: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = form.get(name);
    if (typeof value === 'string' && value.trim() !== '') values[name] = value.trim();
  }
  return searchFromParams(paramsFromSearch(new URLSearchParams(values).toString()));
}
