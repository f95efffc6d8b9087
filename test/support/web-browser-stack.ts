import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Actor } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import type { WebAppDeps } from '../../src/web/kit.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import type { FakeTelegram, SentMessage } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack, type TestStackOptions } from './harness.js';
import { startTelegramFor } from './telegram-bot.js';

/** Where the browser suites leave their screenshots (git-ignored; named by `.ci/run`, not compared). */
export const SHOTS = join(import.meta.dirname, '../../test-artifacts/web');

/** A bot message's words (text or caption). */
export const textOf = (m: SentMessage): string => `${m.text ?? ''}${m.caption ?? ''}`;

/** The chat actor of `user` in Telegram group `group`, as the core names it. */
export const groupActor = (group: Chat.SupergroupChat, user: User): Actor => ({
  scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' },
  user: { platform: 'telegram', externalId: String(user.id) },
});

/**
 * A new page of `context` at `url` whose every response's headers and text bodies are pushed to `seen` (for the
 * "no secret in any page or header" greps).
 */
export async function openRecorded(context: BrowserContext, url: string, seen: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('response', async (r) => {
    seen.push(JSON.stringify(await r.allHeaders()));
    if ((r.headers()['content-type'] ?? '').startsWith('text/')) seen.push(await r.text().catch(() => ''));
  });
  await page.goto(url);
  return page;
}

/** What the web browser suites run on: the test stack, a Telegram bot over the given fake, the web pages, Chromium. */
export interface WebBrowserStack {
  stack: TestStack;
  tg: TelegramHandle;
  web: WebServer;
  browser: Browser;
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
 * Starts the stack the browser suites share on `fake` (its groups and members made by the caller first, so their ids
 * can go into `OWNER_IDS`): a test stack with `stack` options, the Telegram bot with `ownerIds`, the web pages on a
 * free loopback port (extra `web` dependencies such as the owner's `ops` or sign-in limits), and headless Chromium at
 * `chromium` (Debian's package; `--no-sandbox` as root in CI).
 */
export async function startWebBrowserStack(
  fake: FakeTelegram,
  chromiumPath: string,
  o: { stack?: TestStackOptions; ownerIds?: string[]; web?: (stack: TestStack) => Partial<WebAppDeps> } = {},
): Promise<WebBrowserStack> {
  mkdirSync(SHOTS, { recursive: true });
  const ownerIds = o.ownerIds ?? [];
  const logLines: string[] = [];
  const stack = await createTestStack(o.stack);
  const tg = await startTelegramFor(stack, fake, logLines, ownerIds.length > 0 ? { ownerIds } : {});
  const dispatcher = new CommandDispatcher({ core: stack.core, ownerIds, logger: stack.logger });
  const web = await startWebServer({ core: stack.core, dispatcher, logger: stack.logger.child({ module: 'web' }), secureCookie: false, ...o.web?.(stack) }, { port: 0, host: '127.0.0.1' });
  stack.app.setWebUrl(web.url);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });

  const say: WebBrowserStack['say'] = async (group, user, text, match, chatId = group.id, timeoutMs = 15_000) => {
    const before = fake.sent(chatId).length;
    fake.sendText({ chat: group, from: user, text });
    let found: SentMessage | undefined;
    await fake.waitFor(() => (found = fake.sent(chatId).slice(before).find(match)) !== undefined, timeoutMs);
    return found!;
  };
  const webLink: WebBrowserStack['webLink'] = async (group, user) => {
    const msg = await say(group, user, '/web', (m) => textOf(m).includes('/in/'), user.id);
    const url = /https?:\/\/\S+\/in\/[A-Za-z0-9_-]+/.exec(textOf(msg))?.[0];
    if (!url) throw new Error(`no sign-in link in: ${textOf(msg)}`);
    return url;
  };
  return {
    stack,
    tg,
    web,
    browser,
    logLines,
    say,
    webLink,
    async close() {
      await browser.close();
      await web.close();
      await tg.stop();
      await stack.close();
    },
  };
}
