import pg from 'pg';
const c = new pg.Client({ connectionString: process.argv[2] }); await c.connect();
await c.query("drop table if exists address, address_term, address_street, address_index_state; delete from mikro_orm_migrations where name like '%Address%'");
await c.end();
