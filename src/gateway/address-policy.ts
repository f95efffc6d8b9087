import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

/**
 * Which hosts a download URL found in a gateway answer (an image `url`, a task's `result_url`, `metadata.url`,
 * `url`, and every redirect hop from them) may point at. Such URLs come from the gateway (or its upstream
 * provider), so they could point anywhere, including at this machine or at a cloud metadata service. The rule:
 * - `http:`/`https:` only;
 * - the gateway's own origin is always allowed;
 * - otherwise every address the host resolves to must be public: loopback (127/8, ::1), private (10/8, 172.16/12,
 *   192.168/16, 100.64/10, 198.18/15, 192.0.0/24, fc00::/7, fec0::/10), link-local (169.254/16 incl. the
 *   169.254.169.254 metadata service, fe80::/10), reserved (multicast, 240/4, broadcast, ff00::/8) and
 *   unspecified (0/8, ::) addresses are refused, unless the configured gateway itself resolves into that same class
 *   (a gateway on a private network may hand out private URLs); reserved and unspecified never pass.
 * IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d` in either spelling, IPv4-compatible `::a.b.c.d`,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32`) are judged by that IPv4 address. Every IPv4 spelling
 * (decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, short `127.1`) is read as the WHATWG URL parser reads it.
 *
 * The host is resolved once; the connection is then made to the address that was checked ({@link DownloadVet.lookup}),
 * so a name that resolves differently the second time (DNS rebinding) cannot move it.
 */

/** The class of an IP address (v4 or v6; v6 forms embedding a v4 address read as that v4 address). */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'reserved' | 'unspecified';

function v4Class(n: number): AddressClass {
  const a = n >>> 24;
  const b = (n >>> 16) & 0xff;
  const c = (n >>> 8) & 0xff;
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  if ((a === 198 && (b === 18 || b === 19)) || (a === 192 && b === 0 && c === 0)) return 'private';
  if (a === 169 && b === 254) return 'link_local';
  if (a >= 224) return 'reserved';
  return 'public';
}

function v4Number(dotted: string): number {
  return dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0) >>> 0;
}

/** The eight 16-bit groups of a valid IPv6 literal (a trailing dotted IPv4 part included). */
function v6Groups(ip: string): number[] {
  let text = ip.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function v6Class(ip: string): AddressClass {
  const g = v6Groups(ip);
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const low32 = ((g6 << 16) | g7) >>> 0;
  const zeroPrefix = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroPrefix(8)) return 'unspecified';
  if (zeroPrefix(7) && g7 === 1) return 'loopback';
  if (zeroPrefix(5) && g5 === 0xffff) return v4Class(low32); // IPv4-mapped
  if (zeroPrefix(6)) return v4Class(low32); // IPv4-compatible (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Class(low32); // NAT64
  if (g0 === 0x64 && g1 === 0xff9b && g[2] === 1) return 'private'; // local-use NAT64
  if (g0 === 0x2002) return v4Class(((g1 << 16) | (g[2] ?? 0)) >>> 0); // 6to4
  if (g0 === 0x2001 && g1 === 0) return v4Class(~low32 >>> 0); // Teredo: the client's address, inverted
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xff00) === 0xff00) return 'reserved';
  return 'public';
}

/** An IPv4 literal in any spelling the WHATWG URL parser accepts (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`), canonical. */
function canonicalV4(text: string): string | undefined {
  if (!/^[0-9a-fx.]+$/i.test(text)) return undefined;
  try {
    const h = new URL(`http://${text}/`).hostname;
    return isIP(h) === 4 ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Classifies one IP literal (brackets allowed); anything that is not an IP address counts as `unspecified` (refused). */
export function addressClass(ip: string): AddressClass {
  const h = ip.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(h) === 4) return v4Class(v4Number(h));
  if (isIP(h.replace(/%.*$/, '')) === 6) return v6Class(h);
  const v4 = canonicalV4(h);
  return v4 ? v4Class(v4Number(v4)) : 'unspecified';
}

/** Resolves a host name to all its addresses. Injected in tests. */
export type HostResolver = (host: string) => Promise<string[]>;

/** A host whose name does not resolve: not a policy refusal, the link simply cannot be reached. */
export class UnresolvableHostError extends Error {
  override readonly name = 'UnresolvableHostError';
  constructor(readonly host: string) {
    super('the download host does not resolve');
  }
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
}

/**
 * Resolves a host name (or IP literal) to its addresses, once; `localhost` names are 127.0.0.1 without asking.
 * Throws {@link UnresolvableHostError} when the name has no address.
 */
export async function resolveAddresses(hostname: string, resolve: HostResolver = defaultResolve): Promise<string[]> {
  const h = bareHost(hostname);
  if (h === 'localhost' || h.endsWith('.localhost')) return ['127.0.0.1'];
  if (isIP(h)) return [h];
  let addrs: string[];
  try {
    addrs = await resolve(h);
  } catch {
    throw new UnresolvableHostError(h);
  }
  if (!addrs.length) throw new UnresolvableHostError(h);
  return addrs;
}

/** The classes of every address `hostname` resolves to (`unspecified` when it does not resolve). */
export async function hostClasses(hostname: string, resolve?: HostResolver): Promise<AddressClass[]> {
  try {
    return (await resolveAddresses(hostname, resolve)).map(addressClass);
  } catch {
    return ['unspecified'];
  }
}

async function defaultResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((a) => a.address);
}

/** What {@link vetDownload} decided for one URL. */
export type DownloadVet =
  | { allowed: false }
  /** `lookup` pins the connection to the checked address; absent on the gateway's own origin (resolved as configured). */
  | { allowed: true; lookup?: LookupFunction };

/** A `net` lookup that always answers `address`, whatever it is asked (both the single and the `all` forms). */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address) === 6 ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * Checks `url` against the module rule for a gateway at `baseUrl`, resolving its host once. Throws
 * {@link UnresolvableHostError} when the host has no address (the caller words that as a link it cannot reach,
 * not as a private address). `resolve` is for tests; it must also be the only resolution the connection sees, which
 * the returned `lookup` guarantees.
 */
export async function vetDownload(url: string, baseUrl: string, resolve?: HostResolver): Promise<DownloadVet> {
  let u: URL;
  let b: URL;
  try {
    u = new URL(url);
    b = new URL(baseUrl);
  } catch {
    return { allowed: false };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { allowed: false };
  if (u.origin === b.origin) return { allowed: true };
  const [addresses, gateway] = await Promise.all([resolveAddresses(u.hostname, resolve), hostClasses(b.hostname, resolve)]);
  const ok = addresses.map(addressClass).every((c) => c === 'public' || (c !== 'unspecified' && c !== 'reserved' && gateway.includes(c)));
  return ok && addresses[0] ? { allowed: true, lookup: pinnedLookup(addresses[0]) } : { allowed: false };
}

/** Whether the client may download from `url` for a gateway at `baseUrl` (a host that does not resolve: no). */
export async function downloadAllowed(url: string, baseUrl: string, resolve?: HostResolver): Promise<boolean> {
  try {
    return (await vetDownload(url, baseUrl, resolve)).allowed;
  } catch {
    return false;
  }
}
