import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownerOpsOf } from '../../src/web/owner-ops.js';
import type { WebServer } from '../../src/web/server.js';
import { startFakeTelegram, type FakeTelegram, type SentMessage } from '../fakes/telegram/index.js';
import { installedChromium } from '../support/browser.js';
import type { TestStack } from '../support/harness.js';
import { groupActor, SHOTS, startWebBrowserStack, type WebBrowserStack } from '../support/web-browser-stack.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CHROMIUM = installedChromium();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Every web page under axe-core in Chromium (sign-in, 401, gallery, balance, admin, owner, 403, 404) in en, es and
 * zh-CN, desktop and a 375×740 phone: no violation of impact serious or critical, no horizontal scroll on the phone,
 * and the keyboard reaches every control with a visible focus ring. Screenshots go to test-artifacts/web/.
 */
describe.skipIf(!CHROMIUM)('web pages: accessibility and phone layout', () => {
  let w: WebBrowserStack;
  let stack: TestStack;
  let fake: FakeTelegram;
  let web: WebServer;
  let browser: Browser;
  let group: Chat.SupergroupChat;
  let owner: User;
  let member: User;
  const actor = (u: User) => groupActor(group, u);

  const say = (user: User, text: string, match: (m: SentMessage) => boolean) => w.say(group, user, text, match);
  const webLink = (user: User) => w.webLink(group, user);

  /** axe-core's serious and critical violations on the page as it is now. */
  async function violations(page: Page): Promise<AxeViolation[]> {
    await page.addScriptTag({ content: AXE });
    // Run in the page (a string: this project's types have no DOM).
    const found = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)")) as AxeViolation[];
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }

  /** Tabs through the page: every link, button, input and select is reached, each with a visible outline. */
  async function keyboard(page: Page): Promise<void> {
    const controls = await page.locator('a[href], button, input:not([type="hidden"]), select, [tabindex="0"]').count();
    const reached = new Set<string>();
    // A date input takes one Tab per field (day, month, year), so tab on until every control was reached (bounded).
    for (let i = 0; i < controls * 3 + 2 && reached.size < controls; i++) {
      await page.keyboard.press('Tab');
      const f = (await page.evaluate(`(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return undefined;
        const s = getComputedStyle(el);
        const visible = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
        const r = el.getBoundingClientRect();
        return { key: el.tagName + '|' + (el.getAttribute('href') || '') + '|' + el.textContent + '|' + r.top + '|' + r.left, visible };
      })()`)) as { key: string; visible: boolean } | undefined;
      if (!f) continue;
      expect(f.visible, `focus ring on ${f.key}`).toBe(true);
      reached.add(f.key);
    }
    expect(reached.size).toBeGreaterThanOrEqual(controls);
  }

  beforeAll(async () => {
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Painters' });
    owner = fake.user({ username: 'a11y_owner' });
    member = fake.user({ username: 'a11y_member' });
    fake.setChatMember(group.id, owner.id, 'administrator');
    fake.privateChat(owner);
    fake.privateChat(member);
    const ownerIds = [`telegram:${owner.id}`];
    w = await startWebBrowserStack(fake, CHROMIUM!, {
      ownerIds,
      stack: { env: { OWNER_IDS: ownerIds.join(','), USER_COOLDOWN_MS: '0' } },
      web: (stack) => ({ ops: ownerOpsOf(stack.app), signIn: { limits: { signIn: { limit: 1_000, windowMs: 60_000 } } } }),
    });
    ({ stack, web, browser } = w);
    await say(owner, '/imagine a red fox --size 512x512', (m) => m.method === 'sendPhoto');
    await say(owner, '/imagine a long prompt about a lighthouse on a cliff at dusk with gulls and waves --size 512x512', (m) => m.method === 'sendPhoto');
    await say(member, '/imagine a blue whale --size 512x512', (m) => m.method === 'sendPhoto');
  });

  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });

  for (const locale of ['en', 'es', 'zh-CN']) {
    it(`every page in ${locale}: no serious or critical axe finding, no horizontal scroll on a phone, keyboard reaches every control`, async () => {
      for (const u of [owner, member]) {
        fake.sendText({ chat: group, from: u, text: `/language ${locale}` });
        await expect.poll(() => stack.core.locale(actor(u)), { timeout: 10_000 }).toBe(locale);
      }
      const ownerLink = await webLink(owner);
      const memberLink = await webLink(member);
      const report: string[] = [];
      for (const [viewName, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        // bypassCSP only so axe's script can be injected; the pages' own policy is tested elsewhere.
        const context = await browser.newContext({ viewport, bypassCSP: true, locale, extraHTTPHeaders: { 'Accept-Language': locale } });
        const page = await context.newPage();
        const check = async (name: string, status: number) => {
          expect(await page.locator('html').getAttribute('lang')).toBe(locale);
          for (const v of await violations(page)) report.push(`${locale} ${viewName} ${name}: ${v.id} (${v.impact}) ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          if (viewName === 'phone') {
            const wide = (await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth ? '' : 'scrollWidth ' + document.documentElement.scrollWidth + ': ' + [...document.querySelectorAll('body *')].filter((e) => !e.closest('.scroll') && e.getBoundingClientRect().right > window.innerWidth).map((e) => e.tagName + '.' + e.className).slice(0, 5).join(' ')")) as string;
            if (wide) report.push(`${locale} phone ${name}: wider than ${viewport.width}px: ${wide}`);
          } else await keyboard(page);
          await page.screenshot({ path: join(SHOTS, `${name}-${locale}-${viewName}.png`), fullPage: true });
          expect(status).toBeGreaterThan(0);
        };
        await check('signed-out', (await page.goto(web.url))!.status());
        await check('sign-in', (await page.goto(`${web.url}/sign-in`))!.status());
        if (viewName === 'desktop') {
          await page.goto(memberLink);
        } else {
          await page.goto(await webLink(member));
        }
        await check('forbidden', (await page.goto(`${web.url}/admin`))!.status());
        await check('not-found', (await page.goto(`${web.url}/no-such-page`))!.status());
        await page.goto(viewName === 'desktop' ? ownerLink : await webLink(owner));
        await check('gallery', (await page.goto(web.url))!.status());
        await check('balance', (await page.goto(`${web.url}/balance`))!.status());
        await check('admin', (await page.goto(`${web.url}/admin`))!.status());
        await check('owner', (await page.goto(`${web.url}/owner`))!.status());
        await context.close();
      }
      expect(report).toEqual([]);
    });
  }
});
