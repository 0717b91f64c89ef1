-- What the server would otherwise ask for in the startup packet, which a pooler drops.
ALTER ROLE claims SET plan_cache_mode = force_generic_plan;
