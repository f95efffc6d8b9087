/**
 * Telegram behind a load balancer, three bot processes (three apps: own core, poller, Redis connection; one SQLite
 * database, one simulator, one Redis prefix) in webhook mode on one fake Bot API. A small balancer in front of them
 * sends each update to the process(es) a test chooses: a setup link made in one process is opened in a second and the
 * token pasted in a third; the parts of an album land on different processes and make one job; every update sprayed
 * to all three at once is handled exactly once. Skipped (printed) without Redis; a failure with
 * MEDIABOT_REQUIRE_SERVICES=1.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Chat, Update, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import { webhookSecret, type TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { encodePng } from '../../src/simulator/png.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { appOnSameDatabase } from '../support/more-apps.js';
import { dropPrefix, dumpPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';
import { startTelegramFor } from '../support/telegram-bot.js';

const redisUp = await redisForTests('Telegram across three processes');

type Msg = { message_id: number; text?: string; reply_to_message?: { message_id: number } };

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** POSTs a webhook body to one process; resolves with the status (0 on a network error). */
function forward(port: number, body: Buffer, secret: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/telegram/hook', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length, ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) } },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', () => resolve(0));
    req.end(body);
  });
}

/** The load balancer: forwards each webhook POST to the processes `route` picks (all at once), answers 200 if any did. */
class Balancer {
  route: (u: Update, n: number) => number[] = (_u, n) => [n % 3];
  readonly seen: { updateId: number; to: number[] }[] = [];
  private count = 0;
  private server: Server;
  url = '';

  constructor(private readonly ports: number[]) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const update = JSON.parse(body.toString('utf8')) as Update;
        const to = this.route(update, this.count++);
        this.seen.push({ updateId: update.update_id, to });
        const secret = req.headers['x-telegram-bot-api-secret-token'];
        void Promise.all(to.map((i) => forward(this.ports[i]!, body, typeof secret === 'string' ? secret : undefined))).then((codes) => {
          res.writeHead(codes.includes(200) ? 200 : 502).end();
        });
      });
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/telegram/hook`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

describe.skipIf(!redisUp)('Telegram across three processes behind a load balancer (webhook, Redis)', () => {
  const prefix = uniquePrefix('telegram-lb');
  let stack: TestStack;
  let apps: App[];
  let fake: FakeTelegram;
  let balancer: Balancer;
  const bots: TelegramHandle[] = [];
  const logLines: string[] = [];
  let group: Chat.SupergroupChat;
  let admin: User;

  const actor = (chat: Chat, user: User): Actor => ({
    scope: { platform: 'telegram', externalId: String(chat.id), kind: chat.type === 'private' ? 'private' : 'group' },
    user: { platform: 'telegram', externalId: String(user.id) },
  });
  const repliesTo = (chatId: number, msgId: number) => fake.sent(chatId).filter((m) => m.replyToMessageId === msgId);
  const replyCall = (chat: Chat, msgId: number) => (c: { method: string; ok: boolean; params: Record<string, unknown>; result?: unknown }) =>
    c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg).reply_to_message?.message_id === msgId;

  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, MAX_JOBS_PER_USER: '4' };
    stack = await createTestStack({ env, startPoller: false });
    apps = [stack.app, await appOnSameDatabase(stack, env), await appOnSameDatabase(stack, env)];
    fake = await startFakeTelegram({ webhookRetryMs: 100 });
    group = fake.supergroup({ title: 'Balanced' });
    admin = fake.user({ username: 'lead' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    const ports = [await freePort(), await freePort(), await freePort()];
    balancer = new Balancer(ports);
    await balancer.listen();
    for (let i = 0; i < 3; i++) bots.push(await startTelegramFor(stack, fake, logLines, { app: apps[i]!, webhookUrl: balancer.url, webhookPort: ports[i]!, tuning: { albumQuietMs: 200 } }));
  }, 30_000);

  afterAll(async () => {
    for (const b of bots) await b.stop();
    await balancer?.close();
    await fake?.close();
    for (const a of apps?.slice(1) ?? []) await a.close();
    await stack?.close();
    await dropPrefix(prefix);
  });

  it('every process registers the same webhook URL and the same secret, derived from the bot token', () => {
    const sets = fake.calls.filter((c) => c.method === 'setWebhook');
    expect(sets).toHaveLength(3);
    expect(new Set(sets.map((c) => String(c.params.secret_token)))).toEqual(new Set([webhookSecret(fake.token)]));
    expect(webhookSecret(fake.token)).not.toContain(fake.token.split(':')[1]!.slice(0, 8));
  });

  it('a setup link made in process 1 is opened in process 2 and the token pasted in process 3 links it, once', async () => {
    const token = `sk-lb${'M3k8'.repeat(10)}QW77`;
    stack.sim.addToken(token, 'media');
    const order = [0, 1, 2];
    balancer.route = (_u, n) => [order[n % 3]!];
    const before = balancer.seen.length;

    const cmd = fake.sendText({ chat: group, from: admin, text: '/setup' });
    await fake.waitFor(replyCall(group, cmd.message_id), 5000);
    const offer = fake.sent(group.id).find((m) => m.replyToMessageId === cmd.message_id)!;
    const payload = /start=(s_[A-Za-z0-9_-]+)$/.exec((offer.replyMarkup?.inline_keyboard[0]?.[0] as { url?: string }).url ?? '')?.[1];
    expect(payload).toBeDefined();

    const dm = fake.privateChat(admin);
    const open = fake.sendText({ chat: dm, from: admin, text: `/start ${payload}` });
    await fake.waitFor(replyCall(dm, open.message_id), 5000);
    expect(repliesTo(dm.id, open.message_id)[0]?.text).toMatch(/Paste the gateway token for "Balanced"/);

    // While the link is open, Redis holds who may answer and for which group, never a secret.
    const open_ = await dumpPrefix(prefix);
    expect(open_).toMatch(/:token-wait:/);
    expect(open_).not.toContain(fake.token);
    const pasted = fake.sendText({ chat: dm, from: admin, text: token });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(dm.id) && String(c.params.text).includes('QW77'), 5000);
    const stored = await dumpPrefix(prefix);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('QW77');
    expect(stored).not.toContain(fake.token);
    expect(fake.deleted).toContainEqual(expect.objectContaining({ chatId: dm.id, messageId: pasted.message_id }));
    // The three steps went to the three processes, one each.
    expect(balancer.seen.slice(before).map((s) => s.to)).toEqual([[0], [1], [2]]);

    // Used once: opening it again (through process 1 this time) is refused.
    const again = fake.sendText({ chat: dm, from: admin, text: `/start ${payload}` });
    await fake.waitFor(replyCall(dm, again.message_id), 5000);
    expect(repliesTo(dm.id, again.message_id)[0]?.text).toMatch(/already used/);
    expect((await apps[1]!.core.gatewayBalance(actor(group, admin))).ok && (await apps[2]!.core.gatewayBalance(actor(group, admin))).ok).toBe(true);
    expect(logLines.join('') + stack.logs()).not.toContain(token);
  });

  it('the parts of an album land on three processes and make one /edit job with every part, answered once', async () => {
    const src = await encodePng(64, 48, { r: 20, g: 160, b: 90 });
    balancer.route = (_u, n) => [n % 3];
    const user = fake.user({ username: 'collage' });
    const beforeEdits = stack.sim.requests().filter((r) => r.endpoint === 'edit').length;
    const parts = fake.sendAlbum({ chat: group, from: user, caption: '/edit make it teal', photos: [src, src, src] });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as Msg).reply_to_message?.message_id === parts[0]!.message_id, 10_000);
    await new Promise((r) => setTimeout(r, 600)); // any second album would have fired by now
    const edits = stack.sim.requests().filter((r) => r.endpoint === 'edit').slice(beforeEdits);
    expect(edits).toHaveLength(1);
    expect(edits[0]?.imageParts).toBe(3);
    expect(repliesTo(group.id, parts[0]!.message_id).filter((m) => m.method === 'sendPhoto')).toHaveLength(1);
    expect(new Set(balancer.seen.filter((s) => parts.some((p) => fake.webhookDeliveries.some((d) => d.updateId === s.updateId && d.update.message?.message_id === p.message_id))).map((s) => s.to[0]))).toEqual(new Set([0, 1, 2]));
  });

  it('Edit pressed through one process asks with a force-reply prompt; the answer reaching another process runs it', async () => {
    const user = fake.user({ username: 'retoucher' });
    balancer.route = () => [0];
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a red kite' });
    const photo = (await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as Msg).reply_to_message?.message_id === cmd.message_id, 8000)).result as Msg & { reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } };
    const edit = photo.reply_markup!.inline_keyboard.flat().find((b) => b.text === 'Edit')!;
    const press = fake.pressButton({ chat: group, from: user, message: photo.message_id, data: edit.callback_data! });
    await fake.waitFor((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === press.id);
    const prompt = (await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as Msg).reply_to_message?.message_id === photo.message_id, 5000)).result as Msg;
    balancer.route = () => [1];
    const edits = stack.sim.requests().filter((r) => r.endpoint === 'edit').length;
    const answer = fake.sendText({ chat: group, from: user, text: 'make it blue', replyTo: prompt.message_id });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as Msg).reply_to_message?.message_id === answer.message_id, 8000);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'edit').length - edits).toBe(1);
    expect(balancer.seen.at(-1)?.to).toEqual([1]);
  });

  it('updates sprayed to all three processes at once are each handled exactly once (replies, jobs, charges)', async () => {
    balancer.route = () => [0, 1, 2];
    const members = Array.from({ length: 6 }, (_, i) => fake.user({ username: `spray${i}` }));
    const asks = members.map((m) => fake.sendText({ chat: group, from: m, text: '/balance' }));
    const imageBefore = stack.sim.requests().filter((r) => r.endpoint === 'image').length;
    const painter = fake.user({ username: 'painter' });
    const paint = fake.sendText({ chat: group, from: painter, text: '/imagine a lighthouse at dusk' });
    for (const a of asks) await fake.waitFor(replyCall(group, a.message_id), 8000);
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as Msg).reply_to_message?.message_id === paint.message_id, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    for (const a of asks) expect(repliesTo(group.id, a.message_id)).toHaveLength(1);
    expect(repliesTo(group.id, paint.message_id).filter((m) => m.method === 'sendPhoto')).toHaveLength(1);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'image').length - imageBefore).toBe(1);
    expect((await stack.core.balance(actor(group, painter))).spentMicros).toBe(10_000);
    // Each of those updates really reached all three processes.
    const sprayed = balancer.seen.filter((s) => s.to.length === 3);
    expect(sprayed.length).toBeGreaterThanOrEqual(7);
    expect(logLines.join('')).toMatch(/telegram update dropped: a process on this database already claimed it/);
  });

  it('a process cut off from Redis answers "try again in a moment": no job, no charge; a pasted token is still deleted', async () => {
    balancer.route = () => [2];
    await apps[2]!.coordination.close();
    const user = fake.user({ username: 'unlucky' });
    const imagesBefore = stack.sim.requests().filter((r) => r.endpoint === 'image').length;
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a quiet harbour' });
    await fake.waitFor(replyCall(group, cmd.message_id), 8000);
    expect(repliesTo(group.id, cmd.message_id)[0]?.text).toMatch(/^The bot cannot start new requests right now \(its shared limits are out of reach\)\. Try again in a moment; requests already running are not affected, and nothing was charged\./);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'image').length).toBe(imagesBefore);
    expect((await stack.core.balance(actor(group, user))).spentMicros).toBe(0);

    const dm = fake.privateChat(user);
    const pasted = fake.sendText({ chat: dm, from: user, text: `sk-${'Zq4'.repeat(12)}` });
    await fake.waitFor(replyCall(dm, pasted.message_id), 5000);
    expect(repliesTo(dm.id, pasted.message_id)[0]?.text).toMatch(/^I cannot take that right now .* Try again in a moment; nothing was charged\.$/);
    expect(fake.deleted).toContainEqual(expect.objectContaining({ chatId: dm.id, messageId: pasted.message_id }));
  });
});
