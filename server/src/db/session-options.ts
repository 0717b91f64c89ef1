/**
 * Settings every connection of the server starts with (libpq `options`).
 *
 * plan_cache_mode=force_generic_plan: the hot paths run named statements that `pg` prepares once
 * per connection. By default PostgreSQL plans each of them afresh for its first five runs on a
 * connection, and for ever after when the custom plans look cheaper than the generic one, so
 * re-planning led PostgreSQL's CPU profile under load (docs/benchmarks.md). Every prepared
 * statement here looks rows up by key, so the generic plan is the plan a custom one would be. Unnamed
 * statements (the ORM's, the operator's) are planned per run whatever this says.
 */
export const SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';
