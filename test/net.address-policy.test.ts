import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from '../src/net/address-policy.ts';
import { urlProblem } from '../src/net/url-policy.ts';

/**
 * Every entry of the IANA IPv4 and IPv6 Special-Purpose Address Registries (as of 2025), with the
 * registry's "Globally Reachable" column. An entry that is not globally reachable must be refused;
 * of the globally reachable ones, anycast, AS112, AMT, ORCHIDv2 and DETs are refused too by our
 * policy (docs/crawling.md: infrastructure, never a shop or a webhook receiver), and the NAT64
 * prefix 64:ff9b::/96 is judged as the IPv4 it carries, like IPv4-mapped addresses.
 */
interface Entry {
  cidr: string;
  name: string;
  globallyReachable: boolean | 'n/a';
  /** Judged as the IPv4 in its last 32 bits rather than refused as a block. */
  carriesIpv4?: true;
}

const IPV4_REGISTRY: Entry[] = [
  { cidr: '0.0.0.0/8', name: '"This network"', globallyReachable: false },
  { cidr: '0.0.0.0/32', name: '"This host on this network"', globallyReachable: false },
  { cidr: '10.0.0.0/8', name: 'Private-Use', globallyReachable: false },
  { cidr: '100.64.0.0/10', name: 'Shared Address Space', globallyReachable: false },
  { cidr: '127.0.0.0/8', name: 'Loopback', globallyReachable: false },
  { cidr: '169.254.0.0/16', name: 'Link Local', globallyReachable: false },
  { cidr: '172.16.0.0/12', name: 'Private-Use', globallyReachable: false },
  { cidr: '192.0.0.0/24', name: 'IETF Protocol Assignments', globallyReachable: false },
  { cidr: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', globallyReachable: false },
  { cidr: '192.0.0.8/32', name: 'IPv4 dummy address', globallyReachable: false },
  { cidr: '192.0.0.9/32', name: 'Port Control Protocol Anycast', globallyReachable: true },
  { cidr: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', globallyReachable: true },
  { cidr: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', globallyReachable: false },
  { cidr: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', globallyReachable: false },
  { cidr: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', globallyReachable: false },
  { cidr: '192.31.196.0/24', name: 'AS112-v4', globallyReachable: true },
  { cidr: '192.52.193.0/24', name: 'AMT', globallyReachable: true },
  { cidr: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', globallyReachable: 'n/a' },
  { cidr: '192.88.99.2/32', name: '6a44-relay anycast address', globallyReachable: true },
  { cidr: '192.168.0.0/16', name: 'Private-Use', globallyReachable: false },
  { cidr: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', globallyReachable: true },
  { cidr: '198.18.0.0/15', name: 'Benchmarking', globallyReachable: false },
  { cidr: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', globallyReachable: false },
  { cidr: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', globallyReachable: false },
  { cidr: '240.0.0.0/4', name: 'Reserved', globallyReachable: false },
  { cidr: '255.255.255.255/32', name: 'Limited Broadcast', globallyReachable: false },
  // Not in the special-purpose registry but never a unicast host:
  { cidr: '224.0.0.0/4', name: 'Multicast (IPv4 Multicast Address Space Registry)', globallyReachable: 'n/a' },
];

const IPV6_REGISTRY: Entry[] = [
  { cidr: '::1/128', name: 'Loopback Address', globallyReachable: false },
  { cidr: '::/128', name: 'Unspecified Address', globallyReachable: false },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped Address', globallyReachable: false, carriesIpv4: true },
  { cidr: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', globallyReachable: true, carriesIpv4: true },
  { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat. (local use)', globallyReachable: false },
  { cidr: '100::/64', name: 'Discard-Only Address Block', globallyReachable: false },
  { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', globallyReachable: false },
  { cidr: '2001::/23', name: 'IETF Protocol Assignments', globallyReachable: false },
  { cidr: '2001::/32', name: 'TEREDO', globallyReachable: 'n/a' },
  { cidr: '2001:1::1/128', name: 'Port Control Protocol Anycast', globallyReachable: true },
  { cidr: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', globallyReachable: true },
  { cidr: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', globallyReachable: true },
  { cidr: '2001:2::/48', name: 'Benchmarking', globallyReachable: false },
  { cidr: '2001:3::/32', name: 'AMT', globallyReachable: true },
  { cidr: '2001:4:112::/48', name: 'AS112-v6', globallyReachable: true },
  { cidr: '2001:10::/28', name: 'Deprecated (previously ORCHID)', globallyReachable: 'n/a' },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', globallyReachable: true },
  { cidr: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', globallyReachable: true },
  { cidr: '2001:db8::/32', name: 'Documentation', globallyReachable: false },
  { cidr: '2002::/16', name: '6to4', globallyReachable: 'n/a' },
  { cidr: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', globallyReachable: true },
  { cidr: '3fff::/20', name: 'Documentation', globallyReachable: false },
  { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', globallyReachable: false },
  { cidr: 'fc00::/7', name: 'Unique-Local', globallyReachable: false },
  { cidr: 'fe80::/10', name: 'Link-Local Unicast', globallyReachable: false },
  // Not in the special-purpose registry, outside global unicast 2000::/3:
  { cidr: '::/96', name: 'IPv4-compatible (deprecated, RFC 4291)', globallyReachable: false },
  { cidr: 'fec0::/10', name: 'Site-local (deprecated, RFC 3879)', globallyReachable: false },
  { cidr: 'ff00::/8', name: 'Multicast', globallyReachable: false },
  { cidr: '::ffff:0:0:0/96', name: 'IPv4-translated (RFC 6145)', globallyReachable: false },
];

/** First, second, middle, second-to-last and last address of a block. */
function samples(cidr: string): string[] {
  const [addr, prefix] = ipaddr.parseCIDR(cidr);
  const bytes = addr.toByteArray();
  const hostBits = bytes.length * 8 - prefix;
  const base = bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
  const size = 1n << BigInt(hostBits);
  const offsets = [0n, 1n, size / 2n, size - 2n, size - 1n].filter((o) => o >= 0n && o < size);
  return [...new Set(offsets)].map((o) => {
    let n = base + o;
    const out: number[] = [];
    for (let i = 0; i < bytes.length; i++) {
      out.unshift(Number(n & 0xffn));
      n >>= 8n;
    }
    return ipaddr.fromByteArray(out).toString();
  });
}

describe('address policy against the IANA special-purpose registries', () => {
  const carried = (v6: string) => {
    const b = ipaddr.parse(v6).toByteArray().slice(12);
    return b.join('.');
  };

  for (const entry of [...IPV4_REGISTRY, ...IPV6_REGISTRY]) {
    const verdict = entry.carriesIpv4 ? 'is judged as the IPv4 it carries' : 'is refused';
    it(`${entry.cidr} ${entry.name} (globally reachable: ${String(entry.globallyReachable)}) ${verdict}`, () => {
      const addresses = samples(entry.cidr);
      if (!entry.carriesIpv4) {
        for (const address of addresses) assert.equal(isPublicAddress(address), false, `${address} (${entry.name}) must be refused`);
        return;
      }
      assert.ok(addresses.some((a) => !isPublicAddress(carried(a))) && addresses.some((a) => isPublicAddress(carried(a))), 'samples of both kinds');
      for (const address of addresses) assert.equal(isPublicAddress(address), isPublicAddress(carried(address)), `${address} → ${carried(address)}`);
    });
  }

  it('IPv4-mapped and NAT64 addresses are judged as the IPv4 they carry, in any spelling', () => {
    for (const a of [
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:10.0.0.1', '::ffff:0.0.0.0', '0:0:0:0:0:ffff:a9fe:a9fe',
      '64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b::a00:1', '64:ff9b::1', '64:ff9b::', '64:ff9b:0:0:0:0:c0a8:101',
    ]) {
      assert.equal(isPublicAddress(a), false, a);
    }
    for (const a of ['::ffff:8.8.8.8', '64:ff9b::808:808', '64:ff9b::8.8.8.8', '64:FF9B:0000::0101:0101']) assert.equal(isPublicAddress(a), true, a);
    // Next to the NAT64 /96 nothing is public (outside 2000::/3).
    for (const a of ['64:ff9b:0:0:0:1:808:808', '64:ff9b:1::808:808', '64:ff9a::808:808']) assert.equal(isPublicAddress(a), false, a);
  });

  it('IPv4-compatible, 6to4 and Teredo addresses are refused whatever IPv4 they embed', () => {
    for (const a of [
      '::7f00:1', '[::7f00:1]', '::a9fe:a9fe', '::127.0.0.1', '::10.0.0.1', '::808:808', '::8.8.8.8',
      '2002:7f00:1::1', '2002:a9fe:a9fe::', '2002:c0a8:101::1', '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::80ff:fffe',
    ]) {
      assert.equal(isPublicAddress(a), false, a);
    }
  });

  it('zone ids, brackets and malformed input', () => {
    assert.equal(isPublicAddress('fe80::1%eth0'), false);
    assert.equal(isPublicAddress('[2001:db8::1]'), false);
    assert.equal(isPublicAddress('[2606:4700:4700::1111]'), true);
    for (const a of ['', 'example.com', '0x7f.1', '2130706433', '127.1', '1.2.3', '::g', '1.2.3.4.5']) {
      assert.equal(isPublicAddress(a), false, JSON.stringify(a));
    }
  });

  it('public addresses next to the special blocks are allowed', () => {
    for (const a of [
      '8.8.8.8', '1.1.1.1', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255', '128.0.0.0',
      '169.253.255.255', '169.255.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.0', '192.0.3.0', '192.88.98.255', '192.88.100.0',
      '192.167.255.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '198.51.99.255', '203.0.112.255', '223.255.255.255',
      '2001:200::1', '2001:4860:4860::8888', '2001:db7:ffff::1', '2001:db9::1', '2003::1', '2606:4700:4700::1111',
      '2620:4f:7fff::1', '2a00:1450:4001:80b::200e', '3ffe:ffff::1', '3fff:1000::1',
    ]) {
      assert.equal(isPublicAddress(a), true, a);
    }
  });

  it('URL literals in user input follow the same policy (issue 11, item 3)', () => {
    const policy = { allowPrivate: false };
    for (const u of ['https://[::7f00:1]/', 'https://[::a9fe:a9fe]/latest/meta-data', 'https://[64:ff9b::a9fe:a9fe]/', 'https://[2002:a9fe:a9fe::1]/', 'https://[::ffff:a9fe:a9fe]/', 'https://[::ffff:127.0.0.1]/']) {
      assert.equal(urlProblem(u, policy), 'must not point at a private, loopback or reserved address', u);
    }
    assert.equal(urlProblem('https://[2606:4700:4700::1111]/', policy), null);
  });
});
