/**
 * An in-process bot for the matrices: `createTestStack` (simulator + real SQLite + app) with the real Telegram
 * adapter (grammY) on a fake Bot API server, short throttles, every log line captured. `close()` leaves the
 * evidence (logs, sent messages, raw database files) for the secrets sweep before deleting anything.
 */
import { Writable } from 'node:stream';
import type { Chat, User } from 'grammy/types';
import type { Actor } from '../../../src/core/api/actor.js';
import { createLogger, SecretSet } from '../../../src/log.js';
import { startTelegram, type TelegramHandle } from '../../../src/platforms/telegram/telegram-bot.js';
import { shownTexts, startFakeTelegram, type FakeTelegram } from '../../fakes/telegram/index.js';
import { createTestStack, type TestStack, type TestStackOptions } from '../../support/harness.js';
import { saveDatabase, saveSecrets, saveText } from './artifacts.js';

const MB = 1024 * 1024;

/** A running stack with its Telegram adapter. */
export interface TelegramStack {
  stack: TestStack;
  fake: FakeTelegram;
  tg: TelegramHandle;
  /** Adapter log lines (the stack's own are in `stack.logs()`). */
  lines: string[];
  actor(chat: Chat, user: User): Actor;
  /** Every text the bot showed in `chatId` (messages, captions and each edit), oldest first. */
  texts(chatId: number): string[];
  /** Resolves with the first text in `chatId` matching `re` (past or future). */
  waitText(chatId: number, re: RegExp, timeoutMs?: number): Promise<string>;
  close(label: string): Promise<void>;
}

/** Starts the stack and the adapter; `ownerIds` are Telegram user ids treated as admins everywhere. */
export async function startTelegramStack(opts: TestStackOptions & { ownerIds?: string[] } = {}): Promise<TelegramStack> {
  const stack = await createTestStack(opts);
  const fake = await startFakeTelegram();
  const lines: string[] = [];
  const secrets = new SecretSet();
  const logger = createLogger({ level: 'debug', format: 'json', secrets, destination: new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }) });
  const tg = await startTelegram({
    config: { telegram: { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: undefined, webhookPort: 0, uploadLimitBytes: 50 * MB, photoLimitBytes: 10 * MB, fullQuality: false }, ownerIds: opts.ownerIds ?? [] },
    core: stack.core,
    logger,
    secrets,
    registerDelivery: (d) => stack.app.registerDelivery(d),
    tuning: { throttle: { groupIntervalMs: 20, privateIntervalMs: 10 }, albumQuietMs: 150, chatActionIntervalMs: 1000, chatActionDelayMs: 0, statusDelayMs: 0 },
  });
  const texts = (chatId: number) => fake.sent(chatId).flatMap(shownTexts);
  let closed = false;
  return {
    stack,
    fake,
    tg,
    lines,
    actor: (chat, user) => ({
      scope: { platform: 'telegram', externalId: String(chat.id), kind: chat.type === 'private' ? 'private' : 'group' },
      user: { platform: 'telegram', externalId: String(user.id) },
    }),
    texts,
    async waitText(chatId, re, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const hit = texts(chatId).find((t) => re.test(t));
        if (hit !== undefined) return hit;
        if (Date.now() > end) throw new Error(`no text matching ${re} in chat ${chatId} within ${timeoutMs} ms; saw: ${JSON.stringify(texts(chatId)).slice(0, 1500)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close(label) {
      if (closed) return;
      closed = true;
      saveSecrets(label, [fake.token, stack.sim.tokens.media, stack.sim.tokens.text, stack.sim.tokens.poor, stack.sim.tokens.invalid]);
      saveDatabase(`${label}-open`, stack.dbPath);
      await tg.stop();
      await stack.app.close();
      saveDatabase(`${label}-closed`, stack.dbPath);
      saveText(`${label}-logs`, lines.join('') + stack.logs());
      saveText(`${label}-telegram-sent`, JSON.stringify(fake.sent(), (k, v: unknown) => (k === 'bytes' ? undefined : v)));
      await fake.close();
      await stack.close();
    },
  };
}
