import { ClaimStep, PrizeBand, ProductType, useListStaffClaims } from '@prize/generated/client';
import type { FormEvent, ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button/Button';
import { FieldShell, fieldIds } from '../../components/FieldShell/FieldShell';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { staffErrorMessage } from '../domain/errors';
import {
  formatDateTime,
  formatPence,
  PRIZE_BAND_LABELS,
  PRODUCT_LABELS,
  STEP_LABELS,
} from '../domain/labels';
import { paramsFromSearch, searchFromForm, searchFromParams } from '../domain/queueFilters';

function Filter({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <FieldShell ids={fieldIds(name)} label={label} className="staff-filters__field">
      {children}
    </FieldShell>
  );
}

function Choice<T extends string>({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: Record<T, string>;
}) {
  return (
    <Filter name={name} label={label}>
      <select id={fieldIds(name).input} name={name} className="select" defaultValue={value ?? ''}>
        <option value="">Any</option>
        {(Object.entries(options) as [T, string][]).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </Filter>
  );
}

const onlyKnown = <T extends string>(values: Record<string, T>, labels: Record<T, string>) =>
  Object.fromEntries(Object.values(values).map((value) => [value, labels[value]])) as Record<
    T,
    string
  >;

// Submitted claims, newest first, filtered and paged by the server.
export function ClaimsQueuePage() {
  useDocumentTitle('Claims queue');
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = paramsFromSearch(search);
  const claims = useListStaffClaims(params, { query: { placeholderData: (previous) => previous } });
  const list = claims.data?.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`/claims${searchFromForm(new FormData(event.currentTarget))}`);
  };

  return (
    <>
      <h1>Claims queue</h1>
      <form
        key={search}
        className="staff-filters"
        role="search"
        aria-label="Filter claims"
        onSubmit={apply}
        noValidate
      >
        <Filter name="q" label="Reference, claim ID or e-mail address">
          <input
            id={fieldIds('q').input}
            name="q"
            type="search"
            className="input"
            defaultValue={params.q ?? ''}
            spellCheck={false}
          />
        </Filter>
        <div className="staff-filters__row">
          <Choice
            name="step"
            label="Step"
            value={params.step}
            options={onlyKnown(ClaimStep, STEP_LABELS)}
          />
          <Choice
            name="productType"
            label="Product"
            value={params.productType}
            options={onlyKnown(ProductType, PRODUCT_LABELS)}
          />
          <Choice
            name="prizeBand"
            label="Prize"
            value={params.prizeBand}
            options={onlyKnown(PrizeBand, PRIZE_BAND_LABELS)}
          />
          <Choice
            name="idDocsRequired"
            label="Needs ID documents"
            value={params.idDocsRequired === undefined ? undefined : String(params.idDocsRequired)}
            options={{ true: 'Yes', false: 'No' }}
          />
          <Filter name="submittedFrom" label="Submitted from">
            <input
              id={fieldIds('submittedFrom').input}
              name="submittedFrom"
              type="date"
              className="input"
              defaultValue={params.submittedFrom ?? ''}
            />
          </Filter>
          <Filter name="submittedTo" label="Submitted to">
            <input
              id={fieldIds('submittedTo').input}
              name="submittedTo"
              type="date"
              className="input"
              defaultValue={params.submittedTo ?? ''}
            />
          </Filter>
        </div>
        <div className="button-group">
          <Button type="submit">Apply filters</Button>
          {search !== '' && (
            <Link href="/claims" className="staff-filters__clear">
              Clear filters
            </Link>
          )}
        </div>
      </form>

      {claims.isError && (
        <div className="error-banner" role="alert">
          <p className="error-banner__title">{staffErrorMessage(claims.error)}</p>
        </div>
      )}
      {claims.isPending && (
        <p role="status" className="page-loading">
          Loading claims…
        </p>
      )}
      {list && (
        <>
          <p role="status" className="staff-queue__count">
            {list.total === 0
              ? 'No claims match.'
              : `${list.total} ${list.total === 1 ? 'claim' : 'claims'}, page ${list.page} of ${pages}`}
          </p>
          {list.items.length > 0 && (
            <div className="staff-table-wrap">
              <table className="staff-table">
                <caption className="visually-hidden">Claims, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Reference</th>
                    <th scope="col">Submitted</th>
                    <th scope="col">Product</th>
                    <th scope="col">Prize</th>
                    <th scope="col">Step</th>
                    <th scope="col">ID documents</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((claim) => (
                    <tr key={claim.claimHashid}>
                      <th scope="row">
                        <Link href={`/claims/${claim.claimHashid}`}>{claim.reference}</Link>
                      </th>
                      <td>{formatDateTime(claim.submittedAt)}</td>
                      <td>{PRODUCT_LABELS[claim.productType]}</td>
                      <td>{formatPence(claim.prizeAmountPence)}</td>
                      <td>
                        <span className={`staff-step staff-step--${claim.step}`}>
                          {STEP_LABELS[claim.step]}
                        </span>
                      </td>
                      <td>{claim.idDocsRequired ? 'Required' : 'Not required'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav className="staff-pagination" aria-label="Pages of claims">
              {list.page > 1 && (
                <Link
                  href={`/claims${searchFromParams({ ...params, page: list.page - 1 })}`}
                  rel="prev"
                >
                  Previous page
                </Link>
              )}
              <span>
                Page {list.page} of {pages}
              </span>
              {list.page < pages && (
                <Link
                  href={`/claims${searchFromParams({ ...params, page: list.page + 1 })}`}
                  rel="next"
                >
                  Next page
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </>
  );
}
