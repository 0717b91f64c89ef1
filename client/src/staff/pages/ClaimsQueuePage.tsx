import {
  ClaimStep,
  PrizeBand,
  ProductType,
  type QueueSortParameter,
  type StaffClaimSummary,
  useListStaffClaims,
} from '@prize/generated/client';
import type { FormEvent, ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button/Button';
import { FieldShell, fieldIds } from '../../components/FieldShell/FieldShell';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { staffErrorMessage } from '../domain/errors';
import {
  formatPence,
  formatWaiting,
  PRIZE_BAND_LABELS,
  PRODUCT_LABELS,
  STEP_LABELS,
} from '../domain/labels';
import {
  chosenFilters,
  type FilterName,
  paramsFromSearch,
  searchFromForm,
  searchFromParams,
  sortLink,
} from '../domain/queueFilters';
import { StepTag } from './StepTag';

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

const FILTER_LABELS: Record<FilterName, string> = {
  step: 'Step',
  productType: 'Product',
  submittedFrom: 'Submitted from',
  submittedTo: 'Submitted to',
  prizeBand: 'Prize',
  idDocsRequired: 'Needs ID documents',
  q: 'Search',
  closed: 'Paid and rejected',
  assignedTo: 'Assigned to',
};

function filterValue(name: FilterName, value: unknown): string {
  if (name === 'step') return STEP_LABELS[value as ClaimStep];
  if (name === 'productType') return PRODUCT_LABELS[value as ProductType];
  if (name === 'prizeBand') return PRIZE_BAND_LABELS[value as PrizeBand];
  if (name === 'idDocsRequired') return value ? 'Yes' : 'No';
  if (name === 'closed') return 'included';
  if (name === 'assignedTo') return value === 'me' ? 'me' : 'nobody';
  return String(value);
}

function SortHeader({
  sort,
  children,
  numeric = false,
}: {
  sort: QueueSortParameter;
  children: ReactNode;
  numeric?: boolean;
}) {
  const params = paramsFromSearch(useSearch());
  const link = sortLink(params, sort);
  return (
    <th
      scope="col"
      aria-sort={link.current ?? 'none'}
      className={numeric ? 'staff-table__numeric' : undefined}
    >
      <Link href={`/claims${link.href}`} className="staff-sort">
        {children}
        <span aria-hidden="true" className="staff-sort__arrow">
          {link.current === 'ascending' ? ' ▲' : link.current === 'descending' ? ' ▼' : ''}
        </span>
      </Link>
    </th>
  );
}

function QueueRow({ claim }: { claim: StaffClaimSummary }) {
  return (
    <tr>
      <th scope="row">
        <Link href={`/claims/${claim.claimHashid}`} className="staff-reference">
          {claim.reference}
        </Link>
      </th>
      <td>{claim.claimantName ?? 'Not given'}</td>
      <td>
        {claim.game
          ? `${claim.game}${claim.ticketColour ? `, ${claim.ticketColour.toLowerCase()}` : ''}`
          : PRODUCT_LABELS[claim.productType]}
      </td>
      <td className="staff-table__numeric">{formatPence(claim.prizeAmountPence)}</td>
      <td>
        <StepTag step={claim.step} waitingOn={claim.waitingOn} />
        {claim.status === 'info_requested' && (
          <span className="staff-tag staff-tag--claimant">Information requested</span>
        )}
      </td>
      <td className="staff-table__numeric">
        {formatWaiting(claim.stepSince ?? claim.submittedAt)}
      </td>
      <td>{claim.assignedTo?.name ?? <span className="staff-muted">Nobody</span>}</td>
    </tr>
  );
}

// The claims still to work, oldest waiting first; filters, order and page are in the address.
export function ClaimsQueuePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = paramsFromSearch(search);
  const mine = params.assignedTo === 'me';
  useDocumentTitle(mine ? 'My claims' : 'Claims queue');
  const claims = useListStaffClaims(params, { query: { placeholderData: (previous) => previous } });
  const list = claims.data?.data;
  const chosen = chosenFilters(params);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`/claims${searchFromForm(new FormData(event.currentTarget), params)}`);
  };

  return (
    <>
      <h1>{mine ? 'My claims' : 'Claims queue'}</h1>
      <nav aria-label="Queues" className="staff-views">
        <Link href="/claims" aria-current={!mine && search === '' ? 'page' : undefined}>
          Open claims
        </Link>
        <Link href="/claims?assignedTo=me" aria-current={mine ? 'page' : undefined}>
          My claims
        </Link>
      </nav>
      <form
        key={search}
        className="staff-filters"
        role="search"
        aria-label="Filter claims"
        onSubmit={apply}
        noValidate
      >
        <div className="staff-filters__search">
          <Filter name="q" label="Reference, e-mail, name, postcode, phone or ticket number">
            <input
              id={fieldIds('q').input}
              name="q"
              type="search"
              className="input"
              defaultValue={params.q ?? ''}
              spellCheck={false}
              autoComplete="off"
            />
          </Filter>
          <Button type="submit">Search</Button>
        </div>
        {params.assignedTo && <input type="hidden" name="assignedTo" value={params.assignedTo} />}
        <details className="staff-filters__more">
          <summary>More filters</summary>
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
              value={
                params.idDocsRequired === undefined ? undefined : String(params.idDocsRequired)
              }
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
          <div className="staff-checkbox">
            <input
              type="checkbox"
              id="filter-closed"
              name="closed"
              value="true"
              defaultChecked={params.closed === true}
            />
            <label htmlFor="filter-closed">Include paid and rejected claims</label>
          </div>
          <Button type="submit" variant="secondary">
            Apply filters
          </Button>
        </details>
      </form>
      {chosen.length > 0 && (
        <div className="staff-chosen">
          <h2 className="staff-chosen__title">Chosen filters</h2>
          <ul className="staff-chosen__list">
            {chosen.map(({ name, without }) => (
              <li key={name}>
                <Link href={`/claims${without}`} className="staff-chosen__tag">
                  <span className="visually-hidden">Remove filter </span>
                  {FILTER_LABELS[name]}: {filterValue(name, params[name])}
                  <span aria-hidden="true"> ×</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link href="/claims">Clear filters</Link>
        </div>
      )}

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
              : `${list.totalIsLowerBound ? 'More than ' : ''}${list.total.toLocaleString('en-GB')} ${list.total === 1 ? 'claim' : 'claims'}`}
          </p>
          {list.items.length > 0 && (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it
            <div className="staff-table-wrap" tabIndex={0} role="region" aria-label="Claims table">
              <table className="staff-table staff-queue">
                <caption className="visually-hidden">
                  Claims; the column headers sort the queue
                </caption>
                <thead>
                  <tr>
                    <SortHeader sort="waiting">Reference</SortHeader>
                    <SortHeader sort="claimantName">Claimant</SortHeader>
                    <SortHeader sort="game">Game</SortHeader>
                    <SortHeader sort="prize" numeric>
                      Prize
                    </SortHeader>
                    <SortHeader sort="step">Step</SortHeader>
                    <SortHeader sort="timeAtStep" numeric>
                      At this step
                    </SortHeader>
                    <SortHeader sort="assignedTo">Assigned to</SortHeader>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((claim) => (
                    <QueueRow key={claim.claimHashid} claim={claim} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {(list.nextCursor || params.after) && (
            <nav className="staff-pagination" aria-label="Pages of claims">
              {params.after && (
                <Link href={`/claims${searchFromParams({ ...params, after: undefined })}`}>
                  First page
                </Link>
              )}
              {list.nextCursor && (
                <Link
                  href={`/claims${searchFromParams({ ...params, after: list.nextCursor })}`}
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
