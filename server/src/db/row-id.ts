import { v7 } from 'uuid';

/**
 * A new row's primary key: a UUID that starts with the time it was made (RFC 9562, version 7).
 * Rows made one after another sit side by side in every index keyed by them, so an insert
 * touches the index's newest page, not a random page of an index of millions of entries. At a
 * million claims, random keys made PostgreSQL write several whole index pages to its WAL for each
 * claim start or submit (docs/benchmarks.md). Not for secrets: its first 48 bits are a timestamp,
 * so link tokens and session tokens stay random.
 */
export function newRowId(): string {
  return v7();
}
