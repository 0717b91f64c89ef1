import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClaimInfoStatus } from '../claim-view/claim-view.ts';
import type { StoredImage } from '../files/served-image.ts';

const DERIVED_STATUS = `case latest.status when 'open' then 'info_requested' when 'submitted' then 'info_received' else 'submitted' end`;
const LATEST_REQUEST = `left join lateral (select status from info_request i where i.claim_id = c.id order by i.created_at desc limit 1) latest on true`;

export type OperatorStatus = ClaimInfoStatus;

export interface ClaimSummary {
  hashid: string;
  status: OperatorStatus;
  submittedAt: Date;
  productType: 'DBG' | 'SC';
  prizeAmountPence: number;
}

export interface OperatorFile extends StoredImage {
  claimId: string;
}

interface ClaimSummaryRow {
  hashid: string;
  status: OperatorStatus;
  submitted_at: string;
  product_type: 'DBG' | 'SC';
  prize_amount_pence: number;
  total: string;
}

interface FileRow {
  claim_id: string;
  storage_key: string;
  content_type: string;
  size: number;
  sanitized_at: string | null;
  sanitize_error: string | null;
}

/**
 * The operator API's list of submitted claims (one query per page, filtered by the status the
 * latest info request gives, which only SQL can filter on) and its file look-up. Rows leave
 * in camelCase. One claim's view is claim-view's.
 */
export function operatorRepository(em: EntityManager) {
  const run = <T extends object[]>(sql: string, params: unknown[] = []) =>
    em.execute<T>(sql, params);
  return {
    async page(
      status: OperatorStatus | undefined,
      page: number,
      pageSize: number,
    ): Promise<{ rows: ClaimSummary[]; total: number }> {
      const filter = status ? `and ${DERIVED_STATUS} = ?` : '';
      const params = status ? [status] : [];
      const rows = await run<ClaimSummaryRow[]>(
        `select c.hashid, ${DERIVED_STATUS} as status, c.submitted_at, c.details->>'productType' as product_type,
                (c.details->>'prizeAmountPence')::int as prize_amount_pence, count(*) over () as total
           from claim c ${LATEST_REQUEST}
          where c.status = 'submitted' ${filter}
          order by c.submitted_at desc, c.id
          limit ? offset ?`,
        [...params, pageSize, (page - 1) * pageSize],
      );
      const total = rows[0]
        ? Number(rows[0].total)
        : Number(
            (
              await run<Array<{ n: string }>>(
                `select count(*) as n from claim c ${LATEST_REQUEST} where c.status = 'submitted' ${filter}`,
                params,
              )
            )[0]!.n,
          );
      return {
        rows: rows.map((row) => ({
          hashid: row.hashid,
          status: row.status,
          submittedAt: new Date(row.submitted_at),
          productType: row.product_type,
          prizeAmountPence: row.prize_amount_pence,
        })),
        total,
      };
    },

    /** A file of a submitted claim, with what the image policy decides on. */
    async file(uuid: string): Promise<OperatorFile | undefined> {
      const [row] = await run<FileRow[]>(
        `select f.claim_id, f.storage_key, f.content_type, f.size, f.sanitized_at, f.sanitize_error from uploaded_file f join claim c on c.id = f.claim_id where f.id = ? and c.status = 'submitted'`,
        [uuid],
      );
      return (
        row && {
          claimId: row.claim_id,
          storageKey: row.storage_key,
          contentType: row.content_type,
          size: row.size,
          sanitizedAt: row.sanitized_at,
          sanitizeError: row.sanitize_error,
        }
      );
    },
  };
}
