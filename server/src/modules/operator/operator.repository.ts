import type { EntityManager } from '@mikro-orm/postgresql';

const DERIVED_STATUS = `case latest.status when 'open' then 'info_requested' when 'submitted' then 'info_received' else 'submitted' end`;
const LATEST_REQUEST = `left join lateral (select status from info_request i where i.claim_id = c.id order by i.created_at desc limit 1) latest on true`;

export type OperatorStatus = 'submitted' | 'info_requested' | 'info_received';

export interface ClaimSummaryRow {
  hashid: string;
  status: OperatorStatus;
  submitted_at: Date | string;
  product_type: 'DBG' | 'SC';
  prize_amount_pence: number;
}

export interface ClaimRow {
  id: string;
  hashid: string;
  email: string;
  status: OperatorStatus;
  submitted_at: Date | string;
  identity_check_id: string;
  details: Record<string, unknown>;
}

/** Read models of submitted claims for Winner Services: one query per list, no N+1. */
export function operatorRepository(em: EntityManager) {
  const run = <T extends object[]>(sql: string, params: unknown[] = []) =>
    em.getConnection().execute<T>(sql, params);
  return {
    async page(
      status: OperatorStatus | undefined,
      page: number,
      pageSize: number,
    ): Promise<{ rows: ClaimSummaryRow[]; total: number }> {
      const filter = status ? `and ${DERIVED_STATUS} = ?` : '';
      const params = status ? [status] : [];
      const rows = await run<Array<ClaimSummaryRow & { total: string }>>(
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
      return { rows, total };
    },

    async claim(hashid: string): Promise<ClaimRow | undefined> {
      const rows = await run<ClaimRow[]>(
        `select c.id, c.hashid, c.email, ${DERIVED_STATUS} as status, c.submitted_at, c.identity_check_id, c.details
           from claim c ${LATEST_REQUEST} where c.hashid = ? and c.status = 'submitted'`,
        [hashid],
      );
      return rows[0];
    },

    identityChecks: (claimId: string) =>
      run<
        Array<{
          id: string;
          id_docs_required: boolean;
          checked_at: Date | string;
          personal_details: Record<string, unknown> | null;
        }>
      >(
        'select id, id_docs_required, checked_at, personal_details from identity_check where claim_id = ? order by checked_at',
        [claimId],
      ),

    files: (claimId: string) =>
      run<
        Array<{
          id: string;
          type: string;
          original_name: string;
          size: number;
          sha256: string;
          content_type: string;
          created_at: Date | string;
        }>
      >(
        'select id, type, original_name, size, sha256, content_type, created_at from uploaded_file where claim_id = ? order by created_at',
        [claimId],
      ),

    audit: (claimId: string) =>
      run<Array<{ event: string; at: Date | string }>>(
        'select event, at from audit_event where claim_id = ? order by id',
        [claimId],
      ),

    async file(uuid: string): Promise<
      | {
          claim_id: string;
          storage_key: string;
          content_type: string;
          size: number;
          sanitized_at: Date | string | null;
          sanitize_error: string | null;
        }
      | undefined
    > {
      const rows = await run<
        Array<{
          claim_id: string;
          storage_key: string;
          content_type: string;
          size: number;
          sanitized_at: Date | string | null;
          sanitize_error: string | null;
        }>
      >(
        `select f.claim_id, f.storage_key, f.content_type, f.size, f.sanitized_at, f.sanitize_error from uploaded_file f join claim c on c.id = f.claim_id where f.id = ? and c.status = 'submitted'`,
        [uuid],
      );
      return rows[0];
    },
  };
}
