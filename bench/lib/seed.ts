import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { REFERENCE_BLOCK_SQL } from '../../server/src/modules/claim/claim.repository.ts';
import { referenceBlocks } from '../../server/src/modules/claim/reference-blocks.ts';
import { claimReference } from '../../server/src/modules/claim/reference.ts';
import { hashLinkToken } from '../../server/src/modules/claim/tokens.ts';
import { newRowId } from '../../server/src/db/row-id.ts';

/**
 * Claims in the state each call needs, written straight into the product's tables before a run
 * (the tokens only ever exist in e-mails, and e-mailing tens of thousands of links would cost more
 * than the calls measured). Tokens are real 256-bit link tokens; only their SHA-256 is stored,
 * through the server's own hashLinkToken, exactly as `POST /api/v1/claim` stores them.
 */
export interface SeededClaim {
  token: string;
  claimId: string;
  /** Submittable claims: an identity check and a front and back ticket image on record. */
  identityCheckUuid?: string;
  front?: string;
  back?: string;
}

export type SeedState = 'started' | 'verified' | 'submittable';

const BATCH = 5_000;

/**
 * Seeded file rows have no bytes: when the server re-encodes uploads in the background
 * (uploaded_file.sanitized_at), they are marked done so its job never picks them up.
 */
async function sanitizedColumn(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(
    `select 1 from information_schema.columns where table_name = 'uploaded_file' and column_name = 'sanitized_at'`,
  );
  return rows.length > 0;
}

export async function seedClaims(
  pool: pg.Pool,
  count: number,
  state: SeedState,
): Promise<SeededClaim[]> {
  const all: SeededClaim[] = [];
  const markSanitized = state === 'submittable' && (await sanitizedColumn(pool));
  // Each claim gets its reference and hashid as POST /api/v1/claim gives them, at start.
  const nextReference = referenceBlocks(async () => {
    const { rows } = await pool.query<{ first: string; size: string }>(REFERENCE_BLOCK_SQL);
    return { first: Number(rows[0]!.first), size: Number(rows[0]!.size) };
  });
  for (let offset = 0; offset < count; offset += BATCH) {
    const claims: Array<SeededClaim & { reference: number }> = [];
    for (let i = 0; i < Math.min(BATCH, count - offset); i++) {
      const claim = {
        token: randomBytes(32).toString('base64url'),
        claimId: newRowId(),
        reference: await nextReference(),
      };
      if (state === 'submittable')
        Object.assign(claim, {
          identityCheckUuid: newRowId(),
          front: newRowId(),
          back: newRowId(),
        });
      claims.push(claim);
    }
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into claim (id, token_hash, email, status, link_expires_at, verified_at, reference, hashid)
         select id, decode(hash, 'hex'), 'bench.' || left(id::text, 8) || '@example.co.uk', $3,
                now() + interval '72 hours', case when $3 = 'started' then null else now() end, reference, hashid
         from unnest($1::uuid[], $2::text[], $4::bigint[], $5::text[]) as t(id, hash, reference, hashid)`,
        [
          claims.map((c) => c.claimId),
          claims.map((c) => hashLinkToken(c.token).toString('hex')),
          state === 'started' ? 'started' : 'verified',
          claims.map((c) => c.reference),
          claims.map((c) => claimReference(c.reference)),
        ],
      );
      if (state === 'submittable') {
        await client.query(
          `insert into identity_check (id, claim_id, personal_details, id_docs_required, provider)
           select id, claim_id, '{"firstName":"Bench"}'::jsonb, false, 'local-rules' from unnest($1::uuid[], $2::uuid[]) as t(id, claim_id)`,
          [claims.map((c) => c.identityCheckUuid), claims.map((c) => c.claimId)],
        );
        for (const [type, key] of [
          ['ticketFront', 'front'],
          ['ticketBack', 'back'],
        ] as const) {
          await client.query(
            `insert into uploaded_file (id, claim_id, type, original_name, size, sha256, content_type, storage_key)
             select id, claim_id, $3, 'ticket.png', 70, repeat('0', 64), 'image/png', '00/' || replace(id::text, '-', '')
             from unnest($1::uuid[], $2::uuid[]) as t(id, claim_id)`,
            [claims.map((c) => c[key]), claims.map((c) => c.claimId), type],
          );
        }
        if (markSanitized) {
          await client.query(
            'update uploaded_file set sanitized_at = now() where claim_id = any($1::uuid[])',
            [claims.map((c) => c.claimId)],
          );
        }
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    all.push(...claims);
  }
  return all;
}

/** Hands out seeded claims one per request; counts how often it had to reuse one (a bad run). */
export function claimSource(claims: SeededClaim[]): {
  next(): SeededClaim;
  reused: () => number;
  used: () => number;
} {
  let index = 0;
  return {
    next: () => claims[index++ % claims.length]!,
    reused: () => Math.max(0, index - claims.length),
    used: () => index,
  };
}

/** E-mails still waiting in the outbox (start and submit queue one each). */
export async function unsentEmails(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    'select count(*) as n from email_outbox where sent_at is null',
  );
  return Number(rows[0]!.n);
}

/**
 * Uploads of these claims the server has not yet re-encoded in the background (0 when the server
 * does not re-encode).
 */
export async function unsanitizedUploads(pool: pg.Pool, claimIds: string[]): Promise<number> {
  if (!(await sanitizedColumn(pool))) return 0;
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from uploaded_file where claim_id = any($1::uuid[]) and sanitized_at is null and sanitize_error is null`,
    [claimIds],
  );
  return Number(rows[0]!.n);
}
