import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebServer } from '../../src/web/server.js';
import { startFakeTelegram, type FakeTelegram, type SentMessage } from '../fakes/telegram/index.js';
import { installedChromium } from '../support/browser.js';
import type { TestStack } from '../support/harness.js';
import { ledgerNetCharged } from '../support/ledger.js';
import { groupActor, SHOTS, startWebBrowserStack, textOf, type WebBrowserStack } from '../support/web-browser-stack.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CHROMIUM = installedChromium();
const AXE = join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

/**
 * A member's side of the web in Chromium: a Telegram member makes two images (two models) and a video through the
 * fake Bot API, opens the /web link, sees the three results (the video too, kept by the gallery after it was posted),
 * downloads one (the delivered bytes), presses "Run again": the job starts in the Telegram group (the fake receives
 * the photo) and is charged once, by the simulator's bill. Model and date filters narrow the list; another member's
 * job answers 404 and a form without its token 403; the settings and failure pages work, also at 375 px wide.
 */
describe.skipIf(!CHROMIUM)("a member's web pages in Chromium", () => {
  let w: WebBrowserStack;
  let stack: TestStack;
  let fake: FakeTelegram;
  let web: WebServer;
  let browser: Browser;
  let group: Chat.SupergroupChat;
  let member: User;
  let other: User;

  const actor = (user: User) => groupActor(group, user);

  const say = (user: User, text: string, match: (m: SentMessage) => boolean, chatId = group.id, timeout = 15_000) => w.say(group, user, text, match, chatId, timeout);

  async function signIn(user: User, context: BrowserContext): Promise<Page> {
    const url = await w.webLink(group, user);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }

  beforeAll(async () => {
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Painters' });
    member = fake.user({ username: 'gallery_member' });
    other = fake.user({ username: 'gallery_other' });
    fake.privateChat(member);
    fake.privateChat(other);
    w = await startWebBrowserStack(fake, CHROMIUM!);
    ({ stack, web, browser } = w);
  });

  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });

  it('three results with the video, one downloaded as delivered, Run again posts in the group and charges once; filters narrow; 404 and 403', async () => {
    const fox = await say(member, '/imagine a red fox --size 512x512', (m) => m.method === 'sendPhoto');
    await say(member, '/imagine a blue whale --size 512x512 --model alpha-image-2-hd', (m) => m.method === 'sendPhoto');
    const video = await say(member, '/video ocean waves at dusk --seconds 4', (m) => m.method === 'sendVideo', group.id, 30_000);
    await say(other, '/imagine not yours --size 512x512', (m) => m.method === 'sendPhoto');

    const context = await browser.newContext();
    const page = await signIn(member, context);
    const cards = page.locator('li.card');
    await expect.poll(() => cards.count()).toBe(3);
    const main = await page.locator('main').innerText();
    for (const p of ['a red fox', 'a blue whale', 'ocean waves at dusk']) expect(main).toContain(p);
    expect(main).not.toContain('not yours');
    // The video was posted and is still shown: the gallery keeps it (GALLERY_RETENTION_DAYS) after the chat's copy went.
    const videoCard = cards.filter({ hasText: 'ocean waves at dusk' });
    const src = (await videoCard.locator('video').getAttribute('src'))!;
    const videoBytes = Buffer.from(await (await page.request.get(new URL(src, web.url).href)).body());
    expect(videoBytes.equals(video.files[0]!.bytes!)).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'member-gallery-en.png'), fullPage: true });

    // Download the fox: the bytes the chat got.
    const foxCard = cards.filter({ hasText: 'a red fox' });
    const href = (await foxCard.locator('a[download]').first().getAttribute('href'))!;
    const download = await page.request.get(new URL(href, web.url).href);
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="/);
    expect(Buffer.from(await download.body()).equals(fox.files[0]!.bytes!)).toBe(true);

    // Model filter: a select of the member's models; the HD one shows only the whale, and the ZIP link keeps it.
    await page.getByLabel('Model').selectOption('alpha-image-2-hd');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('model')).toBe('alpha-image-2-hd');
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('a blue whale');
    expect(await page.locator('a[href^="/zip"]').getAttribute('href')).toContain('model=alpha-image-2-hd');
    // Date filter: from tomorrow shows nothing, from today to today everything.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.goto(new URL(`/?from=${tomorrow}`, web.url).href);
    expect(await cards.count()).toBe(0);
    await page.goto(new URL('/', web.url).href);
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(today);
    expect(await cards.count()).toBe(3);
    // Pages: one result a page, then "More results" to the next.
    await page.goto(new URL('/?limit=1', web.url).href);
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('ocean waves at dusk');
    await page.getByRole('link', { name: 'More results' }).click();
    await page.waitForURL(/after=/);
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('a blue whale');

    // Run again: started in the group, the photo arrives there, charged once by the simulator's bill.
    await page.goto(web.url);
    const chargedBefore = await ledgerNetCharged(stack.store);
    const spentBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    const imagesBefore = stack.sim.requests().filter((r) => r.endpoint === 'image').length;
    const photosBefore = fake.sent(group.id).filter((m) => m.method === 'sendPhoto').length;
    await page.locator('li.card', { hasText: 'a red fox' }).getByRole('button', { name: 'Run again' }).click();
    await expect.poll(async () => page.locator('[role="status"]').innerText()).toBe('Started in Painters; the result will be posted there.');
    await fake.waitFor(() => fake.sent(group.id).filter((m) => m.method === 'sendPhoto').length === photosBefore + 1, 15_000);
    const again = fake.sent(group.id).filter((m) => m.method === 'sendPhoto').at(-1)!;
    expect(textOf(again)).toContain('a red fox');
    expect(stack.sim.requests().filter((r) => r.endpoint === 'image').length).toBe(imagesBefore + 1);
    const bill = stack.sim.spentMicros(stack.sim.tokens.media) - spentBefore;
    expect(bill).toBeGreaterThan(0);
    await expect.poll(async () => (await ledgerNetCharged(stack.store)) - chargedBefore).toBe(bill);
    const jobs = await stack.core.jobs(actor(member), 10);
    expect(jobs.filter((j) => j.prompt === 'a red fox')).toHaveLength(2);
    await page.goto(web.url);
    await expect.poll(() => cards.count()).toBe(4);

    // Vary: the chat's variation of the whale (an edit of its kept image), posted in the group too.
    const editsBefore = stack.sim.requests().filter((r) => r.endpoint === 'edit').length;
    await page.locator('li.card', { hasText: 'a blue whale' }).first().getByRole('button', { name: 'Vary' }).click();
    await expect.poll(async () => page.locator('[role="status"]').innerText()).toBe('Started in Painters; the result will be posted there.');
    await fake.waitFor(() => fake.sent(group.id).filter((m) => m.method === 'sendPhoto').length === photosBefore + 2, 15_000);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'edit').length).toBe(editsBefore + 1);
    // The video card offers Run again but not Vary (a variation is of an image).
    await page.goto(web.url);
    const videoButtons = await page.locator('li.card', { hasText: 'ocean waves at dusk' }).getByRole('button').allInnerTexts();
    expect(videoButtons).toEqual(['Run again']);

    // Another member's job: 404 like an unknown id; a form without its token: 403, and nothing started.
    const theirs = (await stack.core.jobs(actor(other))).find((j) => j.prompt === 'not yours')!;
    const csrf = (await page.locator('input[name="csrf"]').first().getAttribute('value'))!;
    expect((await page.request.post(new URL(`/jobs/${theirs.id}/again`, web.url).href, { form: { csrf } })).status()).toBe(404);
    expect((await page.request.post(new URL(`/jobs/${theirs.id}/vary`, web.url).href, { form: { csrf } })).status()).toBe(404);
    const mine = jobs.find((j) => j.prompt === 'a red fox')!;
    expect((await page.request.post(new URL(`/jobs/${mine.id}/again`, web.url).href, { form: {} })).status()).toBe(403);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'image').length).toBe(imagesBefore + 1);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'edit').length).toBe(editsBefore + 1);
    await context.close();
  });

  /** axe-core's WCAG 2 A/AA findings on the open page (rule id and how many nodes), none expected. */
  async function axeFindings(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: AXE });
    const found = await page.evaluate<{ id: string; nodes: unknown[] }[]>("axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }).then((r) => r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) })))");
    return found.map((v) => `${v.id} ${JSON.stringify(v.nodes)}`);
  }

  it('settings change through the chat\'s /settings; failure references list; usable at 375 px; no axe findings', async () => {
    // bypassCSP only lets the test inject axe-core; the pages themselves load no script.
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
    const page = await signIn(member, context);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('aspect', { exact: true }).fill('16:9');
    await page.getByRole('button', { name: 'Save aspect' }).click();
    await expect.poll(async () => page.locator('[role="status"]').innerText()).toContain('16:9');
    expect(await page.getByLabel('aspect', { exact: true }).inputValue()).toBe('16:9');
    await page.getByLabel('n', { exact: true }).fill('99');
    await page.getByRole('button', { name: 'Save n' }).click();
    await expect.poll(async () => page.locator('[role="alert"]').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'member-settings-375.png'), fullPage: true });
    // No horizontal scrolling at phone width.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    // A failure shown in the chat is listed with its reference and the chat's words.
    const failed = await say(member, '/imagine a storm [[fault:server_error]] --size 512x512', (m) => /Reference [A-Z0-9]{6}/.test(textOf(m)), group.id);
    const ref = /Reference ([A-Z0-9]{6})/.exec(textOf(failed))![1]!;
    await page.getByRole('link', { name: 'Problems' }).click();
    await expect.poll(async () => page.locator('main').innerText()).toContain(ref);
    await page.goto(web.url);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, 'member-gallery-375.png'), fullPage: true });
    for (const path of ['/', '/balance', '/settings', '/failures']) {
      await page.goto(new URL(path, web.url).href);
      expect(await axeFindings(page), path).toEqual([]);
    }
    await context.close();
  });
});
