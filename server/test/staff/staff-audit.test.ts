import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import { recordStaffAudit } from '../../src/modules/staff/audit/staff-audit.ts';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

let orm: Database;

beforeAll(async () => {
  orm = await openDatabase(await migratedDatabase('staff_audit'), pino({ level: 'silent' }));
});
afterAll(async () => {
  await orm?.close();
});

async function staffAccount(): Promise<string> {
  const em = orm.em.fork();
  const id = randomUUID();
  em.create(StaffAccountSchema, {
    id,
    email: `${id}@staff.example`,
    name: 'Audit Tester',
    roles: ['claims_advisor'],
    totpSecretSealed: randomBytes(48),
  });
  await em.flush();
  return id;
}

describe('staff audit', () => {
  it('when an action is recorded in a transaction, then its row is written with the commit', async () => {
    const staffId = await staffAccount();
    const claimId = randomUUID();
    await orm.em.fork().transactional(async (em) => {
      recordStaffAudit(em, {
        staffId,
        action: 'claim.step_changed',
        claimId,
        detail: { from: 'submitted', to: 'reviewed' },
      });
    });
    const rows = await orm.em.fork().find(StaffAuditSchema, { claimId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'claim.step_changed',
      detail: { from: 'submitted', to: 'reviewed' },
    });
    expect(rows[0]!.staff?.id).toBe(staffId);
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('when the transaction fails, then no audit row is left behind', async () => {
    const claimId = randomUUID();
    await expect(
      orm.em.fork().transactional(async (em) => {
        recordStaffAudit(em, { staffId: null, action: 'claim.viewed', claimId });
        await em.flush();
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await orm.em.fork().count(StaffAuditSchema, { claimId })).toBe(0);
  });

  it('when anything tries to update, delete or empty the audit, then the database refuses', async () => {
    const claimId = randomUUID();
    const em = orm.em.fork();
    recordStaffAudit(em, { staffId: null, action: 'claim.viewed', claimId });
    await em.flush();
    await expect(
      orm.em.fork().nativeUpdate(StaffAuditSchema, { claimId }, { action: 'staff.signed_in' }),
    ).rejects.toThrow(/append-only/);
    await expect(orm.em.fork().nativeDelete(StaffAuditSchema, { claimId })).rejects.toThrow(
      /append-only/,
    );
    await expect(orm.em.getConnection().execute('truncate staff_audit')).rejects.toThrow(
      /append-only/,
    );
    expect(await orm.em.fork().count(StaffAuditSchema, { claimId })).toBe(1);
  });

  it('when the server code is read, then nothing but the recorder writes the audit', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes('/db/migrations/'));
    const writers: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      if (/(update|delete\s+from|truncate)\s+"?staff_audit/i.test(text)) writers.push(file);
      // ORM writes other than the recorder's create: nativeUpdate/nativeDelete/remove of the entity.
      if (/(nativeUpdate|nativeDelete|upsert|upsertMany)\(\s*StaffAuditSchema/.test(text))
        writers.push(file);
    }
    expect(writers).toEqual([]);
  });
});
