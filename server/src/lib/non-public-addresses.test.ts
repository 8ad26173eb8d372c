import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { NON_PUBLIC_ADDRESSES } from './non-public-addresses';

const nonPublic = (address: string) => NON_PUBLIC_ADDRESSES.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');

describe('non-public addresses', () => {
  it('lets public addresses through, IPv4 ones included', () => {
    for (const address of ['8.8.8.8', '142.250.185.78', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(nonPublic(address), address).toBe(false);
    }
  });

  it('stops private, loopback, link-local, shared and reserved addresses, mapped or NAT64 ones too', () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
    ]) {
      expect(nonPublic(address), address).toBe(true);
    }
  });
});
