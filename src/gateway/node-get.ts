import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';

/** A streamed response from {@link nodeGet}. */
export interface NodeGetResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Readable;
}

/**
 * A GET through Node's own HTTP client, used for video downloads only. Why not undici: undici 7's HTTP/1 parser
 * throws an uncatchable `assert(!this.paused)` when the server closes the connection (`Connection: close`, FIN)
 * while the body is paused under backpressure — exactly what a slow disk behind a fast gateway does
 * (nodejs/undici#5360, fixed in undici 8, which needs Node 22). Node's client pauses the socket instead.
 * Follows up to `maxRedirects` redirects; the Authorization/x-api-key headers never follow to another origin.
 */
export function nodeGet(url: string, headers: Record<string, string>, signal: AbortSignal, maxRedirects = 0): Promise<NodeGetResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'GET', headers, signal }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location && maxRedirects > 0) {
        res.resume();
        const next = new URL(location, target);
        const keep = next.origin === target.origin ? headers : withoutCredentials(headers);
        nodeGet(next.toString(), keep, signal, maxRedirects - 1).then(resolve, reject);
        return;
      }
      resolve({ statusCode: status, headers: res.headers, body: res });
    });
    req.once('error', reject);
    req.end();
  });
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!/^(authorization|x-api-key)$/i.test(k)) out[k] = v;
  return out;
}
