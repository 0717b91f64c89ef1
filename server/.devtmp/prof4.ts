import pg from 'pg';
const c = new pg.Client({ connectionString: process.argv[2] }); await c.connect();
const rows = (await c.query('select udprn, country, postcode, postcode_key, sub_building, building_name, building_number, street, locality, town, county, dps, street_key, street_count, building_key, building_count, find_text, find_description, array_to_string(tsvector_to_array(terms), \' \') as terms from address')).rows;
const json = JSON.stringify(rows.slice(0, 20000));
let t = performance.now(); await c.query('select count(*) from json_populate_recordset(null::address, $1)', [json]); console.log('parse only 20k', Math.round(performance.now() - t));
t = performance.now(); await c.query('select count(*) from json_to_recordset($1) as t(udprn int, find_text text, terms text)', [json]); console.log('json_to_recordset few cols', Math.round(performance.now() - t));
t = performance.now(); await c.query('select count(*) from jsonb_populate_recordset(null::address, $1::jsonb)', [json]); console.log('jsonb', Math.round(performance.now() - t));
t = performance.now(); await c.query('select $1::text', [json]); console.log('send only', Math.round(performance.now() - t));
await c.end();
