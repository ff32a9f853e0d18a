/*
 * What a per-address limit counts as one client. An IPv4 address is one client. An IPv6
 * client is usually given a whole /64 (SLAAC, privacy extensions), so counting single
 * addresses would let it pick a fresh one for every request: every per-address counter and
 * hash uses the /64 prefix instead. An IPv4 address written as IPv6 (::ffff:a.b.c.d, as a
 * dual-stack socket reports it) is that IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** Leading 16-bit groups of an IPv6 address that name one client: the /64 prefix. */
const CLIENT_PREFIX_GROUPS = 4;

/** The eight groups of an IPv6 address (already checked by `isIPv6`), as numbers. */
function ipv6Groups(address: string): number[] {
  let text = address;
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The client an address stands for: an IPv4 address as it is, an IPv6 address as its /64
 * prefix (`2001:db8:1:2::/64`), an IPv4-mapped IPv6 address as the IPv4 address. Anything
 * else (no address, a name) is returned unchanged.
 * @example addressKey('2001:db8:1:2:a:b:c:d') // '2001:db8:1:2::/64'
 * @example addressKey('::ffff:203.0.113.7') // '203.0.113.7'
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone index names the interface, not the client
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const mapped = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
    if (isIPv4(mapped)) return mapped;
  }
  return `${groups
    .slice(0, CLIENT_PREFIX_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
