import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebServer } from '../../src/web/server.js';
import { startFakeTelegram, type FakeTelegram, type SentMessage } from '../fakes/telegram/index.js';
import { installedChromium } from '../support/browser.js';
import type { TestStack } from '../support/harness.js';
import { groupActor, openRecorded, SHOTS, startWebBrowserStack, textOf, type WebBrowserStack } from '../support/web-browser-stack.js';

const CHROMIUM = installedChromium();

/**
 * The web pages in a real browser (Debian's Chromium through playwright-core): a Telegram member makes two images in
 * a group through the fake Bot API, sends /web (the link comes in the private chat), opens it, sees both results,
 * downloads one (the bytes the chat got); a used link fails, a form without its token fails, the admin page is 403
 * for a member and another member's file 404; an admin sets the member's budget in the web and the member's next
 * /balance shows it; the gallery in Spanish. No page, header or log line holds the gateway or the bot token.
 */
describe.skipIf(!CHROMIUM)('web pages in Chromium', () => {
  let w: WebBrowserStack;
  let stack: TestStack;
  let fake: FakeTelegram;
  let web: WebServer;
  let browser: Browser;
  let group: Chat.SupergroupChat;
  let member: User;
  let admin: User;
  const seen: string[] = [];

  const actor = (user: User) => groupActor(group, user);
  const fromBot = (chatId: number) => fake.sent(chatId).filter((m) => m.method === 'sendMessage' || m.method === 'sendPhoto');

  const say = (user: User, text: string, match: (m: SentMessage) => boolean, chatId = group.id) => w.say(group, user, text, match, chatId, 10_000);

  /** `/web` in the group: the sign-in link as sent in the member's private chat. */
  async function webLink(user: User): Promise<string> {
    const before = fake.sent(group.id).length;
    const url = await w.webLink(group, user);
    // The group only learns that it went privately, never the link.
    await fake.waitFor(() => fake.sent(group.id).slice(before).some((m) => (m.text ?? '').length > 0), 5_000);
    for (const m of fake.sent(group.id)) expect(textOf(m)).not.toContain('/in/');
    return url;
  }

  const open = (context: BrowserContext, url: string): Promise<Page> => openRecorded(context, url, seen);

  beforeAll(async () => {
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Painters' });
    member = fake.user({ username: 'web_member' });
    admin = fake.user({ username: 'web_admin' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    fake.privateChat(member);
    fake.privateChat(admin);
    w = await startWebBrowserStack(fake, CHROMIUM!);
    ({ stack, web, browser } = w);
  }, 60_000);

  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });

  it('a member signs in from /web, sees both results, downloads one as delivered; the link works once; forms need their token; admin 403, another member 404', async () => {
    const fox = await say(member, '/imagine a red fox --size 512x512', (m) => m.method === 'sendPhoto');
    const whale = await say(member, '/imagine a blue whale --size 512x512', (m) => m.method === 'sendPhoto');
    await say(admin, '/imagine the admin cat --size 512x512', (m) => m.method === 'sendPhoto');
    const url = await webLink(member);

    const context = await browser.newContext();
    const page = await open(context, url);
    expect(new URL(page.url()).pathname).toBe('/');
    const cards = page.locator('li.card');
    await expect.poll(() => cards.count()).toBe(2);
    const text = await page.locator('main').innerText();
    expect(text).toContain('a red fox');
    expect(text).toContain('a blue whale');
    expect(text).not.toContain('the admin cat');
    expect(text).toContain('$0.01');
    await page.screenshot({ path: join(SHOTS, 'gallery-en.png'), fullPage: true });

    const cookie = (await context.cookies()).find((c) => c.name === 'mediabot_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });

    // Download the fox: the bytes are the photo the chat got.
    const foxCard = cards.filter({ hasText: 'a red fox' });
    const href = (await foxCard.locator('a[download]').first().getAttribute('href'))!;
    const download = await page.request.get(new URL(href, web.url).href);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="/);
    expect(Buffer.from(await download.body()).equals(fox.files[0]!.bytes!)).toBe(true);
    expect(Buffer.from(await download.body()).equals(whale.files[0]!.bytes!)).toBe(false);

    // Both as one ZIP: two stored entries, the fox's bytes among them.
    const zip = Buffer.from(await (await page.request.get(new URL('/zip', web.url).href)).body());
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(zip.readUInt16LE(zip.length - 22 + 10)).toBe(2);
    expect(zip.indexOf(fox.files[0]!.bytes!)).toBeGreaterThan(0);
    expect(zip.indexOf(whale.files[0]!.bytes!)).toBeGreaterThan(0);

    // The link worked once.
    const again = await (await browser.newContext()).newPage();
    const used = await again.goto(url);
    expect(used!.status()).toBe(410);
    expect(await again.locator('main').innerText()).toContain('not valid');

    // A POST without the form token (or with another) does nothing: the session still works.
    expect((await page.request.post(new URL('/out', web.url).href, { form: {} })).status()).toBe(403);
    expect((await page.request.post(new URL('/out', web.url).href, { form: { csrf: 'x'.repeat(43) } })).status()).toBe(403);
    expect((await page.request.post(new URL('/admin/budget', web.url).href, { form: { user: '@web_member', amount: '100' } })).status()).toBe(403);
    expect((await page.request.get(web.url)).status()).toBe(200);

    // A member's admin page: 403. Another member's file (the admin's cat): 404, as an unknown id.
    expect((await page.goto(new URL('/admin', web.url).href))!.status()).toBe(403);
    const cat = (await stack.core.jobs(actor(admin))).find((j) => j.prompt === 'the admin cat')!;
    expect((await page.request.get(new URL(`/jobs/${cat.id}/files/0`, web.url).href)).status()).toBe(404);
    expect((await page.request.get(new URL('/jobs/zzzzzzzz/files/0', web.url).href)).status()).toBe(404);
    await context.close();
  }, 90_000);

  it("an admin sets the member's budget in the web; the member's next /balance in the chat shows it", async () => {
    const url = await webLink(admin);
    const context = await browser.newContext();
    const page = await open(context, url);
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByLabel('Member (@username or id)').fill('@web_member');
    await page.getByLabel('Amount in US dollars (none removes the limit)').fill('0.50');
    await page.getByLabel('Period', { exact: true }).selectOption('day');
    await page.getByRole('button', { name: 'Set budget' }).click();
    await expect.poll(async () => page.locator('[role="status"]').innerText()).toContain('$0.50');
    await page.screenshot({ path: join(SHOTS, 'admin-en.png'), fullPage: true });
    const balance = await say(member, '/balance', (m) => textOf(m).includes('$0.50'));
    expect(textOf(balance)).toContain('$0.50');
    await context.close();
  }, 60_000);

  it('the gallery in Spanish, for a member who chose es', async () => {
    fake.sendText({ chat: group, from: member, text: '/language es' });
    await expect.poll(() => stack.core.locale(actor(member)), { timeout: 10_000 }).toBe('es');
    const url = await webLink(member);
    const context = await browser.newContext();
    const page = await open(context, url);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('h1').innerText()).toBe('Tus resultados en Painters');
    expect(await page.getByRole('link', { name: 'Galería' }).getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: join(SHOTS, 'gallery-es.png'), fullPage: true });
    // Signing out ends the session: the gallery answers 401 afterwards.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect.poll(async () => page.locator('main').innerText()).toContain('cerrado la sesión');
    expect((await page.goto(web.url))!.status()).toBe(401);
    await context.close();
  }, 60_000);

  it('signing in never keeps a session id the browser brought, and goes nowhere but the gallery', async () => {
    const url = await webLink(member);
    const context = await browser.newContext();
    const planted = 'A'.repeat(43);
    await context.addCookies([{ name: 'mediabot_session', value: planted, url: web.url }]);
    const page = await open(context, `${url}?next=https://evil.example/&redirect=//evil.example`);
    expect(new URL(page.url()).origin).toBe(new URL(web.url).origin);
    expect(new URL(page.url()).pathname).toBe('/');
    const cookie = (await context.cookies()).find((c) => c.name === 'mediabot_session')!;
    expect(cookie.value).not.toBe(planted);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stack.core.webSession(planted)).toBeNull();
    await context.close();
  }, 60_000);

  it('the admin page in Chinese, for an admin who chose zh-CN', async () => {
    fake.sendText({ chat: group, from: admin, text: '/language zh-CN' });
    await expect.poll(() => stack.core.locale(actor(admin)), { timeout: 10_000 }).toBe('zh-CN');
    const url = await webLink(admin);
    const context = await browser.newContext();
    const page = await open(context, url);
    await page.getByRole('link', { name: '管理', exact: true }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.locator('h1').innerText()).toBe('Painters 的预算');
    expect(await page.getByLabel('成员（@用户名或 ID）').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'admin-zh-CN.png'), fullPage: true });
    await context.close();
  }, 60_000);

  it('no page, header or log line holds the gateway token or the bot token; no log line a sign-in link', () => {
    const all = [...seen, ...w.logLines, stack.logs()].join('\n');
    expect([...w.logLines, stack.logs()].join('\n')).not.toMatch(/\/in\/[A-Za-z0-9_-]{43}/);
    expect(seen.length).toBeGreaterThan(5);
    for (const secret of [stack.config.gateway.token!, fake.token]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(all).not.toContain(secret);
    }
  });
});
