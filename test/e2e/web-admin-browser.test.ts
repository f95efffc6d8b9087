import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebServer } from '../../src/web/server.js';
import { startFakeTelegram, type FakeTelegram, type SentMessage } from '../fakes/telegram/index.js';
import { installedChromium } from '../support/browser.js';
import type { TestStack } from '../support/harness.js';
import { openHolds } from '../support/ledger.js';
import { groupActor, SHOTS, startWebBrowserStack, textOf, type WebBrowserStack } from '../support/web-browser-stack.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CHROMIUM = installedChromium();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The admin's web pages in a real browser (Debian's Chromium through playwright-core), over jobs really run through
 * the fake Telegram Bot API and the gateway simulator: usage by member, model and day with the interactive chart
 * drawn by echarts served from the bot (every request the browser makes goes to 127.0.0.1), the CSV equal to the
 * ledger; a block, a word rule and a queue cancel made in the web and obeyed in the chat; the audit rows of those
 * changes; a member's 403 on every admin page; a form without its token; the pages in Spanish and Chinese.
 */
describe.skipIf(!CHROMIUM)('admin web pages in Chromium', () => {
  let w: WebBrowserStack;
  let stack: TestStack;
  let fake: FakeTelegram;
  let web: WebServer;
  let browser: Browser;
  let group: Chat.SupergroupChat;
  let mia: User;
  let noah: User;
  let admin: User;
  const hosts = new Set<string>();

  const actor = (user: User) => groupActor(group, user);
  const at = (path: string) => new URL(path, web.url).href;

  /** Sends `text` in the group as `user` and waits for a bot message in `chatId` (default the group) matching `match`. */
  const say = (user: User, text: string, match: (m: SentMessage) => boolean, chatId = group.id) => w.say(group, user, text, match, chatId);
  const webLink = (user: User) => w.webLink(group, user);

  /** A new browser context signed in as `user`, every request's host recorded. */
  async function signIn(user: User): Promise<{ context: BrowserContext; page: Page }> {
    const url = await webLink(user);
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    context.on('request', (r) => hosts.add(new URL(r.url()).hostname));
    const page = await context.newPage();
    await page.goto(url);
    return { context, page };
  }

  /** Net spend per store user id, straight from the ledger of the group's scope. */
  async function ledgerByUser(): Promise<Map<string, number>> {
    const rows = await stack.store.db.selectFrom('ledger_entries').select(['user_id', 'kind', 'amount_micros']).where('kind', 'in', ['charge', 'refund']).execute();
    const out = new Map<string, number>();
    for (const r of rows) out.set(r.user_id, (out.get(r.user_id) ?? 0) + (r.kind === 'charge' ? r.amount_micros : -r.amount_micros));
    return out;
  }

  beforeAll(async () => {
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Painters' });
    mia = fake.user({ username: 'wa_mia', firstName: 'Mia' });
    noah = fake.user({ username: 'wa_noah', firstName: 'Noah' });
    admin = fake.user({ username: 'wa_admin', firstName: 'Ada' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    for (const u of [mia, noah, admin]) fake.privateChat(u);
    w = await startWebBrowserStack(fake, CHROMIUM!, { stack: { env: { DEFAULT_ALLOWANCE: '5', GATEWAY_TIMEOUT_MS: '60000' } } });
    ({ stack, web, browser } = w);

    // Real jobs through the chat: two models, two members.
    await say(mia, '/imagine a red fox --size 512x512', (m) => m.method === 'sendPhoto');
    await say(mia, '/imagine a tall lighthouse --model alpha-image-2-hd --size 512x512', (m) => m.method === 'sendPhoto');
    await say(noah, '/imagine a small boat --size 512x512', (m) => m.method === 'sendPhoto');
  });

  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });

  it('usage by member, model and day: the chart drawn by echarts from the bot, its table, the CSV equal to the ledger', async () => {
    const { context, page } = await signIn(admin);
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Usage' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/usage');
    expect(await page.locator('h1').innerText()).toBe('Usage in Painters');

    const byMember = page.locator('table[aria-labelledby="by-member"]');
    const byModel = page.locator('table[aria-labelledby="by-model"]');
    const ledger = await ledgerByUser();
    const total = [...ledger.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    const money = (m: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(m / 1e6);
    expect(await byMember.locator('tbody tr').count()).toBe(3); // Mia, Noah, total
    expect(await byMember.locator('tr', { hasText: 'Mia' }).innerText()).toContain('2');
    expect(await byMember.locator('tr.total').innerText()).toContain(money(total));
    const models = await byModel.locator('tbody th').allInnerTexts();
    expect(models).toContain('alpha-image-2-hd');
    expect(models.length).toBe(3); // the default model, the hd one, the total

    // The chart: echarts from the bot, a canvas with ink on it, and the same numbers in the table after it.
    await page.locator('#usage-chart[data-chart-ready="1"] canvas').first().waitFor({ timeout: 10_000 });
    // Pixels that are not white on the chart's first canvas (the browser's DOM, written as a string: no DOM types here).
    const inked = await page.evaluate<number>(`(() => {
      const c = document.querySelector('#usage-chart canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200)) n++;
      return n;
    })()`);
    expect(inked).toBeGreaterThan(500);
    const chartTable = page.locator('figure + .table-wrap table');
    expect(await chartTable.locator('thead').innerText()).toContain('Mia');
    expect(await chartTable.locator('tbody').innerText()).toContain(money(total));
    await page.screenshot({ path: join(SHOTS, 'admin-usage-en.png'), fullPage: true });

    // The CSV: the chat's /usage report, its rows equal to the ledger.
    const href = (await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href'))!;
    const csv = await page.request.get(at(href));
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="usage-month-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trim().split('\r\n').map((l) => l.split(','));
    expect(lines[0]).toEqual(['user_id', 'display_name', 'username', 'jobs', 'images', 'video_seconds', 'tokens', 'spent_micros', 'spent_usd', 'period_start', 'period_end']);
    const rows = lines.slice(1).filter((l) => l[0] !== 'TOTAL');
    expect(new Map(rows.map((l) => [l[0]!, Number(l[7])]))).toEqual(ledger);
    expect(Number(lines.find((l) => l[0] === 'TOTAL')![7])).toBe(total);
    const chat = await stack.core.admin(actor(admin), { op: 'usage', period: 'month' });
    expect(chat.ok && chat.value.csv?.content).toBe(await csv.text());

    // Nothing came from anywhere but the bot.
    expect([...hosts]).toEqual(['127.0.0.1']);
    await context.close();
  });

  it('an admin blocks a member in the web; that member is refused in the chat; the audit log shows it', async () => {
    const { context, page } = await signIn(admin);
    await page.goto(at('/admin'));
    const row = page.locator('tr', { hasText: 'Noah' });
    await row.getByRole('button', { name: 'Block Noah' }).click();
    await expect.poll(() => page.locator('[role="status"]').innerText()).toContain('can no longer start paid jobs');
    expect(await page.locator('tr', { hasText: 'Noah' }).locator('td').nth(1).innerText()).toBe('yes');
    await page.screenshot({ path: join(SHOTS, 'admin-budgets-en.png'), fullPage: true });

    const noahId = (await stack.core.resolveActor(actor(noah))).userId;
    const spentBefore = (await ledgerByUser()).get(noahId);
    const requestsBefore = stack.sim.requests().length;
    const refused = await say(noah, '/imagine another boat --size 512x512', (m) => m.method === 'sendMessage' && textOf(m).includes('blocked'));
    expect(textOf(refused)).toContain('An admin has blocked you');
    // Refused before the gateway: nothing asked of it, nothing charged, nothing held.
    expect(stack.sim.requests().length).toBe(requestsBefore);
    expect((await ledgerByUser()).get(noahId)).toBe(spentBefore);
    expect(await openHolds(stack.store)).toBe(0);

    await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Audit log' }).click();
    const first = page.locator('table.audit tbody tr').first();
    expect(await first.innerText()).toContain('user.block');
    expect(await first.innerText()).toContain('Ada');

    // Unblocked again through the same row: the chat's command, audited too.
    await page.goto(at('/admin'));
    await page.locator('tr', { hasText: 'Noah' }).getByRole('button', { name: 'Unblock Noah' }).click();
    await expect.poll(() => page.locator('[role="status"]').innerText()).toContain('can start paid jobs here again');
    await context.close();
  });

  it('a word rule set in the web refuses a member\'s prompt free of charge', async () => {
    const { context, page } = await signIn(admin);
    await page.goto(at('/admin/rules'));
    await page.getByLabel('Word or pattern to refuse').fill('dragon');
    await page.getByLabel('Message shown when a prompt is refused (optional)').fill('No dragons in Painters.');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => page.locator('[role="status"]').innerText()).toContain('dragon');
    expect(await page.locator('pre.text').first().innerText()).toContain('dragon');

    const spentBefore = (await ledgerByUser()).get((await stack.core.resolveActor(actor(mia))).userId) ?? 0;
    const jobsBefore = (await stack.core.jobs(actor(mia))).length;
    const refused = await say(mia, '/imagine a green dragon --size 512x512', (m) => textOf(m).includes('No dragons in Painters.'));
    expect(refused.method).toBe('sendMessage');
    expect((await stack.core.jobs(actor(mia))).length).toBe(jobsBefore);
    expect((await ledgerByUser()).get((await stack.core.resolveActor(actor(mia))).userId) ?? 0).toBe(spentBefore);

    await page.goto(at('/admin/audit'));
    expect(await page.locator('table.audit').innerText()).toContain('words.add');
    await context.close();
  });

  it("an admin cancels a member's waiting job from the queue page: its hold is released", async () => {
    // The gateway is busy with another client's request: the member's job waits in line for it.
    stack.sim.gate.configure({ limit: 1 });
    stack.sim.gate.occupy(stack.sim.tokens.media, 1, 20_000);
    const waiting = async () => (await stack.core.queue(actor(admin), true)).items.find((i) => i.phase !== 'running');
    fake.sendText({ chat: group, from: mia, text: '/imagine a patient owl --size 512x512' });
    await expect.poll(waiting, { timeout: 15_000 }).toBeDefined();
    const job = (await waiting())!;
    expect(await openHolds(stack.store)).toBe(1);

    const { context, page } = await signIn(admin);
    await page.goto(at('/admin/queue'));
    const row = page.locator('tr', { hasText: job.jobId });
    expect(await row.innerText()).toContain('alpha-image-2');
    await row.getByRole('button', { name: `Cancel ${job.jobId}` }).click();
    await expect.poll(() => page.locator('[role="status"]').innerText()).toContain(job.jobId);
    await expect.poll(() => openHolds(stack.store), { timeout: 10_000 }).toBe(0);
    const j = await stack.core.job(actor(mia), job.jobId);
    expect(j.ok && j.value.money.outcome).not.toBe('charged');
    stack.sim.gate.configure(undefined);
    await context.close();
  });

  it('a failure a member met is listed on the references page with its logged detail', async () => {
    const failed = await say(mia, '/imagine a broken vase [[fault:server_error]] --size 512x512', (m) => /\b[A-Z0-9]{6}\b/.test(textOf(m)) && /Reference|reference/.test(textOf(m)));
    const ref = /\b([A-Z0-9]{6})\b/.exec(textOf(failed).slice(textOf(failed).search(/[Rr]eference/)))![1]!;
    await expect.poll(async () => (await stack.core.webCommunityFailureRefs(actor(admin))).map((r) => r.ref), { timeout: 10_000 }).toContain(ref);
    const { context, page } = await signIn(admin);
    await page.goto(at('/admin/refs'));
    const row = page.locator('table.refs tr', { hasText: ref });
    await row.locator('summary').click();
    const detail = await row.locator('code.json').innerText();
    expect(detail).toContain('"code":"gateway_down"');
    expect(detail).toContain('upstream connection error');
    // The same reference looked up by its code: the chat's /job <ref> answer.
    await page.getByLabel('Reference (e.g. K7Q2XM)').fill(ref);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => page.locator('[role="status"]').innerText()).toContain(ref);
    await context.close();
  });

  it('a member gets 403 on every admin page and form; a form without its token is refused', async () => {
    const { context, page } = await signIn(mia);
    for (const path of ['/admin', '/admin/usage', '/admin/usage.csv', '/admin/prices', '/admin/rules', '/admin/queue', '/admin/refs', '/admin/audit']) {
      expect((await page.request.get(at(path))).status(), path).toBe(403);
    }
    const csrf = (await page.locator('input[name="csrf"]').first().getAttribute('value'))!;
    expect((await page.request.post(at('/admin/run/budget-block'), { form: { csrf, user: `telegram:${noah.id}` } })).status()).toBe(403);
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    // The member's own balance page draws their allowance chart with the same scripts.
    await page.getByRole('link', { name: 'Balance', exact: true }).click();
    await page.locator('#balance-chart[data-chart-ready="1"] canvas').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('figure + .table-wrap table thead').innerText()).toContain('allowance');
    await page.screenshot({ path: join(SHOTS, 'balance-chart-en.png'), fullPage: true });
    await context.close();

    const own = await signIn(admin);
    // The admin's own session, but no form token: nothing is done (Noah stays unblocked).
    expect((await own.page.request.post(at('/admin/run/budget-block'), { form: { user: `telegram:${noah.id}` } })).status()).toBe(403);
    expect((await own.page.request.post(at('/admin/run/words-clear'), { form: { csrf: 'x'.repeat(43) } })).status()).toBe(403);
    await own.page.goto(at('/admin'));
    expect(await own.page.locator('tr', { hasText: 'Noah' }).locator('td').nth(1).innerText()).toBe('no');
    await own.context.close();
  });

  it('the admin pages in Spanish and in Chinese', async () => {
    fake.sendText({ chat: group, from: admin, text: '/language es' });
    await expect.poll(() => stack.core.locale(actor(admin)), { timeout: 10_000 }).toBe('es');
    let s = await signIn(admin);
    await s.page.goto(at('/admin/usage'));
    expect(await s.page.locator('html').getAttribute('lang')).toBe('es');
    expect(await s.page.locator('h1').innerText()).toBe('Uso en Painters');
    expect(await s.page.getByRole('navigation', { name: 'Páginas de administración' }).getByRole('link', { name: 'Uso' }).getAttribute('aria-current')).toBe('page');
    await s.page.locator('#usage-chart[data-chart-ready="1"] canvas').first().waitFor({ timeout: 10_000 });
    expect(await s.page.getByRole('link', { name: 'Descargar como CSV' }).count()).toBe(1);
    await s.page.screenshot({ path: join(SHOTS, 'admin-usage-es.png'), fullPage: true });
    await s.context.close();

    fake.sendText({ chat: group, from: admin, text: '/language zh-CN' });
    await expect.poll(() => stack.core.locale(actor(admin)), { timeout: 10_000 }).toBe('zh-CN');
    s = await signIn(admin);
    await s.page.goto(at('/admin/audit'));
    expect(await s.page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await s.page.locator('h1').innerText()).toBe('Painters 的审计日志');
    expect(await s.page.locator('table.audit thead').innerText()).toContain('操作人');
    await s.page.goto(at('/admin/rules'));
    expect(await s.page.getByLabel('要拒绝的词语或模式').count()).toBe(1);
    await s.page.screenshot({ path: join(SHOTS, 'admin-rules-zh-CN.png'), fullPage: true });
    await s.context.close();
    expect([...hosts]).toEqual(['127.0.0.1']);
  });

  it('is usable 375 px wide: no page scrolls sideways, every input has a label, axe-core finds no WCAG A/AA violation', async () => {
    const url = await webLink(admin);
    // CSP bypassed only to inject axe-core (the pages' own scripts come from the bot either way).
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(url);
    for (const path of ['/admin', '/admin/usage', '/admin/prices', '/admin/rules', '/admin/queue', '/admin/refs', '/admin/audit']) {
      await page.goto(at(path));
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, path).toBeLessThanOrEqual(0);
      const unlabelled = await page.evaluate<number>(`[...document.querySelectorAll('input:not([type="hidden"]), select')].filter((e) => !e.labels || e.labels.length === 0).length`);
      expect(unlabelled, path).toBe(0);
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate<string[]>(
        `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
      );
      expect(violations, path).toEqual([]);
    }
    await page.goto(at('/admin/usage'));
    await page.locator('#usage-chart[data-chart-ready="1"] canvas').first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(SHOTS, 'admin-usage-375.png'), fullPage: true });
    await context.close();
  });
});
