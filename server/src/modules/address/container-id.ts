/**
 * Container and address Ids in Loqate's style: `GB|RM|A|10000002` for an address (the number is
 * the UDPRN), `GB|RM|ENG|2AA-SW1A` for a postcode (inward-outward, as Loqate writes it),
 * `GB|RM|ENG|DOWNING_STREET-SW1A` for a street and `GB|RM|ENG|KENSINGTON_COURT-ELM_ROAD-LS6` or
 * `GB|RM|ENG|16-ELM_GROVE-LS6` for a building of several flats.
 */
export type Country = 'GB' | 'IM';

export type Container =
  | { kind: 'postcode'; country: Country; postcode: string }
  | { kind: 'street'; country: Country; key: string }
  | { kind: 'building'; country: Country; key: string };

export function postcodeContainerId(country: Country, postcode: string): string {
  const [outward, inward] = postcode.split(' ');
  return `${country}|RM|ENG|${inward}-${outward}`;
}

export function keyContainerId(country: Country, key: string): string {
  return `${country}|RM|ENG|${key}`;
}

const CONTAINER = /^(GB|IM)\|RM\|ENG\|([A-Z0-9_]+(?:-[A-Z0-9_]+){1,2})$/;
const INWARD = /^\d[A-Z]{2}$/;
const OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;

export function parseContainerId(id: string): Container | undefined {
  const match = CONTAINER.exec(id);
  if (!match) return undefined;
  const country = match[1] as Country;
  const parts = match[2]!.split('-');
  if (!OUTWARD.test(parts.at(-1)!)) return undefined;
  if (parts.length === 2 && INWARD.test(parts[0]!))
    return { kind: 'postcode', country, postcode: `${parts[1]} ${parts[0]}` };
  return { kind: parts.length === 2 ? 'street' : 'building', country, key: match[2]! };
}

const ADDRESS = /^(GB|IM)\|RM\|A\|(\d{1,9})$/;

export function parseAddressId(id: string): { country: Country; udprn: number } | undefined {
  const match = ADDRESS.exec(id.trim());
  return match ? { country: match[1] as Country, udprn: Number(match[2]) } : undefined;
}
