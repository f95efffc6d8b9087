import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Actor } from '../../src/core/api/actor.js';
import type { WebAppDeps } from '../../src/web/kit.js';
import type { FakeTelegram } from '../fakes/telegram/index.js';
import type { TestStack, TestStackOptions } from './harness.js';
import { startWebStack, type WebStack } from './web-stack.js';

export { textOf } from './web-stack.js';

/** Where the browser suites leave their screenshots (git-ignored; named by `.ci/run`, not compared). */
export const SHOTS = join(import.meta.dirname, '../../test-artifacts/web');

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

/** What the web browser suites run on: a {@link WebStack} and Chromium. */
export interface WebBrowserStack extends WebStack {
  browser: Browser;
}

/**
 * {@link startWebStack} plus headless Chromium at `chromium` (Debian's package; `--no-sandbox` as root in CI).
 */
export async function startWebBrowserStack(
  fake: FakeTelegram,
  chromiumPath: string,
  o: { stack?: TestStackOptions; ownerIds?: string[]; web?: (stack: TestStack) => Partial<WebAppDeps> } = {},
): Promise<WebBrowserStack> {
  mkdirSync(SHOTS, { recursive: true });
  const w = await startWebStack(fake, o);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  return {
    ...w,
    browser,
    async close() {
      await browser.close();
      await w.close();
    },
  };
}
