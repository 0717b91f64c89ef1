import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SectionType } from './info-request.rules.ts';

export interface InfoRequestRow {
  id: string;
  claim_id: string;
  section_types: SectionType[];
  status: 'open' | 'submitted' | 'superseded';
  expires_at: Date | string;
  opened_at: Date | string | null;
  created_at: Date | string;
  submitted_at: Date | string | null;
  submission: Record<string, unknown> | null;
}

/** Info requests: SQL kept here, plain rows out. */
export function infoRequestRepository(em: EntityManager) {
  const run = <T extends object[]>(sql: string, params: unknown[] = []) =>
    em.getConnection().execute<T>(sql, params, 'all', em.getTransactionContext());
  return {
    async create(
      claimId: string,
      tokenHash: Buffer,
      sections: SectionType[],
      expiresAt: Date,
    ): Promise<string> {
      const id = randomUUID();
      // An earlier open request is replaced: only the newest link works.
      await run(
        `update info_request set status = 'superseded' where claim_id = ? and status = 'open'`,
        [claimId],
      );
      await run(
        'insert into info_request (id, claim_id, token_hash, section_types, status, expires_at) values (?, ?, ?, ?, ?, ?)',
        [id, claimId, tokenHash, JSON.stringify(sections), 'open', expiresAt],
      );
      return id;
    },

    async findByTokenHash(tokenHash: Buffer): Promise<InfoRequestRow | undefined> {
      const rows = await run<InfoRequestRow[]>('select * from info_request where token_hash = ?', [
        tokenHash,
      ]);
      return rows[0];
    },

    async markOpened(id: string): Promise<boolean> {
      const rows = await run<Array<{ id: string }>>(
        'update info_request set opened_at = now() where id = ? and opened_at is null returning id',
        [id],
      );
      return rows.length > 0;
    },

    async submit(id: string, submission: Record<string, unknown>): Promise<boolean> {
      const rows = await run<Array<{ id: string }>>(
        `update info_request set status = 'submitted', submitted_at = now(), submission = ? where id = ? and status = 'open' returning id`,
        [JSON.stringify(submission), id],
      );
      return rows.length > 0;
    },

    async forClaim(claimId: string): Promise<InfoRequestRow[]> {
      return run<InfoRequestRow[]>(
        'select * from info_request where claim_id = ? order by created_at',
        [claimId],
      );
    },
  };
}
