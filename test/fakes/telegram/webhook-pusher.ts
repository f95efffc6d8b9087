import { request, type ClientRequest } from 'node:http';
import type { Update } from 'grammy/types';
import type { FakeState } from './state.js';
import type { WebhookDelivery } from './types.js';

/** Longest wait for a webhook's answer before the attempt counts as failed (Telegram waits about a minute). */
const RESPONSE_TIMEOUT_MS = 10_000;
/** The fake only ever POSTs to this machine, whatever URL the bot registers. */
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i;

/**
 * Delivers queued updates to the webhook set with `setWebhook`, like Telegram: one at a time, oldest first, as a JSON
 * POST with `X-Telegram-Bot-Api-Secret-Token` when a secret was given. A 2xx answer confirms the update; anything
 * else (or a network error) is retried after `retryMs`. Only plain-HTTP loopback URLs are served; updates for any
 * other URL stay pending. Trade-off: Telegram gives up on an update after many failures, the fake retries until
 * the webhook is deleted or the fake is closed.
 */
export class WebhookPusher {
  private running = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private inFlight: ClientRequest | undefined;

  constructor(
    private readonly state: FakeState,
    private readonly retryMs: number,
    private readonly onDelivery: (d: WebhookDelivery) => void,
  ) {}

  /** Starts a delivery round unless one is running or a retry is already scheduled. */
  kick(): void {
    if (this.closed || this.running || this.retryTimer) return;
    void this.run();
  }

  /** Stops delivering: cancels a scheduled retry and aborts the request in flight. Idempotent. */
  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.inFlight?.destroy();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        const hook = this.state.webhook;
        if (this.closed || !hook || !LOOPBACK.test(hook.url)) return;
        const update = this.state.updates.peek();
        if (!update) return;
        const delivery = await this.post(hook.url, hook.secretToken, update);
        if (this.closed) return;
        this.onDelivery(delivery);
        if (delivery.status !== undefined && delivery.status >= 200 && delivery.status < 300) {
          this.state.updates.ack(update.update_id);
          continue;
        }
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.kick();
        }, this.retryMs);
        return;
      }
    } finally {
      this.running = false;
    }
  }

  private post(url: string, secret: string | undefined, update: Update): Promise<WebhookDelivery> {
    const body = Buffer.from(JSON.stringify(update));
    const base = { updateId: update.update_id, update, url, withSecret: secret !== undefined };
    return new Promise((resolve) => {
      let settled = false;
      const done = (d: { status?: number; error?: string }) => {
        if (settled) return;
        settled = true;
        this.inFlight = undefined;
        resolve({ ...base, ...d, at: Date.now() });
      };
      const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': body.length };
      if (secret !== undefined) headers['x-telegram-bot-api-secret-token'] = secret;
      const req = request(url, { method: 'POST', headers, agent: false, timeout: RESPONSE_TIMEOUT_MS }, (res) => {
        res.resume();
        res.once('end', () => done({ status: res.statusCode ?? 0 }));
        res.once('error', (err) => done({ error: err.message }));
      });
      req.once('timeout', () => req.destroy(new Error('webhook answer timed out')));
      req.once('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
      this.inFlight = req;
      req.end(body);
    });
  }
}
