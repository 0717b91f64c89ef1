/** UK and Isle of Man postcode shapes: outward `A9`, `A9A`, `A99`, `AA9`, `AA9A`, `AA99`; inward `9AA`. */
const OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const INWARD_START = /^\d[A-Z]{0,2}$/;
const COMPACT_START = /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/;

export function compactPostcode(postcode: string): string {
  return postcode.toUpperCase().replace(/\s+/g, '');
}

/** How a search text that looks like a postcode, or the start of one, is matched. */
export interface PostcodePrefix {
  /** Matched against the spaced postcode (`SW1A 2AA`) when the user typed the space, else the compact one. */
  column: 'postcode' | 'postcode_key';
  prefix: string;
  /** Set when the text is exactly an outward code (`IM2`, `B1`): that district's postcodes come first. */
  outward?: string;
}

/**
 * 'SW1A 2', 'IM2', 'sw1a2aa' and 'M1 1AE' are postcode searches; '10 downing' is not. When the
 * user typed the space we honour it, so 'B1 2' does not also list the B12 district.
 */
export function postcodePrefix(text: string): PostcodePrefix | undefined {
  const cleaned = text.trim().toUpperCase().replace(/\s+/g, ' ');
  if (cleaned === '') return undefined;
  const parts = cleaned.split(' ');
  if (parts.length === 2 && OUTWARD.test(parts[0]!) && INWARD_START.test(parts[1]!)) {
    return { column: 'postcode', prefix: cleaned };
  }
  if (parts.length === 1 && COMPACT_START.test(cleaned)) {
    return {
      column: 'postcode_key',
      prefix: cleaned,
      outward: OUTWARD.test(cleaned) ? cleaned : undefined,
    };
  }
  return undefined;
}
