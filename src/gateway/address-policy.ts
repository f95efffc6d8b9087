import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Which hosts a download URL found in a poll body (`result_url`, `metadata.url`, `url`) may point at. Such URLs
 * come from the gateway (or its upstream provider), so they could point anywhere, including at this machine or
 * at a cloud metadata service. The rule:
 * - `http:`/`https:` only;
 * - the gateway's own origin is always allowed;
 * - otherwise every address the host resolves to must be public: loopback (127/8, ::1), private (10/8, 172.16/12,
 *   192.168/16, fc00::/7, 100.64/10), link-local (169.254/16 incl. the 169.254.169.254 metadata service,
 *   fe80::/10) and unspecified (0.0.0.0, ::) addresses are refused, unless the configured gateway itself resolves
 *   into that same class (a gateway on a private network may hand out private URLs).
 */

/** The class of an IP address (v4 or v6, v4-mapped v6 read as v4). */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'unspecified';

function v4Class(ip: string): AddressClass {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  if (a === 169 && b === 254) return 'link_local';
  return 'public';
}

/** Classifies one IP literal; anything unreadable counts as `unspecified` (refused). */
export function addressClass(ip: string): AddressClass {
  const h = ip.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(h) === 4) return v4Class(h);
  if (isIP(h) !== 6) return 'unspecified';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped?.[1]) return v4Class(mapped[1]);
  if (h === '::1') return 'loopback';
  if (h === '::') return 'unspecified';
  if (/^f[cd]/.test(h)) return 'private';
  if (/^fe[89ab]/.test(h)) return 'link_local';
  return 'public';
}

/** Resolves a host name (or IP literal) to the classes of all its addresses; `localhost` names are loopback. */
export async function hostClasses(hostname: string, resolve: (host: string) => Promise<string[]> = defaultResolve): Promise<AddressClass[]> {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return ['loopback'];
  if (isIP(h)) return [addressClass(h)];
  try {
    const addrs = await resolve(h);
    return addrs.length ? addrs.map(addressClass) : ['unspecified'];
  } catch {
    return ['unspecified'];
  }
}

async function defaultResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((a) => a.address);
}

/**
 * Whether the client may download from `url` for a gateway at `baseUrl` (see the module rule). `resolve` is for tests.
 */
export async function downloadAllowed(url: string, baseUrl: string, resolve?: (host: string) => Promise<string[]>): Promise<boolean> {
  let u: URL;
  let b: URL;
  try {
    u = new URL(url);
    b = new URL(baseUrl);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (u.origin === b.origin) return true;
  const [target, gateway] = await Promise.all([hostClasses(u.hostname, resolve), hostClasses(b.hostname, resolve)]);
  return target.every((c) => c === 'public' || (c !== 'unspecified' && gateway.includes(c)));
}
