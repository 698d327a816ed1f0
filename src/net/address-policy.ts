import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the service may connect to on a user's behalf (product pages, media, webhook
 * receivers). Checked against the IANA IPv4 and IPv6 Special-Purpose Address Registries; the table
 * of every registry entry is in test/net.address-policy.test.ts.
 *
 * IPv4: every special-purpose block is refused, multicast and the reserved 240/4 too. The few
 * blocks the registry calls globally reachable (anycast for PCP/TURN inside 192.0.0.0/24, AS112,
 * AMT) are refused as well: they are infrastructure services, never a shop or a webhook receiver.
 *
 * IPv6: only global unicast (2000::/3, RFC 4291) can be public at all. That one rule refuses ::/128,
 * ::1, IPv4-compatible ::/96 (`[::7f00:1]`), local-use NAT64 64:ff9b:1::/48, discard-only
 * 100::/64, SRv6 5f00::/16, unique-local, link-local, site-local and multicast. Inside 2000::/3
 * the special-purpose blocks are refused: 2001::/23 (Teredo, ORCHID, benchmarking, AMT, AS112,
 * DETs…), documentation 2001:db8::/32 and 3fff::/20, 6to4 2002::/16 (deprecated, whatever IPv4 it
 * embeds) and the AS112 delegation 2620:4f:8000::/48. Two prefixes carry an IPv4 address that a
 * connection reaches, and are judged as that IPv4: IPv4-mapped ::ffff:0:0/96, and the well-known
 * NAT64 prefix 64:ff9b::/96 (globally reachable per the registry; what DNS64 answers on IPv6-only
 * hosts) — so `64:ff9b::a9fe:a9fe` is refused and `64:ff9b::808:808` is not.
 *
 * ipaddr.js's range() is consulted as a second opinion (anything it does not call plain
 * "unicast" is refused), but the tables here are the policy: range() calls ::/96 "unicast".
 */
const V4_REFUSED: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private use
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link local (cloud metadata)
  ['172.16.0.0', 12], // private use
  ['192.0.0.0', 24], // IETF protocol assignments (incl. DS-Lite, NAT64 discovery, PCP/TURN anycast)
  ['192.0.2.0', 24], // documentation TEST-NET-1
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private use
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation TEST-NET-2
  ['203.0.113.0', 24], // documentation TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];

const V6_GLOBAL_UNICAST: readonly [string, number] = ['2000::', 3];

const V6_REFUSED_IN_GLOBAL_UNICAST: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, AMT, AS112, ORCHID, DETs, anycast
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4, private ones included)
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
];

const v4Refused = new BlockList();
for (const [net, prefix] of V4_REFUSED) v4Refused.addSubnet(net, prefix, 'ipv4');
const v6Global = new BlockList();
v6Global.addSubnet(V6_GLOBAL_UNICAST[0], V6_GLOBAL_UNICAST[1], 'ipv6');
const v6Refused = new BlockList();
for (const [net, prefix] of V6_REFUSED_IN_GLOBAL_UNICAST) v6Refused.addSubnet(net, prefix, 'ipv6');

/**
 * An IPv6 literal in canonical form (WHATWG URL serialisation, so `::8.8.8.8` → `::808:808`).
 * ipaddr.js is not used for this: it parses `::8.8.8.8` as the IPv4-mapped `::ffff:808:808`.
 */
function canonicalV6(v6: string): string | null {
  try {
    return new URL(`http://[${v6}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** The first 96 bits of the prefixes whose last 32 bits are an IPv4 address a connection reaches. */
const CARRIES_V4 = [
  [0, 0, 0, 0, 0, 0xffff], // IPv4-mapped ::ffff:0:0/96
  [0x64, 0xff9b, 0, 0, 0, 0], // NAT64 well-known prefix 64:ff9b::/96
];

/** `::ffff:a.b.c.d` or `64:ff9b::a.b.c.d` (in any spelling) → `a.b.c.d`, else null. */
function carriedV4(canonical: string): string | null {
  const parts = ipaddr.IPv6.parse(canonical).parts;
  if (!CARRIES_V4.some((prefix) => prefix.every((p, i) => parts[i] === p))) return null;
  const hi = parts[6]!;
  const lo = parts[7]!;
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

function isPublicV4(v4: string): boolean {
  return ipaddr.parse(v4).range() === 'unicast' && !v4Refused.check(v4, 'ipv4');
}

/** True only for public unicast addresses (see the policy above). Accepts `[v6]` and zone ids. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return isPublicV4(bare);
  if (family !== 6) return false;
  const v6 = canonicalV6(bare);
  if (!v6) return false;
  const carried = carriedV4(v6);
  if (carried) return isPublicV4(carried);
  return v6Global.check(v6, 'ipv6') && !v6Refused.check(v6, 'ipv6') && ipaddr.parse(v6).range() === 'unicast';
}

export function isIpLiteral(host: string): boolean {
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}
