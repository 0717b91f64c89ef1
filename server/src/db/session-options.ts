/**
 * Settings the connections of the outbox's bookkeeping pool start with (libpq `options`,
 * async-commit-pool.ts).
 *
 * plan_cache_mode=force_generic_plan: the outbox runs named statements that `pg` prepares once
 * per connection. By default PostgreSQL plans each of them afresh for its first five runs on a
 * connection, and for ever after when the custom plans look cheaper than the generic one, so
 * re-planning led PostgreSQL's CPU profile under load (docs/benchmarks.md). Every prepared
 * statement there looks rows up by key, so the generic plan is the plan a custom one would be. The
 * ORM's statements are unnamed, planned per run whatever this says, so its pool does not set it.
 */
export const SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';
