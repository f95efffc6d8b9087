import { Writable } from 'node:stream';
import type { App } from '../../src/app/build-app.js';
import type { Coordination } from '../../src/core/ports/coordination.js';
import { createLogger, SecretSet } from '../../src/log.js';
import { startTelegram, type TelegramHandle, type TelegramTuning } from '../../src/platforms/telegram/telegram-bot.js';
import type { FakeTelegram } from '../fakes/telegram/index.js';
import type { TestStack } from './harness.js';

const MB = 1024 * 1024;

/**
 * Starts the real Telegram adapter (grammY) against `fake`, over the stack's core, with its delivery registered on
 * the stack's app (or `app`, another process on the same database) and its log lines (JSON, debug) appended to
 * `logLines`, sharing that app's coordination (or `coordination`). Long polling unless `webhookUrl` is set;
 * public Bot API upload limits; fast status edits and chat actions, the chat action and the status message at the
 * first progress (no delays; override with `tuning`); `ownerIds` default none.
 */
export function startTelegramFor(
  stack: TestStack,
  fake: FakeTelegram,
  logLines: string[],
  o: { webhookUrl?: string; webhookPort?: number; tuning?: TelegramTuning; coordination?: Coordination; app?: App; ownerIds?: string[] } = {},
): Promise<TelegramHandle> {
  const secrets = new SecretSet();
  const destination = new Writable({ write: (c: Buffer, _e, cb) => (logLines.push(c.toString()), cb()) });
  return startTelegram({
    config: {
      telegram: { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: o.webhookUrl, webhookPort: o.webhookPort ?? 0, uploadLimitBytes: 50 * MB, photoLimitBytes: 10 * MB, fullQuality: false },
      ownerIds: o.ownerIds ?? [],
    },
    core: (o.app ?? stack.app).core,
    logger: createLogger({ level: 'debug', format: 'json', secrets, destination }),
    secrets,
    registerDelivery: (d) => (o.app ?? stack.app).registerDelivery(d),
    coordination: o.coordination ?? (o.app ?? stack.app).coordination,
    tuning: { throttle: { groupIntervalMs: 50, privateIntervalMs: 20 }, chatActionIntervalMs: 200, chatActionDelayMs: 0, statusDelayMs: 0, ...o.tuning },
  });
}
