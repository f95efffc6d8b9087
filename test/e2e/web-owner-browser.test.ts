import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownerOpsOf } from '../../src/web/owner-ops.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { startFakeTelegram, type FakeTelegram, type SentMessage } from '../fakes/telegram/index.js';
import { installedChromium } from '../support/browser.js';
import type { TestStack } from '../support/harness.js';
import { openRecorded, SHOTS, startWebBrowserStack, textOf, type WebBrowserStack } from '../support/web-browser-stack.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CHROMIUM = installedChromium();

/**
 * The owner page in Chromium, over the real Telegram adapter and the fake Bot API, with OPERATOR_TOKEN_ACCESS=approved:
 * the owner makes an image in two groups, a member's image in the second group is refused (not approved); the owner
 * signs in with /web, sees both communities' spend and the operator's day, approves the second group from the page
 * (the chat's own /approve), and the member's next /imagine there works. A member's session gets 403 on /owner; the
 * 11th sign-in attempt in a minute gets 429 with Retry-After, and the 7th job-starting POST of a session too.
 */
describe.skipIf(!CHROMIUM)('owner page in Chromium', () => {
  let w: WebBrowserStack;
  let stack: TestStack;
  let fake: FakeTelegram;
  let web: WebServer;
  let browser: Browser;
  let painters: Chat.SupergroupChat;
  let sculptors: Chat.SupergroupChat;
  let owner: User;
  let member: User;
  const seen: string[] = [];

  const say = (group: Chat.SupergroupChat, user: User, text: string, match: (m: SentMessage) => boolean, chatId = group.id) => w.say(group, user, text, match, chatId);
  const webLink = (group: Chat.SupergroupChat, user: User) => w.webLink(group, user);

  const open = (context: BrowserContext, url: string): Promise<Page> => openRecorded(context, url, seen);

  beforeAll(async () => {
    fake = await startFakeTelegram();
    painters = fake.supergroup({ title: 'Painters' });
    sculptors = fake.supergroup({ title: 'Sculptors' });
    owner = fake.user({ username: 'the_owner' });
    member = fake.user({ username: 'a_member' });
    fake.privateChat(owner);
    fake.privateChat(member);
    const ownerIds = [`telegram:${owner.id}`];
    w = await startWebBrowserStack(fake, CHROMIUM!, {
      ownerIds,
      stack: { env: { OWNER_IDS: ownerIds.join(','), OPERATOR_TOKEN_ACCESS: 'approved', OPERATOR_DAILY_CAP: '5', DEFAULT_ALLOWANCE: '5', USER_COOLDOWN_MS: '0' } },
      web: (stack) => ({ ops: ownerOpsOf(stack.app) }),
    });
    ({ stack, web, browser } = w);
  });

  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });

  it("the owner sees both communities' spend and approves the waiting one from the page; the member's next job there works", async () => {
    await say(painters, owner, '/imagine a painted fox --size 512x512', (m) => m.method === 'sendPhoto');
    await say(sculptors, owner, '/imagine a marble whale --size 512x512', (m) => m.method === 'sendPhoto');
    await say(sculptors, owner, '/imagine a bronze owl --size 512x512', (m) => m.method === 'sendPhoto');
    const refused = await say(sculptors, member, '/imagine a clay cat --size 512x512', (m) => /not approved/.test(textOf(m)));
    expect(textOf(refused)).toMatch(/\/approve/);

    const context = await browser.newContext();
    const page = await open(context, await webLink(painters, owner));
    await page.getByRole('link', { name: 'Owner', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe('/owner');
    const rowOf = (name: string) => page.locator('tbody tr').filter({ has: page.locator('th', { hasText: name }) });
    // $0.01 per 512x512 image on the simulator's price list: one in Painters, two in Sculptors (today, this week, this month).
    await expect.poll(() => rowOf('Painters').locator('td.num').allInnerTexts()).toEqual(['$0.01', '$0.01', '$0.01']);
    expect(await rowOf('Sculptors').locator('td.num').allInnerTexts()).toEqual(['$0.02', '$0.02', '$0.02']);
    expect(await rowOf('Sculptors').innerText()).toContain('waiting for approval');
    const main = await page.locator('main').innerText();
    expect(main).toContain('Daily cap');
    expect(main).toContain('$5.00');
    expect(main).toMatch(/Spent today\s+\$0\.03/);
    expect(main).toMatch(/Readiness of this process/);
    expect(main).toMatch(/gateway balance/i);
    await page.screenshot({ path: join(SHOTS, 'owner-en.png'), fullPage: true });

    await rowOf('Sculptors').getByRole('button', { name: /Approve/ }).click();
    await expect.poll(async () => page.locator('[role="status"]').first().innerText()).toMatch(/Approved/);
    expect(await rowOf('Sculptors').innerText()).toContain('approved');
    expect(await rowOf('Sculptors').getByRole('button', { name: /Withdraw/ }).count()).toBe(1);
    const photo = await say(sculptors, member, '/imagine a clay cat --size 512x512', (m) => m.method === 'sendPhoto' || /not approved/.test(textOf(m)));
    expect(photo.method).toBe('sendPhoto');
    const audit = await stack.app.store.admin.auditEntries(null, 20);
    expect(audit.map((a) => a.action)).toContain('scope.approve');
    await context.close();
  });

  it('a member gets 403 on /owner and on its form; an owner form without its token does nothing', async () => {
    const context = await browser.newContext();
    const page = await open(context, await webLink(painters, member));
    expect(await page.getByRole('link', { name: 'Owner', exact: true }).count()).toBe(0);
    expect((await page.goto(new URL('/owner', web.url).href))!.status()).toBe(403);
    const csrf = 'x'.repeat(43);
    expect((await page.request.post(new URL('/owner/approve', web.url).href, { form: { csrf, scope: `telegram:${painters.id}`, state: 'off' } })).status()).toBe(403);
    await context.close();
  });

  it('the 11th sign-in attempt in a minute gets 429 with Retry-After (localized); the 7th job-starting POST of a session too', async () => {
    // A server of its own: its limiter has not counted the other tests' sign-ins.
    const dispatcher = new CommandDispatcher({ core: stack.core, ownerIds: [], logger: stack.logger });
    const fresh = await startWebServer({ core: stack.core, dispatcher, logger: stack.logger.child({ module: 'web' }), secureCookie: false }, { port: 0, host: '127.0.0.1' });
    try {
      const context = await browser.newContext({ locale: 'es-ES', extraHTTPHeaders: { 'Accept-Language': 'es-ES,es;q=0.9' } });
      const page = await context.newPage();
      for (let i = 0; i < 10; i++) expect((await page.goto(`${fresh.url}/in/${'A'.repeat(42)}${i}`))!.status()).toBe(410);
      const eleventh = await page.goto(`${fresh.url}/in/${'B'.repeat(43)}`);
      expect(eleventh!.status()).toBe(429);
      expect(Number(eleventh!.headers()['retry-after'])).toBeGreaterThan(0);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.locator('main').innerText()).toContain('Demasiados intentos');
      await page.screenshot({ path: join(SHOTS, 'too-many-es.png'), fullPage: true });
      // A valid link is refused too while the window lasts (guessing stops; the link stays unused).
      stack.app.setWebUrl(fresh.url);
      const link = await webLink(painters, member);
      expect((await page.goto(link))!.status()).toBe(429);
      await context.close();

      // Job-starting POSTs under /jobs/<id>/…: six a minute per session, whatever the route answers.
      const ctx2 = await browser.newContext();
      const signedIn = await ctx2.newPage();
      stack.app.setWebUrl(web.url);
      await signedIn.goto(await webLink(painters, member));
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await signedIn.request.post(`${web.url}/jobs/zzzzzzzz/again`, { form: { csrf: 'x' } })).status());
      expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
      expect(statuses[6]).toBe(429);
      await ctx2.close();
    } finally {
      stack.app.setWebUrl(web.url);
      await fresh.close();
    }
  });

  it('no page or header holds the gateway token or the bot token', () => {
    const all = [...seen, ...w.logLines, stack.logs()].join('\n');
    expect(seen.length).toBeGreaterThan(3);
    for (const secret of [stack.config.gateway.token!, fake.token]) expect(all).not.toContain(secret);
  });
});
