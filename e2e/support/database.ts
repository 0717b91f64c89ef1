import pg from 'pg';
import { stack } from './env.ts';

/** Runs one statement against the stack's PostgreSQL (tests that move a claim's clock). */
export async function sql(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: stack().databaseUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** The claim token at the end of a verification link. */
export const tokenOf = (link: string): string => new URL(link).pathname.split('/').pop()!;

/**
 * Moves the claim's clock past the draft's inactivity window (CLAIM_INACTIVITY_TIMER_MINUTES) as
 * if the claimant had been away: the draft's expiry passes, the claim itself stays open.
 */
export async function passDraftInactivity(link: string): Promise<void> {
  await sql(
    `update form_draft_section set expires_at = now() - interval '1 second'
      where owner_id = (select id from claim where token_hash = sha256(convert_to($1, 'UTF8')))`,
    [tokenOf(link)],
  );
}
