import pg from 'pg';
import pino from 'pino';
import { seedAddressIndex } from '../src/modules/address/seed-address-index.ts';
const pool = new pg.Pool({ connectionString: process.argv[2] });
const orig = pg.Client.prototype.query;
(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  const t = performance.now(); const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
  const r = orig.apply(this, args as any) as any;
  if (r && typeof r.then === 'function') r.then(() => console.log(Math.round(performance.now() - t), 'ms', String(text).trim().slice(0, 40).replace(/\s+/g, ' ')));
  return r;
};
await pool.query('delete from address_index_state');
console.log(await seedAddressIndex(pool, pino({ level: 'silent' })));
await pool.end();
