import type { Chat, User } from 'grammy/types';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import type { WebAppDeps } from '../../src/web/kit.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import type { FakeTelegram, SentMessage } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack, type TestStackOptions } from './harness.js';
import { startTelegramFor } from './telegram-bot.js';

/** A bot message's words (text or caption). */
export const textOf = (m: SentMessage): string => `${m.text ?? ''}${m.caption ?? ''}`;

/** The web pages over the test stack and a Telegram bot on a fake (no browser): what the browser stack builds on. */
export interface WebStack {
  stack: TestStack;
  tg: TelegramHandle;
  web: WebServer;
  /** Every log line of the Telegram bot (for the no-secret greps). */
  logLines: string[];
  /**
   * Sends `text` in `group` as `user` and waits (default 15 s) for a bot message in `chatId` (default the group)
   * matching `match`, among those sent after the command.
   */
  say(group: Chat.SupergroupChat, user: User, text: string, match: (m: SentMessage) => boolean, chatId?: number, timeoutMs?: number): Promise<SentMessage>;
  /** `/web` in `group`: the sign-in link as sent in the member's private chat. */
  webLink(group: Chat.SupergroupChat, user: User): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the web pages on `fake` (its groups and members made by the caller first, so their ids can go into
 * `OWNER_IDS`): a test stack with `stack` options, the Telegram bot with `ownerIds`, the web pages on a free loopback
 * port (extra `web` dependencies such as the owner's `ops`, sign-in limits or the admin re-check).
 */
export async function startWebStack(fake: FakeTelegram, o: { stack?: TestStackOptions; ownerIds?: string[]; web?: (stack: TestStack) => Partial<WebAppDeps> } = {}): Promise<WebStack> {
  const ownerIds = o.ownerIds ?? [];
  const logLines: string[] = [];
  const stack = await createTestStack(o.stack);
  const tg = await startTelegramFor(stack, fake, logLines, ownerIds.length > 0 ? { ownerIds } : {});
  const dispatcher = new CommandDispatcher({ core: stack.core, ownerIds, logger: stack.logger });
  const web = await startWebServer({ core: stack.core, dispatcher, logger: stack.logger.child({ module: 'web' }), secureCookie: false, ...o.web?.(stack) }, { port: 0, host: '127.0.0.1' });
  stack.app.setWebUrl(web.url);

  const say: WebStack['say'] = async (group, user, text, match, chatId = group.id, timeoutMs = 15_000) => {
    const before = fake.sent(chatId).length;
    fake.sendText({ chat: group, from: user, text });
    let found: SentMessage | undefined;
    await fake.waitFor(() => (found = fake.sent(chatId).slice(before).find(match)) !== undefined, timeoutMs);
    return found!;
  };
  const webLink: WebStack['webLink'] = async (group, user) => {
    const msg = await say(group, user, '/web', (m) => textOf(m).includes('/in/'), user.id);
    const url = /https?:\/\/\S+\/in\/[A-Za-z0-9_-]+/.exec(textOf(msg))?.[0];
    if (!url) throw new Error(`no sign-in link in: ${textOf(msg)}`);
    return url;
  };
  return {
    stack,
    tg,
    web,
    logLines,
    say,
    webLink,
    async close() {
      await web.close();
      await tg.stop();
      await stack.close();
    },
  };
}

