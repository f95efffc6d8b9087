import type { Api } from 'grammy';
import type { ConnectionTracker } from '../../app/compose.js';
import type { PlatformState } from '../../ops/checks.js';

/**
 * Watches Telegram long polling from outside the adapter: an API transformer records the outcome of every
 * `getUpdates` call. Install it once the adapter started (its `getMe` and polling start succeeded): connected from
 * then on, until a `getUpdates` fails (network error, 401, 409 conflict with another poller); connected again at
 * the next success. (A long poll may take 30 s to answer, so waiting for the first one would say "connecting" for
 * that long.) In webhook mode there is no polling: connected while `listening()`.
 */
export function trackTelegram(api: Api, mode: { webhook: boolean; listening?: () => boolean }): ConnectionTracker {
  let state: PlatformState = 'connected';
  let reason: string | undefined;
  if (!mode.webhook) {
    api.config.use(async (prev, method, payload, signal) => {
      if (method !== 'getUpdates') return prev(method, payload, signal);
      try {
        const r = await prev(method, payload, signal);
        if (r.ok) {
          state = 'connected';
          reason = undefined;
        } else {
          state = 'disconnected';
          reason = `getUpdates answered ${r.error_code} ${r.description}`;
        }
        return r;
      } catch (e) {
        if (signal?.aborted) throw e; // the bot is stopping
        state = 'disconnected';
        const o = e as { error?: { code?: string; message?: string }; message?: string };
        // A fetch error's message holds the request URL, which holds the bot token: never show it.
        reason = `getUpdates failed: ${o.error?.code ?? (o.error?.message ?? o.message ?? String(e)).replace(/\/bot[^/\s]+/g, '/bot<token>')}`;
        throw e;
      }
    });
  }
  return {
    state: () => (mode.webhook ? (mode.listening?.() === false ? 'disconnected' : 'connected') : state),
    reason: () => reason,
  };
}
