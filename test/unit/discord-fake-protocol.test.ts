import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';

let fake: FakeDiscord;
beforeEach(async () => {
  fake = await startFakeDiscord({ heartbeatIntervalMs: 60_000 });
});
afterEach(async () => {
  await fake.close();
});

const api = (path: string, init: RequestInit = {}) => fetch(`${fake.apiBase}/v10${path}`, init);
const bot = () => ({ authorization: `Bot ${fake.botToken}`, 'content-type': 'application/json' });

/** A raw gateway client collecting every payload it receives. */
async function connect(): Promise<{ ws: WebSocket; next: (pred: (p: Payload) => boolean) => Promise<Payload>; closed: Promise<number> }> {
  const url = ((await (await api('/gateway/bot', { headers: bot() })).json()) as { url: string }).url;
  const ws = new WebSocket(`${url}?v=10&encoding=json`);
  const seen: Payload[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    seen.push(JSON.parse(raw.toString()) as Payload);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (pred: (p: Payload) => boolean) =>
    new Promise<Payload>((resolve) => {
      const check = () => {
        const i = seen.findIndex(pred);
        if (i >= 0) resolve(seen.splice(i, 1)[0] as Payload);
        else waiters.push(check);
      };
      check();
    });
  return { ws, next, closed };
}
interface Payload {
  op: number;
  t: string | null;
  s: number | null;
  d: Record<string, unknown> & { heartbeat_interval?: number };
}

describe('fake Discord gateway protocol', () => {
  it('says HELLO, ACKs heartbeats, answers IDENTIFY with READY then GUILD_CREATE, numbers dispatches', async () => {
    const { ws, next } = await connect();
    expect((await next((p) => p.op === 10)).d.heartbeat_interval).toBe(60_000);
    ws.send(JSON.stringify({ op: 1, d: null }));
    await next((p) => p.op === 11);
    ws.send(JSON.stringify({ op: 2, d: { token: fake.botToken, intents: 1, properties: {} } }));
    const ready = await next((p) => p.t === 'READY');
    expect(ready.s).toBe(1);
    expect(ready.d.guilds).toEqual([{ id: fake.guildId, unavailable: true }]);
    expect((ready.d.application as { id: string }).id).toBe(fake.applicationId);
    const guild = await next((p) => p.t === 'GUILD_CREATE');
    expect(guild.s).toBe(2);
    const members = guild.d.members as Array<{ user: { id: string } }>;
    expect(members.map((m) => m.user.id).sort()).toEqual([fake.adminUserId, fake.botUserId, fake.memberUserId].sort());
    fake.dispatch('CUSTOM_EVENT', { x: 1 });
    expect((await next((p) => p.t === 'CUSTOM_EVENT')).s).toBe(3);
    ws.send(JSON.stringify({ op: 6, d: { token: fake.botToken, session_id: 'x', seq: 3 } }));
    expect((await next((p) => p.op === 9)).d).toBe(false);
    ws.close();
  });

  it('closes with 4004 on a wrong token', async () => {
    const { ws, next, closed } = await connect();
    await next((p) => p.op === 10);
    ws.send(JSON.stringify({ op: 2, d: { token: 'wrong', intents: 1, properties: {} } }));
    expect(await closed).toBe(4004);
  });
});

describe('fake Discord REST', () => {
  it('requires the bot token on bot routes and 404s unknown routes', async () => {
    expect((await api('/users/@me')).status).toBe(401);
    expect(((await (await api('/users/@me', { headers: bot() })).json()) as { id: string }).id).toBe(fake.botUserId);
    const res = await api('/nothing/here', { headers: bot() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: '404: Not Found', code: 0 });
    expect(fake.unknownRequests()).toHaveLength(1);
  });

  it('parses multipart callbacks, refuses a second callback, expires tokens', async () => {
    const handle = fake.slashCommand({ name: 'imagine', options: { prompt: 'x' } });
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ type: 4, data: { content: 'hi', attachments: [{ id: '0' }] } }));
    form.append('files[0]', new Blob([Buffer.from('abc')], { type: 'image/png' }), 'a.png');
    const cb = `/interactions/${handle.id}/${handle.token}/callback`;
    expect((await api(cb, { method: 'POST', body: form })).status).toBe(204);
    const callback = await handle.waitForCallback();
    expect(callback.files[0]).toMatchObject({ field: 'files[0]', filename: 'a.png', contentType: 'image/png' });
    expect(handle.original()?.attachments[0]?.bytes.toString()).toBe('abc');
    const again = await api(cb, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 4, data: {} }) });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: number }).code).toBe(40060);

    const cdn = await fetch(handle.original()?.attachments[0]?.url ?? '');
    expect(cdn.headers.get('content-type')).toBe('image/png');

    handle.expire();
    const late = await api(`/webhooks/${fake.applicationId}/${handle.token}/messages/@original`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(late.status).toBe(401);
    expect(((await late.json()) as { code: number }).code).toBe(50027);
  });

  it('turns the first follow-up after a defer into the original; later ones are new messages', async () => {
    const handle = fake.slashCommand({ name: 'video', options: { prompt: 'x' } });
    const json = (b: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    expect((await api(`/webhooks/${fake.applicationId}/${handle.token}?wait=true`, json({ content: 'early' }))).status).toBe(404);
    await api(`/interactions/${handle.id}/${handle.token}/callback`, json({ type: 5 }));
    expect(handle.original()?.flags).toBe(128);
    const first = (await (await api(`/webhooks/${fake.applicationId}/${handle.token}?wait=true`, json({ content: 'one' }))).json()) as { id: string };
    const second = (await (await api(`/webhooks/${fake.applicationId}/${handle.token}?wait=true`, json({ content: 'two' }))).json()) as { id: string };
    expect(first.id).toBe(handle.original()?.id);
    expect(second.id).not.toBe(first.id);
    expect(handle.original()).toMatchObject({ content: 'one', flags: 0 });
    expect((await handle.waitForFollowUp((m) => m.content === 'two')).id).toBe(second.id);
  });

  it('injects a 429 with Discord headers once', async () => {
    fake.rateLimitNext('GET /users/@me', 0.5);
    const limited = await api('/users/@me', { headers: bot() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0.5');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.5, global: false });
    expect((await api('/users/@me', { headers: bot() })).status).toBe(200);
  });

  it('creates DM channels and records DMs apart from channel messages', async () => {
    const dm = (await (await api('/users/@me/channels', { method: 'POST', headers: bot(), body: JSON.stringify({ recipient_id: fake.memberUserId }) })).json()) as { id: string; type: number };
    expect(dm.type).toBe(1);
    await api(`/channels/${dm.id}/messages`, { method: 'POST', headers: bot(), body: JSON.stringify({ content: 'psst' }) });
    expect(fake.dms(fake.memberUserId).map((m) => m.content)).toEqual(['psst']);
    expect(fake.channelMessages()).toEqual([]);
  });

  it('gives members the permissions of their roles; owners get everything', () => {
    const mod = fake.addMember(fake.guildId, { username: 'mod', permissions: 0x20n });
    const perms = (userId: string) => BigInt(String((fake.slashCommand({ name: 'usage', userId }).payload.member as { permissions: string }).permissions));
    expect(perms(mod) & 0x20n).toBe(0x20n);
    expect(perms(fake.memberUserId) & 0x20n).toBe(0n);
    expect(perms(fake.adminUserId) & 0x8n).toBe(0x8n);
  });
});
