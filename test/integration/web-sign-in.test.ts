import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { signInOptions } from '../../src/web/sign-in-setup.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CLIENT_ID = '555000111';
const CLIENT_SECRET = 'discord-client-secret-never-shown';
const ACCESS = 'discord-access-token-never-shown';

/** A fake Discord OAuth2 server on 127.0.0.1: one valid code, the person and their guilds (with permissions). */
async function fakeDiscord(guilds: { id: string; name: string; permissions: string }[]): Promise<{ url: string; server: Server; exchanges: URLSearchParams[] }> {
  const exchanges: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.method === 'POST' && req.url === '/api/oauth2/token') {
        const f = new URLSearchParams(body);
        exchanges.push(f);
        if (f.get('client_secret') !== CLIENT_SECRET || f.get('code') !== 'good-code' || f.get('grant_type') !== 'authorization_code') return send(400, { error: 'invalid_grant' });
        return send(200, { access_token: ACCESS, token_type: 'Bearer', scope: 'identify guilds' });
      }
      if (req.headers.authorization !== `Bearer ${ACCESS}`) return send(401, { message: '401: Unauthorized' });
      if (req.url === '/api/users/@me') return send(200, { id: '700000000000000001', username: 'Dana', global_name: 'Dana D' });
      if (req.url === '/api/users/@me/guilds') return send(200, guilds);
      send(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server, exchanges };
}

/** A browser's cookie jar over fetch (no redirects followed). */
function client(base: string) {
  const jar = new Map<string, string>();
  const go = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(path, base), { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) || v === '') jar.delete(k!);
      else jar.set(k!, v!);
    }
    return res;
  };
  return { go, jar };
}

const formOf = (page: string, scope: string) => {
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
  expect(page).toContain(`value="${scope}"`);
  return new URLSearchParams({ csrf: csrf!, scope });
};

describe('real sign-in: Discord OAuth2 and the Telegram Login Widget', () => {
  let stack: TestStack;
  let web: WebServer;
  let fake: FakeTelegram;
  let discord: Awaited<ReturnType<typeof fakeDiscord>>;
  const guild = '800000000000000001';
  const otherGuild = '800000000000000002';

  const discordActor = (g: string, title: string): Actor => ({ scope: { platform: 'discord', externalId: g, kind: 'guild', title }, user: { platform: 'discord', externalId: '700000000000000001', username: 'dana' } });

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    discord = await fakeDiscord([
      { id: guild, name: 'Guild One', permissions: String(0x20) },
      { id: otherGuild, name: 'Guild Two', permissions: '0' },
    ]);
    // Seen by the bot in both guilds (a command there), and in a DM (never offered: a session is for a community).
    await stack.core.touch(discordActor(guild, 'Guild One'));
    await stack.core.touch(discordActor(otherGuild, 'Guild Two'));
    await stack.core.touch({ scope: { platform: 'discord', externalId: 'dm:700000000000000001', kind: 'private' }, user: { platform: 'discord', externalId: '700000000000000001' } });
    const signIn = await signInOptions({ web: { ...stack.config.web, signIn: { trustProxy: false, telegramLogin: true } }, telegram: { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: undefined, webhookPort: 0, uploadLimitBytes: 1, photoLimitBytes: 1, fullQuality: false } }, 'http://127.0.0.1', () => undefined);
    signIn.discord = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: discord.url, authorizeUrl: `${discord.url.replace(/\/api$/, '')}/oauth2/authorize`, redirectUri: 'http://127.0.0.1/auth/discord/callback' };
    // Many attempts from one address here: the limit itself is tested in web-owner-browser.test.ts.
    signIn.limits = { signIn: { limit: 1_000, windowMs: 60_000 } };
    const dispatcher = new CommandDispatcher({ core: stack.core, ownerIds: [], logger: stack.logger });
    web = await startWebServer({ core: stack.core, dispatcher, logger: stack.logger.child({ module: 'web' }), secureCookie: false, signIn }, { port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await web?.close();
    await new Promise((r) => discord?.server.close(r));
    await fake?.close();
    await stack?.close();
  });

  it('Discord: state bound to the pre-session, code exchanged, only guilds the bot saw offered, admin from Manage Server', async () => {
    const b = client(web.url);
    const start = await b.go('/auth/discord');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('scope')).toBe('identify guilds');
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    const state = authorize.searchParams.get('state')!;
    expect(state.length).toBeGreaterThan(20);

    // Another browser (no pre-session) bringing the same state is refused, and so is a wrong state.
    expect((await client(web.url).go(`/auth/discord/callback?code=good-code&state=${state}`)).status).toBe(403);
    expect((await b.go(`/auth/discord/callback?code=good-code&state=${state}x`)).status).toBe(403);
    // A failed check does not use the pre-session's state up: the right one works, once.
    const picker = await b.go(`/auth/discord/callback?code=good-code&state=${state}`);
    expect(picker.status).toBe(200);
    const page = await picker.text();
    expect(page).toContain('Guild One');
    expect(page).toContain('Guild Two');
    expect(page).not.toContain('dm:');
    expect(page).not.toContain(ACCESS);
    expect(page).not.toContain(CLIENT_SECRET);
    expect(discord.exchanges.at(-1)?.get('redirect_uri')).toBe('http://127.0.0.1/auth/discord/callback');
    // The same callback again (a replayed URL): the state is used.
    expect((await b.go(`/auth/discord/callback?code=good-code&state=${state}`)).status).toBe(403);

    const picked = await b.go('/auth/pick', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formOf(page, `discord:${guild}`).toString() });
    expect(picked.status).toBe(303);
    expect(picked.headers.get('location')).toBe('/');
    expect(b.jar.has('mediabot_session')).toBe(true);
    expect(b.jar.has('mediabot_presign')).toBe(false);
    expect((await b.go('/')).status).toBe(200);
    // Manage Server in Guild One: the admin page opens.
    expect((await b.go('/admin')).status).toBe(200);
  });

  it('Discord: a guild without Manage Server gives a member session; a bad code is refused', async () => {
    const b = client(web.url);
    const state = new URL((await b.go('/auth/discord')).headers.get('location')!).searchParams.get('state')!;
    const page = await (await b.go(`/auth/discord/callback?code=good-code&state=${state}`)).text();
    const picked = await b.go('/auth/pick', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formOf(page, `discord:${otherGuild}`).toString() });
    expect(picked.status).toBe(303);
    expect((await b.go('/admin')).status).toBe(403);

    const c = client(web.url);
    const s2 = new URL((await c.go('/auth/discord')).headers.get('location')!).searchParams.get('state')!;
    expect((await c.go(`/auth/discord/callback?code=bad-code&state=${s2}`)).status).toBe(403);
    expect(c.jar.has('mediabot_session')).toBe(false);
  });

  it('Telegram: a correctly signed payload signs in once (the admin answer from getChatMember); bad hash, old auth_date and replay are refused', async () => {
    const group = fake.supergroup({ title: 'Widget Group' });
    const user = fake.user({ username: 'widget_user' });
    fake.setChatMember(group.id, user.id, 'administrator');
    await stack.core.touch({ scope: { platform: 'telegram', externalId: String(group.id), kind: 'group', title: 'Widget Group' }, user: { platform: 'telegram', externalId: String(user.id) } });
    const sign = (f: Record<string, string>, token = fake.token) => {
      const check = Object.keys(f).sort().map((k) => `${k}=${f[k]}`).join('\n');
      return new URLSearchParams({ ...f, hash: createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex') });
    };
    const fields = { id: String(user.id), first_name: 'Wid', username: 'widget_user', auth_date: String(Math.floor(Date.now() / 1000) - 30) };

    const signIn = await fetch(`${web.url}/sign-in`);
    const html = await signIn.text();
    expect(html).toContain('https://telegram.org/js/telegram-widget.js');
    expect(signIn.headers.get('content-security-policy')).toContain('script-src https://telegram.org');
    expect(html).not.toContain(fake.token);
    // Elsewhere no script is allowed.
    expect((await fetch(`${web.url}/`)).headers.get('content-security-policy')).not.toContain('telegram.org');

    expect((await client(web.url).go(`/auth/telegram?${sign(fields, '1:wrong-token')}`)).status).toBe(403);
    expect((await client(web.url).go(`/auth/telegram?${sign({ ...fields, auth_date: String(Math.floor(Date.now() / 1000) - 2 * 86_400) })}`)).status).toBe(403);

    const good = sign(fields);
    const b = client(web.url);
    const picker = await b.go(`/auth/telegram?${good}`);
    expect(picker.status).toBe(200);
    const page = await picker.text();
    const picked = await b.go('/auth/pick', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formOf(page, `telegram:${group.id}`).toString() });
    expect(picked.status).toBe(303);
    expect((await b.go('/admin')).status).toBe(200);
    // The same payload again: refused (replay), and no session for that browser.
    const again = client(web.url);
    expect((await again.go(`/auth/telegram?${good}`)).status).toBe(403);
    expect(again.jar.has('mediabot_presign')).toBe(false);
    // A pick without the pre-session's token does nothing.
    const c = client(web.url);
    const page2 = await (await c.go(`/auth/telegram?${sign({ ...fields, auth_date: String(Number(fields.auth_date) - 1) })}`)).text();
    const body = formOf(page2, `telegram:${group.id}`);
    body.set('csrf', 'x'.repeat(43));
    expect((await c.go('/auth/pick', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() })).status).toBe(403);
    expect(c.jar.has('mediabot_session')).toBe(false);
  });

  it('no log line holds the client secret, an access token or the bot token', () => {
    const logs = stack.logs();
    for (const s of [CLIENT_SECRET, ACCESS, fake.token]) expect(logs).not.toContain(s);
  });
});
