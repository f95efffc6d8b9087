/**
 * A group upgraded to a supergroup while two bot processes share one webhook behind a load balancer. Telegram may
 * deliver updates over several connections at once, so the upgrade's service messages (`migrate_to_chat_id` in the
 * old group, `migrate_from_chat_id` in the new one) can still be in flight on process A while process B already
 * handles a member's command in the new supergroup. The balancer here plays that: it accepts the two service messages
 * at once and forwards them to A only after B answered the command. The community must still be one community:
 * the new id's early job joins it, and its token, budget and history stay in force.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Chat, Update, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { appOnSameDatabase } from '../support/more-apps.js';
import { startTelegramFor } from '../support/telegram-bot.js';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

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

/** Routes every update to process `to`; while `holding`, accepts group-upgrade messages at once and keeps them. */
class Balancer {
  to = 0;
  holding = false;
  private readonly held: { body: Buffer; secret: string | undefined }[] = [];
  private readonly server: Server;
  url = '';

  constructor(private readonly ports: number[]) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const update = JSON.parse(body.toString('utf8')) as Update;
        const header = req.headers['x-telegram-bot-api-secret-token'];
        const secret = typeof header === 'string' ? header : undefined;
        const m = update.message as { migrate_to_chat_id?: number; migrate_from_chat_id?: number } | undefined;
        if (this.holding && m && (m.migrate_to_chat_id !== undefined || m.migrate_from_chat_id !== undefined)) {
          this.held.push({ body, secret });
          res.writeHead(200).end();
          return;
        }
        void forward(this.ports[this.to]!, body, secret).then((code) => res.writeHead(code === 200 ? 200 : 502).end());
      });
    });
  }

  get heldCount(): number {
    return this.held.length;
  }

  /** Forwards the kept messages to process `to`, in order. */
  async release(to: number): Promise<void> {
    this.holding = false;
    for (const h of this.held.splice(0)) expect(await forward(this.ports[to]!, h.body, h.secret)).toBe(200);
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

describe('Telegram: a group upgraded while two processes share the webhook', () => {
  let stack: TestStack;
  let apps: App[];
  let fake: FakeTelegram;
  let balancer: Balancer;
  const bots: TelegramHandle[] = [];
  const lines: string[] = [];

  const actor = (chat: Chat, user: User): Actor => ({
    scope: { platform: 'telegram', externalId: String(chat.id), kind: 'group' },
    user: { platform: 'telegram', externalId: String(user.id) },
  });
  const scopeRow = (externalId: number) => stack.store.db.selectFrom('scopes').selectAll().where('platform', '=', 'telegram').where('external_id', '=', String(externalId)).executeTakeFirst();
  const photoReplyTo = (chat: Chat, msgId: number) => (c: { method: string; ok: boolean; params: Record<string, unknown>; result?: unknown }) =>
    c.method === 'sendPhoto' && c.ok && Number(c.params.chat_id) === chat.id && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === msgId;

  beforeAll(async () => {
    // An operator token pays too: a command the new id handles as a stranger would run, on the operator's money.
    stack = await createTestStack({ env: { DEFAULT_ALLOWANCE: '5' }, startPoller: false });
    apps = [stack.app, await appOnSameDatabase(stack, { DEFAULT_ALLOWANCE: '5' })];
    fake = await startFakeTelegram({ webhookRetryMs: 100 });
    const ports = [await freePort(), await freePort()];
    balancer = new Balancer(ports);
    await balancer.listen();
    for (let i = 0; i < 2; i++) bots.push(await startTelegramFor(stack, fake, lines, { app: apps[i]!, webhookUrl: balancer.url, webhookPort: ports[i]! }));
  }, 30_000);

  afterAll(async () => {
    for (const b of bots) await b.stop();
    await balancer?.close();
    await fake?.close();
    for (const a of apps?.slice(1) ?? []) await a.close();
    await stack?.close();
  });

  it('a command in the supergroup handled before the upgrade message is merged into the community, which keeps its token and budget', async () => {
    const token = `sk-mig${'Q7p2'.repeat(10)}ZZ11`;
    stack.sim.addToken(token, 'media');
    const admin = fake.user({ username: 'ada' });
    const group = fake.basicGroup({ title: 'Painters' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    expect((await stack.core.linkToken(actor(group, admin), token, false)).ok).toBe(true);

    balancer.to = 0;
    const first = fake.sendText({ chat: group, from: admin, text: '/imagine a red fox' });
    await fake.waitFor(photoReplyTo(group, first.message_id), 10_000);
    const before = (await scopeRow(group.id))!;
    expect(before).toBeDefined();

    balancer.holding = true;
    const sg = fake.migrateGroup({ group, by: admin });
    fake.setChatMember(sg.id, admin.id, 'administrator');
    balancer.to = 1;
    const second = fake.sendText({ chat: sg, from: admin, text: '/imagine a blue fox' });
    await fake.waitFor(photoReplyTo(sg, second.message_id), 10_000);
    expect(balancer.heldCount).toBe(2);
    await balancer.release(0);

    const after = (await scopeRow(sg.id))!;
    expect(after.id).toBe(before.id);
    expect(await scopeRow(group.id)).toBeUndefined();
    // Both jobs are the community's. The one process B ran before the move was known could not know the
    // community's token (the new chat says nothing of the old one): the operator's token paid it, once.
    const jobs = await stack.store.db.selectFrom('jobs').select(['scope_id', 'token_source']).orderBy('created_at').execute();
    expect(jobs.map((j) => [j.scope_id, j.token_source])).toEqual([
      [before.id, 'scope'],
      [before.id, 'operator'],
    ]);
    expect((await stack.core.balance(actor(sg, admin))).spentMicros).toBe(20_000);

    // From then on, on either process, the supergroup is the community: its token pays, its budget counts.
    const third = fake.sendText({ chat: sg, from: admin, text: '/imagine a green fox' });
    await fake.waitFor(photoReplyTo(sg, third.message_id), 10_000);
    const last = await stack.store.db.selectFrom('jobs').select(['scope_id', 'token_source']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect([last.scope_id, last.token_source]).toEqual([before.id, 'scope']);
    expect((await stack.core.balance(actor(sg, admin))).spentMicros).toBe(30_000);
    expect(await ledgerNetCharged(stack.store, 'scope')).toBe(stack.sim.spentMicros(token));
    expect(await ledgerNetCharged(stack.store, 'operator')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
    expect(await openHolds(stack.store)).toBe(0);
    expect(lines.join('')).not.toMatch(/telegram handler failed/);
  });
});
