import { compactPostcode } from './postcode.ts';

/**
 * Royal Mail's 4-state customer code (RM4SCC) as Loqate's `Barcode` carries it:
 * `(` + postcode without its space + 2-character delivery point suffix (DPS) + check character + `)`,
 * e.g. `(SW1A2AA1A` + check + `)`. The claim form's rule (spec section 3) reads the dpsCode as the
 * 2 characters after the upper-cased, space-stripped postcode, so this layout always yields one.
 */
const RM4SCC_TABLE = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The RM4SCC check character: row and column values (1-6) of each character, each summed modulo 6. */
export function rm4sccCheckCharacter(text: string): string {
  let rows = 0;
  let columns = 0;
  for (const character of text) {
    const index = RM4SCC_TABLE.indexOf(character);
    if (index < 0) throw new Error(`RM4SCC cannot encode '${character}'`);
    rows += Math.floor(index / 6) + 1;
    columns += (index % 6) + 1;
  }
  const row = rows % 6 || 6;
  const column = columns % 6 || 6;
  return RM4SCC_TABLE[(row - 1) * 6 + (column - 1)]!;
}

export function addressBarcode(postcode: string, dps: string): string {
  const code = compactPostcode(postcode) + dps;
  return `(${code}${rm4sccCheckCharacter(code)})`;
}

/** Royal Mail DPS values run 1A, 1B ... 1Z, 2A ... within a postcode. */
export function deliveryPointSuffix(index: number): string {
  return `${1 + Math.floor(index / 26)}${String.fromCharCode(65 + (index % 26))}`;
}
