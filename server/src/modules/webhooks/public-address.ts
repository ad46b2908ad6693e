import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../lib/errors';

/**
 * The SSRF guard: a webhook may only reach the public internet. A URL is checked when it is registered and
 * again at every delivery, and the delivery then connects to the very address that was checked (see
 * webhook-sender.ts), so a name that answered a public address at the check cannot switch to an internal one
 * for the connection (DNS rebinding).
 */

/** IPv4 ranges that are not the public internet: this network, private, CGNAT, loopback, link-local, etc. */
const blockedV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4ToNumber(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function isBlockedV4(address: string): boolean {
  const value = v4ToNumber(address);
  return blockedV4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail is folded into the last two). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = v4ToNumber(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<number>(zeros).fill(0), ...back];
}

function isBlockedV6(address: string): boolean {
  const groups = v6Groups(address);
  const [g0 = 0, , , , g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const firstFive = groups.slice(0, 5).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the old compatible form) are the IPv4 address inside.
  if (firstFive && (g5 === 0xffff || (g5 === 0 && g4 === 0 && (g6 !== 0 || g7 > 1)))) {
    return isBlockedV4(`${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`);
  }
  if (groups.slice(0, 7).every((group) => group === 0) && g7 <= 1) return true; // :: and ::1
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (g0 === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  if (g0 === 0x0064 && groups[1] === 0xff9b) return true; // NAT64: reaches IPv4 behind it
  if (g0 === 0x2002) return true; // 6to4: an IPv4 address inside
  return false;
}

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !isBlockedV4(address);
  if (version === 6) return !isBlockedV6(address);
  return false;
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

const refused = (message: string) => new AppError('VALIDATION_FAILED', message, { url: message });

/**
 * Resolves the URL's host and answers the address to connect to. Refuses anything but https (http only when
 * `allowPrivate`, the test setting), and a host any of whose addresses is not public: one private answer among
 * public ones is refused too, since the connection could have picked it.
 */
export async function checkWebhookUrl(
  url: string,
  options: { allowPrivate: boolean; resolve?: typeof lookup },
): Promise<CheckedAddress> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(options.allowPrivate && parsed.protocol === 'http:')) {
    throw refused('Webhook URLs must start with https://');
  }
  if (parsed.username || parsed.password) throw refused('Webhook URLs cannot carry a user name or password');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: CheckedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  } else {
    try {
      const found = await (options.resolve ?? lookup)(host, { all: true, verbatim: true });
      addresses = found.map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 }));
    } catch {
      throw refused(`${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw refused(`${host} could not be resolved`);
  if (!options.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw refused('Webhook URLs must reach a public address (not loopback, private or link-local)');
  }
  return addresses[0]!;
}
