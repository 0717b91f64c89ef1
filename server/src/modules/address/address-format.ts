import { addressBarcode } from './barcode.ts';
import { compactPostcode } from './postcode.ts';
import { words } from './search-text.ts';

/** One delivery point of the local index, in Royal Mail PAF terms. */
export interface AddressParts {
  udprn: number;
  country: 'GB' | 'IM';
  postcode: string;
  subBuilding: string;
  buildingName: string;
  buildingNumber: string;
  street: string;
  locality: string;
  town: string;
  county: string;
  /** Delivery point suffix, e.g. `1A`. */
  dps: string;
}

export function addressId(address: Pick<AddressParts, 'country' | 'udprn'>): string {
  return `${address.country}|RM|A|${address.udprn}`;
}

/**
 * Premise lines in the order Loqate gives them: 'Flat 2' / '11 Athol Street',
 * 'Flat 3, Kensington Court' / 'Elm Road', 'Rose Cottage' / 'Church Lane', '14 Elm Grove'.
 */
export function premiseLines(address: AddressParts): string[] {
  const thoroughfare = address.buildingNumber
    ? `${address.buildingNumber} ${address.street}`
    : address.street;
  if (address.subBuilding && address.buildingName)
    return [`${address.subBuilding}, ${address.buildingName}`, thoroughfare];
  if (address.subBuilding) return [address.subBuilding, thoroughfare];
  if (address.buildingName) return [address.buildingName, thoroughfare];
  return [thoroughfare];
}

export function addressLines(address: AddressParts): string[] {
  return address.locality ? [...premiseLines(address), address.locality] : premiseLines(address);
}

/** Find's `Text` of an address: its premise, e.g. 'Flat 2, 11 Athol Street'. */
export function findText(address: AddressParts): string {
  return premiseLines(address).join(', ');
}

export function placeParts(address: Pick<AddressParts, 'locality' | 'town' | 'country'>): string[] {
  return [
    address.locality,
    address.town,
    address.country === 'IM' && address.town !== 'Isle of Man' ? 'Isle of Man' : '',
  ].filter(Boolean);
}

/** Find's `Description` of an address: 'Headingley, Leeds, LS6 2AB', 'Douglas, Isle of Man, IM1 1JE'. */
export function findDescription(address: AddressParts): string {
  return [...placeParts(address), address.postcode].join(', ');
}

export function countryName(country: 'GB' | 'IM'): string {
  return country === 'IM' ? 'Isle of Man' : 'United Kingdom';
}

export function addressLabel(address: AddressParts): string {
  const tail =
    address.country === 'IM'
      ? ['ISLE OF MAN', address.postcode]
      : [address.postcode, 'UNITED KINGDOM'];
  const town = address.town === 'Isle of Man' ? [] : [address.town.toUpperCase()];
  return [...addressLines(address), ...town, ...tail].join('\n');
}

/** The words a street container matches on: street, locality, town, district and country. */
export function streetWords(address: AddressParts): string[] {
  return words([address.street, ...placeParts(address), address.postcode.split(' ')[0]].join(' '));
}

/** The words a building container matches on: the street's plus the building's name and number. */
export function buildingWords(address: AddressParts): string[] {
  return [...streetWords(address), ...words(`${address.buildingName} ${address.buildingNumber}`)];
}

/** Everything an address is found by: premise, street, places, district and compact postcode. */
export function searchTerms(address: AddressParts): string[] {
  // The inward code only as part of the compact postcode: alone it would be thousands of
  // distinct words ('2aa', '2ab', ...) that every number typed as a prefix would have to visit.
  const all = [
    ...buildingWords(address),
    ...words(address.subBuilding),
    compactPostcode(address.postcode).toLowerCase(),
  ];
  return [...new Set(all)];
}

export function barcodeOf(address: AddressParts): string {
  return addressBarcode(address.postcode, address.dps);
}

/** Container keys, upper case with `_` between words and `-` between levels (as in Loqate's Ids). */
export function nameKey(text: string): string {
  return words(text).join('_').toUpperCase();
}

export function streetKey(address: Pick<AddressParts, 'street' | 'postcode'>): string {
  return `${nameKey(address.street)}-${address.postcode.split(' ')[0]}`;
}

export function buildingKey(address: AddressParts): string {
  return `${nameKey(address.buildingName || address.buildingNumber)}-${streetKey(address)}`;
}
