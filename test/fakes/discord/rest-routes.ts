import type { CommandJson, CommandOptionJson, FakeCore } from './core.js';
import { apiError, type RouteResult } from './http.js';
import type { Route, RouteRequest } from './router.js';
import type { StoredMessage } from './types.js';

const ok = (body: unknown): RouteResult => ({ status: 200, body });
const unknownChannel = (): RouteResult => apiError(404, 10003, 'Unknown Channel');
const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Bot-authenticated routes: gateway discovery, users, application, commands, channels, guilds. */
export function restRoutes(core: FakeCore): Route[] {
  const { world, store } = core;

  const storeCommands = (req: RouteRequest, guildId?: string): RouteResult => {
    if (!Array.isArray(req.body.json)) return apiError(400, 50035, 'Invalid Form Body');
    const previous = guildId ? (core.guildCommands.get(guildId) ?? []) : core.globalCommands;
    const next: CommandJson[] = (req.body.json as Array<Record<string, unknown>>).map((raw) => {
      const name = String(raw.name);
      const type = typeof raw.type === 'number' ? raw.type : 1;
      const old = previous.find((c) => c.name === name && c.type === type);
      return {
        default_member_permissions: null,
        nsfw: false,
        ...raw,
        description: typeof raw.description === 'string' ? raw.description : '',
        name,
        type,
        id: old?.id ?? world.ids.next(),
        application_id: core.applicationId,
        version: world.ids.next(),
        ...(Array.isArray(raw.options) ? { options: raw.options as CommandOptionJson[] } : {}),
        ...(guildId ? { guild_id: guildId } : {}),
      };
    });
    if (guildId) core.guildCommands.set(guildId, next);
    else previous.splice(0, previous.length, ...next);
    core.signal.notify();
    return ok(next);
  };

  /** Messages created with `enforce_nonce`, by channel and nonce (Discord keeps them a few minutes). */
  const byNonce = new Map<string, StoredMessage>();

  const postMessage = (req: RouteRequest): RouteResult => {
    const channel = world.channels.get(req.params[0] ?? '');
    if (!channel) return unknownChannel();
    if (channel.type === 1 && channel.recipientId && world.closedDms.has(channel.recipientId)) return apiError(403, 50007, 'Cannot send messages to this user');
    const body = asObject(req.body.json);
    const nonce = body.enforce_nonce === true && (typeof body.nonce === 'string' || typeof body.nonce === 'number') ? `${channel.id}:${body.nonce}` : undefined;
    const seen = nonce ? byNonce.get(nonce) : undefined;
    if (seen && !seen.deleted) return ok(store.messageJson(seen));
    const m = store.create({ channelId: channel.id, authorId: core.botUserId, body, files: req.body.files });
    if (nonce) byNonce.set(nonce, m);
    (channel.type === 1 ? core.dms : core.channelMessages).push(m);
    core.dispatch('MESSAGE_CREATE', store.messageJson(m), channel.type === 1 ? 1 << 12 : 1 << 9);
    core.signal.notify();
    return ok(store.messageJson(m));
  };

  const channelMessage = (req: RouteRequest) => {
    const m = store.messages.get(req.params[1] ?? '');
    return m && !m.deleted && m.channelId === req.params[0] ? m : undefined;
  };

  const guildOr404 = (id: string | undefined, fn: () => RouteResult): RouteResult =>
    id && world.guilds.has(id) ? fn() : apiError(404, 10004, 'Unknown Guild');

  return [
    {
      method: 'GET',
      pattern: /^\/gateway\/bot$/,
      auth: true,
      handle: () =>
        ok({
          url: `${core.origin().replace(/^http/, 'ws')}/gateway`,
          shards: core.gatewayBot.shards,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: core.gatewayBot.maxConcurrency },
        }),
    },
    { method: 'GET', pattern: /^\/gateway$/, auth: false, handle: () => ok({ url: `${core.origin().replace(/^http/, 'ws')}/gateway` }) },
    { method: 'GET', pattern: /^\/users\/@me$/, auth: true, handle: () => ok(world.userJson(core.botUserId)) },
    {
      method: 'GET',
      pattern: /^\/users\/(\d+)$/,
      auth: true,
      handle: (r) => (world.users.has(r.params[0] ?? '') ? ok(world.userJson(r.params[0] ?? '')) : apiError(404, 10013, 'Unknown User')),
    },
    {
      method: 'GET',
      pattern: /^\/applications\/@me$/,
      auth: true,
      handle: () =>
        ok({
          id: core.applicationId,
          name: world.user(core.botUserId).username,
          icon: null,
          description: '',
          bot_public: true,
          bot_require_code_grant: false,
          verify_key: '0'.repeat(64),
          flags: 0,
          team: null,
          bot: world.userJson(core.botUserId),
          approximate_guild_count: world.guilds.size,
        }),
    },
    { method: 'GET', pattern: /^\/applications\/(\d+)\/commands$/, auth: true, handle: () => ok(core.globalCommands) },
    { method: 'PUT', pattern: /^\/applications\/(\d+)\/commands$/, auth: true, handle: (r) => storeCommands(r) },
    {
      method: 'GET',
      pattern: /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/,
      auth: true,
      handle: (r) => ok(core.guildCommands.get(r.params[1] ?? '') ?? []),
    },
    {
      method: 'PUT',
      pattern: /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/,
      auth: true,
      handle: (r) => guildOr404(r.params[1], () => storeCommands(r, r.params[1])),
    },
    {
      method: 'POST',
      pattern: /^\/users\/@me\/channels$/,
      auth: true,
      handle: (r) => {
        const recipient = String(asObject(r.body.json).recipient_id ?? '');
        if (!world.users.has(recipient)) return apiError(400, 50035, 'Invalid Form Body');
        return ok(world.channelJson(world.dmChannel(recipient).id));
      },
    },
    {
      method: 'GET',
      pattern: /^\/channels\/(\d+)$/,
      auth: true,
      handle: (r) => (world.channels.has(r.params[0] ?? '') ? ok(world.channelJson(r.params[0] ?? '')) : unknownChannel()),
    },
    { method: 'POST', pattern: /^\/channels\/(\d+)\/messages$/, auth: true, handle: postMessage },
    {
      method: 'GET',
      pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/,
      auth: true,
      handle: (r) => {
        const m = channelMessage(r);
        return m ? ok(store.messageJson(m)) : apiError(404, 10008, 'Unknown Message');
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/,
      auth: true,
      handle: (r) => {
        const m = channelMessage(r);
        if (!m) return apiError(404, 10008, 'Unknown Message');
        store.edit(m, asObject(r.body.json), r.body.files);
        core.signal.notify();
        return ok(store.messageJson(m));
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/,
      auth: true,
      handle: (r) => {
        const m = channelMessage(r);
        if (!m) return apiError(404, 10008, 'Unknown Message');
        m.deleted = true;
        core.signal.notify();
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      pattern: /^\/channels\/(\d+)\/typing$/,
      auth: true,
      handle: (r) => (world.channels.has(r.params[0] ?? '') ? { status: 204 } : unknownChannel()),
    },
    { method: 'GET', pattern: /^\/guilds\/(\d+)$/, auth: true, handle: (r) => guildOr404(r.params[0], () => ok(world.guildJson(r.params[0] ?? ''))) },
    {
      method: 'GET',
      pattern: /^\/guilds\/(\d+)\/channels$/,
      auth: true,
      handle: (r) => guildOr404(r.params[0], () => ok(world.guild(r.params[0] ?? '').channelIds.map((c) => world.channelJson(c)))),
    },
    {
      method: 'GET',
      pattern: /^\/guilds\/(\d+)\/members\/(\d+)$/,
      auth: true,
      handle: (r) =>
        guildOr404(r.params[0], () =>
          world.guild(r.params[0] ?? '').members.has(r.params[1] ?? '')
            ? ok(world.memberJson(r.params[0] ?? '', r.params[1] ?? ''))
            : apiError(404, 10007, 'Unknown Member'),
        ),
    },
  ];
}
