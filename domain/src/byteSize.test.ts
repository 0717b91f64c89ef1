import { describe, expect, it } from 'vitest';
import { parseByteSize } from './byteSize.ts';

describe('parseByteSize', () => {
  it('reads digits, with or without a unit, in any case', () => {
    expect(parseByteSize('15mb')).toBe(15 * 1024 * 1024);
    expect(parseByteSize(' 512KB ')).toBe(512 * 1024);
    expect(parseByteSize('1.5 kb')).toBe(1536);
    expect(parseByteSize('1000')).toBe(1000);
  });

  it('refuses what is not a positive size, rather than reading the number in front', () => {
    for (const text of ['15 megs', 'fifteen', '15mb of space', '-1mb', '0', '0.4', ''])
      expect(parseByteSize(text)).toBeUndefined();
  });
});
