import pg from 'pg';
import { LocalAddressIndex } from '../src/modules/address/local-address-index.ts';
import { LocalAddressProvider } from '../src/modules/address/local-address-provider.ts';
const pool = new pg.Pool({ connectionString: process.argv[2] });
const provider = new LocalAddressProvider(new LocalAddressIndex(async () => pool, 2000));
const texts = ['1', '10', '10 d', '10 do', '10 dow', '10 downing', '10 downing stret', 'downing', 'london', 'l', 'le', 'leeds', 'high st', 'high street leeds', 'victoria house', 'flat 2 11 athol', 'athol street', 'SW1A 2', 'IM2', 'S1', 'M1 1', 'ls6', 'church road', 'churhc road', 'kensington court', 'douglas', 'a', 'b', 'st', 'the', '12 elm grove', 'elm grove headingley', 'princes street edinburgh', 'broad st', 'rose cottage'];
for (let round = 0; round < 3; round++) for (const text of texts) {
  const t = performance.now();
  const res = await provider.find({ text, countries: 'GB,IM' });
  if (round === 2) console.log((performance.now() - t).toFixed(1).padStart(6), 'ms', res.Items.length, JSON.stringify(text));
}
await pool.end();
