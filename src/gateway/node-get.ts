import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';

/** A streamed response from {@link nodeGet}. */
export interface NodeGetResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Readable;
}

/**
 * Decides whether one URL (the first or a redirect hop) may be fetched: throws to refuse it, or returns the lookup
 * the connection must use (the address that was checked), or undefined for the system's own resolution.
 */
export type HopVet = (url: URL) => Promise<LookupFunction | undefined>;

/** How {@link nodeGet} follows redirects. Default: none followed, no vetting. */
export interface NodeGetOptions {
  /** Redirects followed at most; a further 3xx is returned as is. Default 0. */
  maxRedirects?: number;
  /** Called before every request, the first and each redirect hop alike. */
  vet?: HopVet;
}

/**
 * A GET through Node's own HTTP client, used for downloads. Why not undici: undici 7's HTTP/1 parser
 * throws an uncatchable `assert(!this.paused)` when the server closes the connection (`Connection: close`, FIN)
 * while the body is paused under backpressure — exactly what a slow disk behind a fast gateway does
 * (fixed in undici 8, which needs Node 22). Node's client pauses the socket instead.
 * Every hop passes `vet` before it is requested; a pinned hop uses its own connection (no pooled socket whose
 * address was checked for another request). The Authorization/x-api-key headers never follow to another origin.
 */
export async function nodeGet(url: string, headers: Record<string, string>, signal: AbortSignal, opts: NodeGetOptions = {}): Promise<NodeGetResponse> {
  const target = new URL(url);
  const lookup = opts.vet ? await opts.vet(target) : undefined;
  const maxRedirects = opts.maxRedirects ?? 0;
  const res = await new Promise<NodeGetResponse>((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'GET', headers, signal, ...(lookup ? { lookup, agent: false } : {}) }, (r) =>
      resolve({ statusCode: r.statusCode ?? 0, headers: r.headers, body: r }),
    );
    req.once('error', reject);
    req.end();
  });
  const location = res.headers.location;
  if (res.statusCode >= 300 && res.statusCode < 400 && location && maxRedirects > 0) {
    res.body.resume();
    const next = new URL(location, target);
    const keep = next.origin === target.origin ? headers : withoutCredentials(headers);
    return nodeGet(next.toString(), keep, signal, { ...opts, maxRedirects: maxRedirects - 1 });
  }
  return res;
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!/^(authorization|x-api-key)$/i.test(k)) out[k] = v;
  return out;
}
