import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../src/http/rate-limit.ts';

/** Issue 30, point 1: every per-client limit counts an IPv6 client by its /64. */
describe('the client a per-client limit counts', () => {
  it('counts IPv6 addresses of one /64 as one client, whatever their spelling', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '2001:db8:1:2::a%eth0',
    ].map(clientAddressKey);
    expect(new Set(one)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('counts IPv4 addresses one by one, also IPv4-mapped', () => {
    expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('192.0.2.2')).not.toBe(clientAddressKey('192.0.2.1'));
  });
});
