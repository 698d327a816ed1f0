import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Special-purpose blocks that ipaddr.js files under plain "unicast" but that no public site uses.
const extraBlocked = new BlockList();
extraBlocked.addSubnet('192.0.0.0', 24, 'ipv4'); // IETF protocol assignments
extraBlocked.addSubnet('192.0.2.0', 24, 'ipv4'); // TEST-NET-1
extraBlocked.addSubnet('198.18.0.0', 15, 'ipv4'); // benchmarking
extraBlocked.addSubnet('198.51.100.0', 24, 'ipv4'); // TEST-NET-2
extraBlocked.addSubnet('203.0.113.0', 24, 'ipv4'); // TEST-NET-3
extraBlocked.addSubnet('64:ff9b:1::', 48, 'ipv6'); // local-use NAT64

/**
 * True only for public unicast addresses. IPv4-mapped IPv6 is judged as the IPv4 it carries;
 * NAT64, 6to4, Teredo, CGNAT, link-local (and so cloud metadata), private, loopback, multicast
 * and reserved ranges are all refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.range() !== 'unicast') return false;
  return !extraBlocked.check(parsed.toString(), parsed.kind() === 'ipv6' ? 'ipv6' : 'ipv4');
}

export function isIpLiteral(host: string): boolean {
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}
