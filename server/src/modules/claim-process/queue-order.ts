import { ValidationFailure } from '../../http/errors.ts';
import { CLAIM_STEPS } from './claim-steps.ts';
import { lastNameSql } from '../claim/claim-search.sql.ts';

/**
 * The queue's orders and keyset cursors (issue 32). Each order is a list of SQL expressions, none
 * null, on the queue's aliases (`c` claim, `p` claim_process, `ic` identity_check, `sa` the
 * assignee), with the claim's id last so every row has one place. A cursor carries the last
 * row's values as PostgreSQL printed them (text: exact, microseconds included) and is compared
 * as a row, so the next page starts where the last ended whatever its depth.
 */

export const QUEUE_SORTS = [
  'waiting',
  'claimantName',
  'game',
  'prize',
  'step',
  'timeAtStep',
  'assignedTo',
] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export type QueueOrder = 'asc' | 'desc';

interface SortKey {
  sql: string;
  type: 'timestamptz' | 'text' | 'int' | 'boolean' | 'uuid';
}

const STEP_ORDER = `array_position(array[${CLAIM_STEPS.map((s) => `'${s}'`).join(', ')}]::text[], coalesce(p.step, 'submitted'))`;

/** When the claim reached its step: its submission until its first move. */
export const STEP_SINCE_SQL = 'coalesce(p.updated_at, c.submitted_at)';

const KEYS: Record<QueueSort, SortKey[]> = {
  waiting: [{ sql: 'c.submitted_at', type: 'timestamptz' }],
  claimantName: [
    { sql: `coalesce(${lastNameSql('ic')}, '')`, type: 'text' },
    { sql: `coalesce(lower(ic.personal_details->>'firstName'), '')`, type: 'text' },
  ],
  game: [{ sql: `coalesce(c.details->>'dbgGame', '')`, type: 'text' }],
  prize: [{ sql: `(c.details->>'prizeAmountPence')::int`, type: 'int' }],
  step: [{ sql: STEP_ORDER, type: 'int' }],
  timeAtStep: [{ sql: STEP_SINCE_SQL, type: 'timestamptz' }],
  // Unassigned claims after assigned ones (ascending).
  assignedTo: [
    { sql: '(sa.name is null)', type: 'boolean' },
    { sql: `coalesce(lower(sa.name), '')`, type: 'text' },
  ],
};

const ID_KEY: SortKey = { sql: 'c.id', type: 'uuid' };

export function sortKeys(sort: QueueSort): SortKey[] {
  return [...KEYS[sort], ID_KEY];
}

/** The select list that prints a row's cursor values (`k0`, `k1`, …). */
export function cursorColumns(sort: QueueSort): string[] {
  return sortKeys(sort).map((key, index) => `(${key.sql})::text as k${index}`);
}

export function encodeCursor(sort: QueueSort, order: QueueOrder, values: string[]): string {
  return Buffer.from(JSON.stringify([sort, order, ...values])).toString('base64url');
}

const badCursor = () =>
  ValidationFailure.of('after', 'cursor', 'after must be the nextCursor of a page in this order');

/** The condition "after the cursor's row", with its parameters. */
export function afterCursor(
  cursor: string,
  sort: QueueSort,
  order: QueueOrder,
): { sql: string; params: string[] } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const keys = sortKeys(sort);
  if (
    !Array.isArray(decoded) ||
    decoded[0] !== sort ||
    decoded[1] !== order ||
    decoded.length !== keys.length + 2 ||
    !decoded.slice(2).every((value) => typeof value === 'string')
  )
    throw badCursor();
  const values = decoded.slice(2) as string[];
  // A value that does not cast (a hand-made cursor) must be a 400, not a database error.
  if (!/^[0-9a-f-]{36}$/i.test(values.at(-1)!)) throw badCursor();
  keys.forEach((key, index) => {
    const value = values[index]!;
    if (key.type === 'int' && !/^-?[0-9]{1,10}$/.test(value)) throw badCursor();
    if (key.type === 'boolean' && value !== 'true' && value !== 'false') throw badCursor();
    if (
      key.type === 'timestamptz' &&
      !/^\d{4}-\d{2}-\d{2}[ T][0-9:.]+([+-]\d{2}(:?\d{2})?)?$/.test(value)
    )
      throw badCursor();
  });
  return {
    sql: `(${keys.map((key) => key.sql).join(', ')}) ${order === 'asc' ? '>' : '<'} (${keys.map((key) => `?::${key.type}`).join(', ')})`,
    params: values,
  };
}

/** The order's expressions, each with its direction (as the query builder's orderBy takes them). */
export function orderByKeys(sort: QueueSort): string[] {
  return sortKeys(sort).map((key) => key.sql);
}
