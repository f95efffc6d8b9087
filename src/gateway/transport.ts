import { request, type Dispatcher } from 'undici';
import type { FormData } from 'undici';
import type { Readable } from 'node:stream';
import type { Logger } from '../log.js';
import { classifyGatewayError, GatewayError, headerValue, networkError, timeoutError, type ClassifyContext } from './errors.js';
import type { TokenLimiter } from './limiter.js';
import { nodeGet, type NodeGetOptions } from './node-get.js';
import { backoffDelay, isRetryable, sleep, type RetryPolicy } from './retry.js';
import type { LinePlace, WaitingLine } from './waiting-line.js';
import type { GatewayWaitState } from '../core/ports/media-gateway.js';

/** One call's overall deadline (covering every retry), merged with the caller's own signal. */
export class Deadline {
  readonly signal: AbortSignal;
  readonly expiresAt: number;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onOuterAbort: () => void;

  constructor(readonly timeoutMs: number, private readonly outer?: AbortSignal) {
    this.expiresAt = Date.now() + timeoutMs;
    this.signal = this.controller.signal;
    this.timer = setTimeout(() => this.controller.abort(timeoutError(timeoutMs)), timeoutMs);
    this.onOuterAbort = () => this.controller.abort(timeoutError(timeoutMs, true));
    if (outer?.aborted) this.onOuterAbort();
    else outer?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  /** Milliseconds left (never negative). */
  remaining(): number {
    return Math.max(0, this.expiresAt - Date.now());
  }

  /** The timeout error to throw once aborted (deadline passed, or the caller aborted). */
  error(): GatewayError {
    const r: unknown = this.signal.reason;
    return r instanceof GatewayError ? r : timeoutError(this.timeoutMs, true);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuterAbort);
  }
}

/** A response handed to a consumer: status, headers and the unread body. */
/** What a consumer gets: status, headers and the streamed body (from undici, or Node's client for downloads). */
export interface GatewayResponse {
  statusCode: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Readable;
}

/** What to send; `token` undefined means no auth header (foreign URLs). */
export interface SendSpec {
  method: 'GET' | 'POST';
  url: string;
  token?: string;
  /** How the token is sent; default bearer. `x-api-key` adds `anthropic-version: 2023-06-01`. */
  auth?: 'bearer' | 'x-api-key';
  json?: unknown;
  form?: FormData;
  policy: RetryPolicy;
  /** Re-sends allowed for this call; default the transport's `maxRetries`. */
  maxRetries?: number;
  ctx?: ClassifyContext;
  /** Non-2xx statuses handed to `consume` instead of being classified and thrown. */
  passStatuses?: number[];
  /** `Accept` header; default `application/json`. */
  accept?: string;
  /** Dispatcher override (e.g. one that follows redirects). */
  dispatcher?: Dispatcher;
  /** GET through Node's own client (see `node-get.ts`): the redirects it follows and the check of every hop. */
  nodeClient?: NodeGetOptions;
  /** Told while the gateway's concurrency gate keeps the call waiting (see `CallOptions.onWaiting`). */
  onWaiting?: (w: GatewayWaitState) => void;
  /** Leaves the waiting line (see `CallOptions.lineSignal`): honoured only between sends. */
  lineSignal?: AbortSignal;
}

/** Transport settings; defaults are documented on `HttpMediaGatewayOptions`. */
export interface TransportOptions {
  dispatcher: Dispatcher;
  limiter: TokenLimiter;
  logger?: Logger;
  maxRetries: number;
  retryBaseMs: number;
  userAgent: string;
  /** The line of calls the gateway's concurrency gate turned away. */
  line: WaitingLine;
}

/** Reads at most `cap` bytes of `body` as UTF-8 (the rest is discarded and the stream destroyed). */
export async function readCapped(body: GatewayResponse['body'], cap: number): Promise<{ text: string; overflow: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) return { text: Buffer.concat(chunks).toString('utf8'), overflow: true };
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), overflow: false };
}

/** How long a gate's busy answer may take; a re-sent call unanswered by then is past the gate. */
const GATE_ANSWER_MS = 2_000;

/** One call's waiting for the concurrency gate. */
interface WaitState {
  since: number;
  place?: LinePlace;
  /** Reported as waiting and not yet as through. */
  waiting: boolean;
  /** The position last told (so an unchanged one is not told again). */
  told?: number;
}

/** The gate's busy answer, with how long the call waited since `since` (it was never taken). */
function waited(err: GatewayError, since: number): GatewayError {
  const { name: _name, ...info } = err.toJSON();
  return new GatewayError({ ...info, waitedMs: Date.now() - since });
}

/** Marks an error raised by a consumer: the response already started, so it is never retried. */
class ConsumerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Sends one logical call: per-token limiting, retries with backoff (bounded by `maxRetries` and the deadline; a
 * concurrency-gate answer is waited out in the token's {@link WaitingLine} until the deadline instead),
 * error classification and one debug line per attempt (method, path, status, duration, attempt, requestId;
 * never headers, bodies or query strings). `consume` runs inside the limiter slot with the 2xx response.
 */
export class GatewayTransport {
  constructor(private readonly opts: TransportOptions) {}

  async send<T>(spec: SendSpec, deadline: Deadline, consume: (res: GatewayResponse) => Promise<T>): Promise<T> {
    const { retryBaseMs } = this.opts;
    const maxRetries = spec.maxRetries ?? this.opts.maxRetries;
    const w: WaitState = { since: Date.now(), waiting: false };
    try {
      for (let attempt = 0, sent = 0; ; sent++) {
        // A gate answers at once: a re-sent call still unanswered after a moment got through it and is being worked on.
        const through = w.place ? setTimeout(() => this.through(spec, w), GATE_ANSWER_MS) : undefined;
        try {
          const out = await this.opts.limiter.run(spec.token, deadline.signal, () => this.attempt(spec, deadline, sent, consume));
          await this.finished(spec, w);
          return out;
        } catch (raw) {
          if (raw instanceof ConsumerFailure) {
            await this.finished(spec, w);
            throw this.toGatewayError(raw.error, spec, deadline);
          }
          const err = this.toGatewayError(raw, spec, deadline);
          if (err.kind === 'concurrency' && spec.token !== undefined) {
            w.place ??= this.opts.line.place(spec.token);
            await this.waitTurn(spec, w, err, deadline);
            continue;
          }
          await this.finished(spec, w);
          if (err.kind === 'timeout' || attempt >= maxRetries || !isRetryable(err, spec.policy)) throw err;
          const wait = backoffDelay(attempt, err.retryAfterMs, { baseMs: retryBaseMs });
          attempt++;
          if (wait >= deadline.remaining()) throw err;
          this.opts.logger?.debug({ method: spec.method, path: pathOf(spec.url), attempt, kind: err.kind, waitMs: wait }, 'gateway retry');
          try {
            await sleep(wait, deadline.signal);
          } catch {
            throw deadline.error();
          }
        } finally {
          clearTimeout(through);
        }
      }
    } finally {
      await w.place?.leave();
    }
  }

  /**
   * After a busy answer of the concurrency gate: waits for this call's turn in the token's line (no count of
   * attempts: until the deadline), telling `spec.onWaiting` its position. At the deadline it throws the busy answer
   * with `waitedMs` (the gateway never took the call), or the abort when the caller aborted.
   */
  private async waitTurn(spec: SendSpec, w: WaitState, err: GatewayError, deadline: Deadline): Promise<void> {
    this.opts.logger?.debug({ method: spec.method, path: pathOf(spec.url), code: err.code, status: err.status }, 'gateway busy (concurrency gate): waiting in line');
    const place = w.place!;
    // The server asks for a longer wait than the call has left: waiting would only end at the deadline.
    if (err.retryAfterMs !== undefined && err.retryAfterMs >= deadline.remaining()) throw waited(err, w.since);
    // Left the line by the caller: the gateway turned this send away, so nothing was taken.
    if (spec.lineSignal?.aborted) throw waited(err, w.since);
    w.waiting = true;
    const signal = spec.lineSignal ? AbortSignal.any([deadline.signal, spec.lineSignal]) : deadline.signal;
    try {
      await place.turn(signal, err.retryAfterMs, (ahead) => {
        const n = ahead ?? 0;
        if (n === w.told) return;
        w.told = n;
        spec.onWaiting?.({ waiting: true, ahead: n, waitedMs: Date.now() - w.since });
      });
    } catch {
      const abort = deadline.error();
      if (abort.code === 'aborted') throw abort;
      throw waited(err, w.since);
    }
  }

  /** A call that waited got through the gate: told once per wait. */
  private through(spec: SendSpec, w: WaitState): void {
    if (!w.waiting) return;
    w.waiting = false;
    delete w.told;
    spec.onWaiting?.({ waiting: false, waitedMs: Date.now() - w.since });
  }

  /**
   * The call is over (got through, or failed otherwise): it leaves the line first, so the waiters it wakes on its
   * token read their new position, and its own waiting is over.
   */
  private async finished(spec: SendSpec, w: WaitState): Promise<void> {
    await w.place?.leave();
    if (spec.token !== undefined) this.opts.line.wake(spec.token);
    this.through(spec, w);
  }

  private async attempt<T>(spec: SendSpec, deadline: Deadline, attempt: number, consume: (res: GatewayResponse) => Promise<T>): Promise<T> {
    const started = Date.now();
    const path = pathOf(spec.url);
    const log = (fields: Record<string, unknown>) =>
      this.opts.logger?.debug({ method: spec.method, path, attempt, durationMs: Date.now() - started, ...fields }, 'gateway call');
    let res: GatewayResponse;
    try {
      res = spec.nodeClient
        ? await nodeGet(spec.url, this.headers(spec), deadline.signal, spec.nodeClient)
        : await request(spec.url, {
            method: spec.method,
            headers: this.headers(spec),
            body: spec.form ?? (spec.json === undefined ? undefined : JSON.stringify(spec.json)),
            signal: deadline.signal,
            dispatcher: spec.dispatcher ?? this.opts.dispatcher,
          });
    } catch (e) {
      const err = this.toGatewayError(e, spec, deadline);
      log({ kind: err.kind, code: err.code });
      throw err;
    }
    const requestId = headerValue(res.headers, 'x-oneapi-request-id');
    log({ status: res.statusCode, requestId });
    if ((res.statusCode < 200 || res.statusCode >= 300) && !spec.passStatuses?.includes(res.statusCode)) {
      const { text } = await readCapped(res.body, 64 * 1024).catch(() => ({ text: '' }));
      throw classifyGatewayError(res.statusCode, res.headers, text, spec.ctx);
    }
    try {
      return await consume(res);
    } catch (e) {
      if (!res.body.destroyed) res.body.destroy();
      throw new ConsumerFailure(e);
    }
  }

  private headers(spec: SendSpec): Record<string, string> {
    const h: Record<string, string> = { 'user-agent': this.opts.userAgent, accept: spec.accept ?? 'application/json' };
    if (spec.json !== undefined) h['content-type'] = 'application/json';
    if (spec.token !== undefined) {
      if (spec.auth === 'x-api-key') {
        h['x-api-key'] = spec.token;
        h['anthropic-version'] = '2023-06-01';
      } else h.authorization = `Bearer ${spec.token}`;
    }
    return h;
  }

  private toGatewayError(e: unknown, spec: SendSpec, deadline: Deadline): GatewayError {
    if (deadline.signal.aborted) return deadline.error();
    if (e instanceof GatewayError) return e;
    return networkError(e, spec.token);
  }
}

/** The URL's path without query string (query strings of signed URLs are secrets too). */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(invalid url)';
  }
}
