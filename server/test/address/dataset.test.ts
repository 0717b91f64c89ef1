import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findDescription, findText } from '../../src/modules/address/address-format.ts';
import { generateAddresses } from '../../src/modules/address/dataset/generate-addresses.ts';

const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/;

describe('the generated address set', () => {
  const addresses = generateAddresses();

  it('when generated twice, then it is the same set (seeded PRNG, no clock, no Math.random)', () => {
    const digest = (list: typeof addresses) =>
      createHash('sha256').update(JSON.stringify(list)).digest('hex');
    expect(digest(generateAddresses())).toBe(digest(addresses));
  });

  it('when generated, then it holds 100,000+ distinct delivery points with real postcode shapes', () => {
    expect(addresses.length).toBeGreaterThanOrEqual(100_000);
    expect(new Set(addresses.map((address) => address.udprn)).size).toBe(addresses.length);
    expect(
      new Set(addresses.map((address) => `${findText(address)}|${address.postcode}`)).size,
    ).toBe(addresses.length);
    expect(new Set(addresses.map((address) => `${address.postcode}|${address.dps}`)).size).toBe(
      addresses.length,
    );
    for (const address of addresses) expect(address.postcode).toMatch(POSTCODE);
  });

  it('when generated, then 10 Downing Street, London SW1A 2AA is in it', () => {
    const number10 = addresses.filter(
      (address) => address.street === 'Downing Street' && address.buildingNumber === '10',
    );
    expect(number10).toHaveLength(1);
    expect(findDescription(number10[0]!)).toBe('London, SW1A 2AA');
  });

  it('when generated, then it has flats, named buildings, localities, counties and every Isle of Man district', () => {
    expect(addresses.some((address) => address.subBuilding && address.buildingName)).toBe(true);
    expect(addresses.some((address) => address.subBuilding && address.buildingNumber)).toBe(true);
    expect(addresses.some((address) => !address.subBuilding && address.buildingName)).toBe(true);
    expect(new Set(addresses.map((address) => address.locality)).size).toBeGreaterThan(40);
    expect(new Set(addresses.map((address) => address.county)).size).toBeGreaterThan(30);
    const manx = new Set(
      addresses
        .filter((address) => address.country === 'IM')
        .map((address) => address.postcode.split(' ')[0]),
    );
    expect([...manx].sort()).toEqual([
      'IM1',
      'IM2',
      'IM3',
      'IM4',
      'IM5',
      'IM6',
      'IM7',
      'IM8',
      'IM9',
    ]);
    for (const outward of ['SW1A', 'EC1A', 'M1', 'B1', 'LS1', 'EH1', 'CF10', 'BT1', 'G1']) {
      expect(
        addresses.some((address) => address.postcode.startsWith(`${outward} `)),
        outward,
      ).toBe(true);
    }
  });
});
