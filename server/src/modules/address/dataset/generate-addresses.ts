import { deliveryPointSuffix } from '../barcode.ts';
import { buildingKey, streetKey, type AddressParts } from '../address-format.ts';
import { areas, reservedUnits, type Area } from './areas.ts';
import {
  blockStems,
  blockSuffixes,
  houseNames,
  manxStems,
  scottishStems,
  scottishSuffixes,
  streetStems,
  streetSuffixes,
  welshStems,
} from './names.ts';
import { createPrng, seedFrom, type Prng } from './prng.ts';

/**
 * The deterministic UK + Isle of Man address set of the local provider. Changing anything here
 * changes the data: bump DATASET_VERSION so running servers re-seed their index.
 */
export const DATASET_VERSION = 'generated-2026-11-22.5';
/** Kept apart from the version so a schema-only bump reloads the same addresses. */
const DATASET_SEED = 'uk-im-addresses-1';
const DELIVERY_POINTS_PER_DISTRICT = 1300;
const FIRST_UDPRN = 10_000_001;

export interface AddressRecord extends AddressParts {
  streetKey: string;
  streetCount: number;
  /** Set when the building holds more than one delivery point (flats). */
  buildingKey: string | null;
  buildingCount: number;
}

type Premise = Pick<AddressParts, 'subBuilding' | 'buildingName' | 'buildingNumber'>;
type Draft = Omit<AddressParts, 'udprn'>;

/** Inward codes of one district: sectors 1-9 then 0, each with a shuffled run of units. */
function unitAllocator(area: Area, rng: Prng): () => string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const reserved = new Set(reservedUnits(area));
  const sectors = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
  let sectorIndex = 0;
  let combos: string[] = [];
  let perSector = 0;
  const startSector = (): void => {
    combos = [];
    for (const a of letters) for (const b of letters) combos.push(a + b);
    for (let i = combos.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [combos[i], combos[j]] = [combos[j]!, combos[i]!];
    }
    perSector = rng.int(20, 40);
  };
  startSector();
  let used = 0;
  return () => {
    for (;;) {
      if (used >= perSector) {
        sectorIndex = (sectorIndex + 1) % sectors.length;
        used = 0;
        startSector();
      }
      used++;
      const unit = `${sectors[sectorIndex]}${combos.pop()!}`;
      if (!reserved.has(unit)) return unit;
    }
  };
}

function streetNamer(area: Area, rng: Prng): () => string {
  const used = new Set<string>();
  const queue = [...area.streets];
  return () => {
    for (let attempt = 0; ; attempt++) {
      let name = queue.shift();
      if (!name) {
        const roll = rng.next();
        if (area.flavour === 'scotland' && roll < 0.5)
          name = `${rng.pick(scottishStems)} ${rng.pick(scottishSuffixes)}`;
        else if (area.flavour === 'wales' && roll < 0.3) name = rng.pick(welshStems);
        else if (area.flavour === 'manx' && roll < 0.5)
          name = `${rng.pick(manxStems)} ${rng.pick(streetSuffixes)}`;
        else if (roll > 0.985) name = 'High Street';
        else name = `${rng.pick(streetStems)} ${rng.pick(streetSuffixes)}`;
        // Past a few hundred attempts a district has run out of fresh names: number them.
        if (attempt > 200) name = `${name} ${attempt}`;
      }
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  };
}

/** The buildings of one street: houses, houses split into flats, named blocks and named houses. */
function streetPremises(
  street: string,
  rural: boolean,
  rng: Prng,
  firstNumber: number,
  takenNames: string[],
): Premise[] {
  const premises: Premise[] = [];
  const blockNames = new Set<string>(takenNames);
  const buildings = rng.int(6, 60);
  for (let n = firstNumber; n < firstNumber + buildings; n++) {
    // Some streets have no number 13.
    if (n === 13 && rng.chance(0.3)) continue;
    const number = String(n);
    const roll = rng.next();
    if (rural && roll < 0.4) {
      premises.push({ subBuilding: '', buildingName: rng.pick(houseNames), buildingNumber: '' });
    } else if (roll < 0.7) {
      premises.push({ subBuilding: '', buildingName: '', buildingNumber: number });
    } else if (roll < 0.84) {
      const flats = rng.int(2, 4);
      for (let f = 1; f <= flats; f++)
        premises.push({ subBuilding: `Flat ${f}`, buildingName: '', buildingNumber: number });
    } else if (roll < 0.9) {
      const name = `${rng.pick(blockStems)} ${rng.pick(blockSuffixes)}`;
      if (blockNames.has(name) || name.startsWith(street)) {
        premises.push({ subBuilding: '', buildingName: '', buildingNumber: number });
        continue;
      }
      blockNames.add(name);
      const flats = rng.int(6, 20);
      for (let f = 1; f <= flats; f++)
        premises.push({ subBuilding: `Flat ${f}`, buildingName: name, buildingNumber: '' });
    } else if (roll < 0.95) {
      premises.push({
        subBuilding: '',
        buildingName: rng.pick(houseNames),
        buildingNumber: number,
      });
    } else {
      premises.push({ subBuilding: '', buildingName: '', buildingNumber: number });
    }
  }
  // Two named houses of one name on one street would be two identical addresses.
  const seen = new Set<string>();
  return premises.filter((premise) => {
    const key = `${premise.subBuilding}|${premise.buildingName}|${premise.buildingNumber}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function downingStreet(): Draft[] {
  const base = {
    country: 'GB' as const,
    subBuilding: '',
    buildingName: '',
    street: 'Downing Street',
    locality: '',
    town: 'London',
    county: 'Greater London',
  };
  return [
    { ...base, buildingNumber: '9', postcode: 'SW1A 2AB', dps: '1A' },
    { ...base, buildingNumber: '10', postcode: 'SW1A 2AA', dps: '1A' },
    { ...base, buildingNumber: '11', postcode: 'SW1A 2AB', dps: '1B' },
    { ...base, buildingNumber: '12', postcode: 'SW1A 2AB', dps: '1C' },
  ];
}

function districtAddresses(area: Area): Draft[] {
  const rng = createPrng(seedFrom(`${DATASET_SEED}:${area.outward}`));
  const nextUnit = unitAllocator(area, rng);
  const nextStreet = streetNamer(area, rng);
  const target = Math.round(DELIVERY_POINTS_PER_DISTRICT * (area.size ?? 1));
  const drafts: Draft[] = area.outward === 'SW1A' ? downingStreet() : [];
  while (drafts.length < target) {
    const street = nextStreet();
    const fixed = area.fixed?.[street];
    const picked = rng.pick(area.localities);
    const locality = fixed?.locality ?? picked;
    const rural =
      /\b(Lane|Hill|Brae|Loan)$/.test(street) ||
      (area.country === 'IM' && area.town === 'Isle of Man');
    const place = { country: area.country, street, locality, town: area.town, county: area.county };
    if (fixed) {
      fixed.premises.forEach((premise, index) =>
        drafts.push({
          ...premise,
          ...place,
          postcode: `${area.outward} ${fixed.unit}`,
          dps: deliveryPointSuffix(index),
        }),
      );
    }
    const firstNumber =
      1 +
      Math.max(0, ...(fixed?.premises ?? []).map((premise) => Number(premise.buildingNumber) || 0));
    const premises = streetPremises(
      street,
      rural,
      rng,
      firstNumber,
      (fixed?.premises ?? []).map((premise) => premise.buildingName),
    );
    // A postcode unit covers a run of consecutive delivery points on one street.
    for (let start = 0; start < premises.length;) {
      const run = premises.slice(start, start + rng.int(8, 24));
      const postcode = `${area.outward} ${nextUnit()}`;
      run.forEach((premise, index) =>
        drafts.push({ ...premise, ...place, postcode, dps: deliveryPointSuffix(index) }),
      );
      start += run.length;
    }
  }
  return drafts;
}

/** Every address of the local index, in delivery order (so Ids follow streets and numbers). */
export function generateAddresses(): AddressRecord[] {
  const parts: AddressParts[] = areas
    .flatMap(districtAddresses)
    .map((draft, index) => ({ ...draft, udprn: FIRST_UDPRN + index }));
  const streetCounts = new Map<string, number>();
  const buildingCounts = new Map<string, number>();
  for (const address of parts) {
    streetCounts.set(streetKey(address), (streetCounts.get(streetKey(address)) ?? 0) + 1);
    if (address.subBuilding)
      buildingCounts.set(buildingKey(address), (buildingCounts.get(buildingKey(address)) ?? 0) + 1);
  }
  return parts.map((address) => {
    const building = address.subBuilding ? buildingKey(address) : null;
    const buildingCount = building ? buildingCounts.get(building)! : 1;
    return {
      ...address,
      streetKey: streetKey(address),
      streetCount: streetCounts.get(streetKey(address))!,
      buildingKey: buildingCount > 1 ? building : null,
      buildingCount,
    };
  });
}
