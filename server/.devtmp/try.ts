import pg from 'pg';
import { LocalAddressIndex } from '../src/modules/address/local-address-index.ts';
import { LocalAddressProvider } from '../src/modules/address/local-address-provider.ts';
const pool = new pg.Pool({ connectionString: process.argv[2] });
const provider = new LocalAddressProvider(new LocalAddressIndex(async () => pool, 2000));
for (const text of process.argv.slice(3)) {
  const [kind, value] = text.startsWith('C:') ? ['c', text.slice(2)] : text.startsWith('R:') ? ['r', text.slice(2)] : ['t', text];
  const t = performance.now();
  const res = kind === 'r' ? await provider.retrieve(value!) : await provider.find(kind === 'c' ? { text: '', countries: 'GB,IM', container: value } : { text: value!, countries: 'GB,IM' });
  const ms = (performance.now() - t).toFixed(1);
  console.log(`== ${JSON.stringify(text)} ${ms} ms`);
  for (const item of res.Items.slice(0, 12)) console.log('  ', JSON.stringify(item));
}
await pool.end();
