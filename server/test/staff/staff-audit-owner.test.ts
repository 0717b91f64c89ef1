import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrate, openDatabase } from '../../src/db/orm.ts';
import { STAFF_AUDIT_OWNER_SQL } from '../../src/modules/staff/audit/staff-audit-owner.ts';

/**
 * Issue 30, point 5: the application's role (a non-superuser that owns its database, as on a
 * managed PostgreSQL) migrates the schema; an administrator, or the migration when a superuser
 * runs it for that database, hands the staff audit to `staff_audit_owner`. Then the
 * application's role may only INSERT and SELECT there.
 */
const adminUrl = new URL(inject('databaseUrl'));
const suffix = randomBytes(4).toString('hex');
const role = `claims_app_${suffix}`;
const password = randomBytes(12).toString('hex');

async function asAdmin<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function appUrl(database: string): string {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

async function createDatabase(name: string): Promise<void> {
  await asAdmin('postgres', (client) => client.query(`create database "${name}" owner "${role}"`));
}

beforeAll(async () => {
  await asAdmin('postgres', (client) =>
    client.query(`create role "${role}" login nosuperuser password '${password}'`),
  );
});
afterAll(async () => {
  // The role owns the test databases; they go with the run's PostgreSQL.
});

describe("the staff audit and the application's role", () => {
  it('when the audit has been handed over, then the app role can insert and read but not update, delete, truncate, disable the trigger or replace its function', async () => {
    const database = `audit_owner_${suffix}`;
    await createDatabase(database);
    // Migrated by the application's own role, as at every start: the migration has no rights to hand over.
    const orm = await openDatabase(appUrl(database), pino({ level: 'silent' }));
    try {
      await migrate(orm);
    } finally {
      await orm.close();
    }
    const ownerBefore = await asAdmin(database, (client) =>
      client.query<{ owner: string }>(
        `select pg_get_userbyid(relowner) as owner from pg_class where relname = 'staff_audit'`,
      ),
    );
    expect(ownerBefore.rows[0]!.owner).toBe(role);

    await asAdmin(database, (client) => client.query(STAFF_AUDIT_OWNER_SQL));

    const app = new pg.Client({ connectionString: appUrl(database) });
    await app.connect();
    try {
      await app.query(`insert into staff_audit (action) values ('staff.signed_in')`);
      expect((await app.query('select action from staff_audit')).rowCount).toBe(1);
      for (const statement of [
        `update staff_audit set action = 'staff.signed_out'`,
        'delete from staff_audit',
        'truncate staff_audit',
        'alter table staff_audit disable trigger append_only',
        'alter table staff_audit disable trigger all',
        `create or replace function staff_audit_append_only_fn() returns trigger as $$ begin return null; end; $$ language plpgsql`,
        `alter table staff_audit owner to "${role}"`,
      ])
        await expect(app.query(statement), statement).rejects.toThrow(
          /permission denied|must be owner/,
        );
      expect((await app.query('select action from staff_audit')).rows).toEqual([
        { action: 'staff.signed_in' },
      ]);
    } finally {
      await app.end();
    }
  });

  it('when a superuser runs the migrations for a database the app role owns, then the migration hands the audit over itself', async () => {
    const database = `audit_owner_mig_${suffix}`;
    await createDatabase(database);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const orm = await openDatabase(url.toString(), pino({ level: 'silent' }));
    try {
      await migrate(orm);
    } finally {
      await orm.close();
    }
    const granted = await asAdmin(database, async (client) => ({
      owner: (
        await client.query<{ owner: string }>(
          `select pg_get_userbyid(relowner) as owner from pg_class where relname = 'staff_audit'`,
        )
      ).rows[0]!.owner,
      privileges: (
        await client.query<{ privilege_type: string }>(
          `select privilege_type from information_schema.role_table_grants
            where table_name = 'staff_audit' and grantee = $1 order by privilege_type`,
          [role],
        )
      ).rows.map((row) => row.privilege_type),
    }));
    expect(granted).toEqual({ owner: 'staff_audit_owner', privileges: ['INSERT', 'SELECT'] });
  });
});
