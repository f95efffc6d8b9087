import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Chat, Update, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram, type WebhookDelivery } from '../fakes/telegram/index.js';
import { startTelegramFor } from '../support/telegram-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** A port that was free a moment ago (the adapter needs the port before it listens, to name it in the URL). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** POSTs (or GETs) raw bytes to a loopback URL; resolves with the status, or the network error code. */
function post(url: string, body: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<{ status?: number; error?: string }> {
  const bytes = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = request(url, { method, agent: false, headers: { 'content-type': 'application/json', 'content-length': bytes.length, ...headers } }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.once('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(bytes);
  });
}

/** Calls a Bot API method on the fake directly. */
async function callApi(fake: FakeTelegram, method: string, params: Record<string, unknown> = {}): Promise<{ ok: boolean; error_code?: number; result?: unknown }> {
  const res = await fetch(`${fake.apiRoot}/bot${fake.token}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) });
  return (await res.json()) as { ok: boolean; error_code?: number; result?: unknown };
}

describe('fake Telegram: webhook delivery', () => {
  let fake: FakeTelegram;
  let hook: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; update: Update; at: number }[] = [];
  let refuseNext = 1;

  beforeAll(async () => {
    fake = await startFakeTelegram({ webhookRetryMs: 80 });
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, update: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Update, at: Date.now() });
        if (refuseNext > 0) {
          refuseNext--;
          res.writeHead(500).end();
        } else res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    await fake?.close();
    await new Promise<void>((resolve) => (hook ? hook.close(() => resolve()) : resolve()));
  });

  it('POSTs queued updates one at a time with the secret header, retries a 500, and getUpdates answers 409', async () => {
    const user = fake.user();
    const chat = fake.privateChat(user);
    const early = fake.sendText({ chat, from: user, text: 'queued before the webhook' });
    expect((await callApi(fake, 'setWebhook', { url, secret_token: 'S3cret_token-1', allowed_updates: ['message'] })).ok).toBe(true);
    const later = fake.sendText({ chat, from: user, text: 'queued after' });
    const ok = await fake.waitForDelivery((d) => d.status === 200 && d.update.message?.text === 'queued after');

    expect(received.map((r) => r.update.message?.message_id)).toEqual([early.message_id, early.message_id, later.message_id]);
    expect(received.every((r) => r.headers[SECRET_HEADER] === 'S3cret_token-1' && r.headers['content-type'] === 'application/json')).toBe(true);
    expect(fake.webhookDeliveries.map((d) => d.status)).toEqual([500, 200, 200]);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(70);
    expect(ok.withSecret).toBe(true);
    expect(fake.pendingUpdates).toBe(0);
    expect((await callApi(fake, 'getUpdates')).error_code).toBe(409);
    expect(((await callApi(fake, 'getWebhookInfo')).result as { url: string }).url).toBe(url);
  });

  it('respects allowed_updates from setWebhook and stops pushing after deleteWebhook', async () => {
    const user = fake.user();
    const chat = fake.privateChat(user);
    const msg = fake.sendText({ chat, from: user, text: 'hi' });
    fake.pressButton({ chat, from: user, message: msg, data: 'x' });
    const marker = fake.sendText({ chat, from: user, text: 'marker' });
    await fake.waitForDelivery((d) => d.status === 200 && d.update.message?.text === 'marker' && d.update.message.message_id === marker.message_id);
    expect(received.some((r) => r.update.callback_query)).toBe(false);

    expect((await callApi(fake, 'deleteWebhook')).ok).toBe(true);
    const before = fake.webhookDeliveries.length;
    fake.sendText({ chat, from: user, text: 'after delete' });
    const polled = await callApi(fake, 'getUpdates', { timeout: 0 });
    expect(polled.ok).toBe(true);
    expect((polled.result as Update[]).map((u) => u.message?.text)).toEqual(['after delete']);
    expect(fake.webhookDeliveries.length).toBe(before);
  });
});

/** Webhook mode of the real adapter: grammY's webhookCallback on webhookPort, setWebhook with a random secret. */
describe('Telegram adapter: webhook mode', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let webhookUrl: string;
  const logLines: string[] = [];

  const actor = (user: User): Actor => ({
    scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' },
    user: { platform: 'telegram', externalId: String(user.id) },
  });
  const replyTo = (id: number) => (c: { method: string; ok: boolean; result?: unknown }) => c.ok && (c.result as { reply_to_message?: { message_id: number } } | undefined)?.reply_to_message?.message_id === id;

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram({ webhookRetryMs: 100 });
    group = fake.supergroup({ title: 'Webhookers' });
    const port = await freePort();
    webhookUrl = `http://127.0.0.1:${port}/telegram/hook`;
    tg = await startTelegramFor(stack, fake, logLines, { webhookUrl, webhookPort: port });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('registers the webhook URL with a random secret and never long-polls', () => {
    const set = fake.calls.filter((c) => c.method === 'setWebhook');
    expect(set).toHaveLength(1);
    expect(set[0]!.ok).toBe(true);
    expect(set[0]!.params.url).toBe(webhookUrl);
    expect(String(set[0]!.params.secret_token)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(set[0]!.params.allowed_updates).toEqual(['message', 'callback_query']);
    expect(fake.webhook?.url).toBe(webhookUrl);
    expect(fake.calls.some((c) => c.method === 'getUpdates')).toBe(false);
  });

  it('/imagine in a group arrives through the webhook and a photo is posted', async () => {
    const user = fake.user({ username: 'hooked' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a cat' });
    const photo = await fake.waitFor((c) => c.method === 'sendPhoto' && replyTo(cmd.message_id)(c), 8000);
    expect(photo.uploads[0]?.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const delivery = fake.webhookDeliveries.find((d) => d.status === 200 && d.withSecret)!;
    expect(delivery.url).toBe(webhookUrl);
    expect(fake.pendingUpdates).toBe(0);
    expect((await stack.core.balance(actor(user))).spentMicros).toBe(10_000);
  });

  it('a POST without or with a wrong secret is refused with 401 and does nothing; GET is 405', async () => {
    const intruder = fake.user({ username: 'intruder' });
    const forged = (id: number): Update => ({
      update_id: 900_000_000 + id,
      message: { message_id: 50_000 + id, date: Math.floor(Date.now() / 1000), chat: group, from: intruder, text: '/imagine forged', entities: [{ type: 'bot_command', offset: 0, length: 8 }] },
    });
    const imagesBefore = stack.sim.requests().filter((r) => r.endpoint === 'image').length;
    expect((await post(webhookUrl, forged(1))).status).toBe(401);
    expect((await post(webhookUrl, forged(2), { [SECRET_HEADER]: 'not-the-secret' })).status).toBe(401);
    expect((await post(webhookUrl, forged(3), {}, 'GET')).status).toBe(405);

    // A genuine update afterwards is answered, so the refused ones had their chance to do something.
    const member = fake.user();
    const hello = fake.sendText({ chat: group, from: member, text: '/balance' });
    await fake.waitFor((c) => c.method === 'sendMessage' && replyTo(hello.message_id)(c), 5000);
    const forgedIds = [50_001, 50_002, 50_003];
    expect(fake.calls.filter((c) => forgedIds.some((id) => JSON.stringify(c.params).includes(String(id))))).toEqual([]);
    expect(fake.sent(group.id).filter((m) => forgedIds.includes(m.replyToMessageId ?? 0))).toEqual([]);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'image').length).toBe(imagesBefore);
  });

  it('logs carry neither the bot token nor the webhook secret, and no handler failed', () => {
    const secret = String(fake.webhook?.secretToken);
    const logs = logLines.join('') + stack.logs();
    expect(logs).not.toContain(fake.token);
    expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/telegram handler failed|telegram webhook request failed|background task failed/);
  });

  it('stop() lets an update being handled finish, closes the listener, and leaves the webhook registered (no deleteWebhook)', async () => {
    // The /balance reply meets a 1 s flood wait, so the webhook request is still open when stop() begins.
    fake.rateLimitNext('sendMessage', 1);
    const asker = fake.user();
    const slow = fake.sendText({ chat: group, from: asker, text: '/balance' });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.errorCode === 429, 5000);
    await tg.stop();
    expect(fake.calls.some((c) => c.method === 'sendMessage' && replyTo(slow.message_id)(c))).toBe(true);
    // The fake records a delivery when the answer reaches it, a moment after the adapter's listener has closed.
    const isSlow = (d: WebhookDelivery) => d.update.message?.message_id === slow.message_id && d.update.message.chat.id === group.id;
    const answered = await fake.waitForDelivery(isSlow);
    expect(fake.webhookDeliveries.filter(isSlow).map((d) => d.status ?? d.error)).toEqual([200]);
    expect(fake.pendingUpdates).toBe(0);

    expect((await post(webhookUrl, {})).error).toBe('ECONNREFUSED');
    expect(fake.calls.some((c) => c.method === 'deleteWebhook')).toBe(false);
    expect(fake.webhook?.url).toBe(webhookUrl);

    // Telegram keeps what arrives meanwhile and retries; nothing is lost or answered.
    const late = fake.sendText({ chat: group, from: fake.user(), text: '/balance' });
    const failed = await fake.waitForDelivery((d) => d.error === 'ECONNREFUSED' && d.update.message?.message_id === late.message_id);
    expect(failed.updateId).toBeGreaterThan(answered.updateId);
    expect(failed.url).toBe(webhookUrl);
    expect(fake.pendingUpdates).toBe(1);
    expect(fake.sent(group.id).some((m) => m.replyToMessageId === late.message_id)).toBe(false);
  });
});
