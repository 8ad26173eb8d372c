import net from 'node:net';

/**
 * Addresses that are not on the public internet: private, loopback, link-local, shared (carrier
 * NAT), benchmarking, multicast and reserved ranges, and NAT64 (IPv6 that leads to IPv4). No
 * location database knows them, and nothing taken from outside (a provider's picture URL) may lead
 * to them. An IPv4-mapped IPv6 address is checked against the IPv4 ranges by `BlockList` itself: the
 * mapped range (`::ffff:0:0/96`) must not be listed, or every IPv4 address would match it.
 */
export const NON_PUBLIC_ADDRESSES = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NON_PUBLIC_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}
