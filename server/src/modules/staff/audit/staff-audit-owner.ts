/**
 * Hands the staff audit to a role nobody logs in as (docs/deploy.md, "The staff audit"): the
 * table and its append-only trigger's function belong to `staff_audit_owner` (NOLOGIN), and the
 * application's role (the database's owner) may only INSERT and SELECT. Owning neither, the
 * application's role can no longer update or delete rows, truncate, disable the trigger or
 * replace its function. Needs a superuser (or a role that can create roles and act as both
 * roles); idempotent. Run by the migration when it has the rights, else by an administrator.
 */
const DECLARE_APP = `declare
  app name := (select pg_get_userbyid(datdba) from pg_database where datname = current_database());`;

const HAND_OVER = `
  if not exists (select from pg_roles where rolname = 'staff_audit_owner') then
    create role staff_audit_owner nologin;
  end if;
  alter table staff_audit owner to staff_audit_owner;
  alter function staff_audit_append_only_fn() owner to staff_audit_owner;
  revoke all on staff_audit from public;
  execute format('revoke all on staff_audit from %I', app);
  execute format('grant select, insert on staff_audit to %I', app);`;

export const STAFF_AUDIT_OWNER_SQL = `do $$
${DECLARE_APP}
begin${HAND_OVER}
end $$;`;

/**
 * The migration's version: only when it runs as a superuser for a database another role owns
 * (migrations run by an administrator); as the application's own role it has not the rights,
 * and as a superuser that owns the database (the embedded development database) there is no
 * other role to restrict. Either way it says so and leaves the table as it is.
 */
export const STAFF_AUDIT_OWNER_IF_ABLE_SQL = `do $$
${DECLARE_APP}
begin
  if not (select rolsuper from pg_roles where rolname = current_user) or app = current_user then
    raise notice 'staff_audit stays owned by %: see docs/deploy.md, "The staff audit"', current_user;
    return;
  end if;
${HAND_OVER}
end $$;`;
