import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PermissionFlagsBits } from 'discord.js';
import type { CommandJson, FakeCore } from './core.js';
import { FakeGateway } from './gateway.js';
import { apiError, notFound, parseBody, readBody, send, type ParsedBody, type RouteResult } from './http.js';
import { makeBotToken } from './ids.js';
import type { InteractionRecord } from './interaction-record.js';
import { MessageStore } from './messages.js';
import { RateLimiter, ResponseDelays } from './rate-limits.js';
import { restRoutes } from './rest-routes.js';
import { matchRoute, type Route } from './router.js';
import { World } from './state.js';
import type { RecordedRequest, StoredMessage } from './types.js';
import { ChangeSignal } from './waiter.js';
import { webhookRoutes } from './webhook-routes.js';

/** Options of {@link startFakeDiscord}. */
export interface FakeDiscordOptions {
  /** HELLO's heartbeat interval. Default 41250 ms (Discord's); short values exercise heartbeats. */
  heartbeatIntervalMs?: number;
  /** `attachment_size_limit` put in interactions. Default 10 MiB (an unboosted guild). */
  attachmentSizeLimit?: number;
  /** Default timeout of every `waitFor…` helper. Default 5000 ms. */
  waitTimeoutMs?: number;
  /** The bot's username. Default `MediaBot`. */
  botName?: string;
  /** `shards` of `GET /gateway/bot` (what `DISCORD_SHARD_COUNT=auto` uses). Default 1. */
  recommendedShards?: number;
  /** `session_start_limit.max_concurrency` of `GET /gateway/bot` (shards identifying at once). Default 1. */
  maxConcurrency?: number;
}

/** The parts of the server the public class composes. */
export interface ServerParts {
  server: Server;
  core: FakeCore;
  gateway: FakeGateway;
  requests: RecordedRequest[];
  rateLimits: RateLimiter;
  delays: ResponseDelays;
  origin: string;
}

/** Starts the HTTP + WebSocket server on 127.0.0.1 with an ephemeral port and seeds the bot user. */
export async function startServer(opts: FakeDiscordOptions): Promise<ServerParts> {
  const world = new World();
  const bot = world.addUser(opts.botName ?? 'MediaBot', true);
  let origin = '';
  const signal = new ChangeSignal(opts.waitTimeoutMs ?? 5000);
  let gateway: FakeGateway | undefined;
  const core: FakeCore = {
    world,
    store: new MessageStore(world, () => origin),
    signal,
    applicationId: bot.id,
    botUserId: bot.id,
    botToken: makeBotToken(bot.id),
    attachmentSizeLimit: opts.attachmentSizeLimit ?? 10 * 1024 * 1024,
    origin: () => origin,
    interactions: new Map<string, InteractionRecord>(),
    channelMessages: [] as StoredMessage[],
    dms: [] as StoredMessage[],
    globalCommands: [] as CommandJson[],
    guildCommands: new Map<string, CommandJson[]>(),
    gatewayBot: { shards: opts.recommendedShards ?? 1, maxConcurrency: opts.maxConcurrency ?? 1 },
    dispatch: (t, d, intent) => gateway?.dispatch(t, d, intent),
  };
  const routes: Route[] = [...restRoutes(core), ...webhookRoutes(core)];
  const requests: RecordedRequest[] = [];
  const rateLimits = new RateLimiter();
  const delays = new ResponseDelays();
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, apiError(500, 0, `fake discord: ${(err as Error).message}`));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname.startsWith('/attachments/')) {
      const att = core.store.attachments.get(url.pathname.split('/')[2] ?? '');
      send(res, att ? { status: 200, body: att.bytes, headers: { 'content-type': att.contentType } } : { status: 404, body: Buffer.from('Not Found') });
      return;
    }
    const raw = await readBody(req);
    const api = /^\/api\/v\d+(\/.*)$/.exec(url.pathname);
    const path = (api?.[1] ?? url.pathname).split('/').map(safeDecode).join('/');
    const body: ParsedBody = await parseBody(req, raw).catch(() => ({ json: undefined, files: [], raw }));
    const auth = req.headers.authorization;
    const found = api ? matchRoute(routes, method, path) : undefined;
    // Recorded before the route runs, so a waiter woken by the route's own notify already sees the request.
    const record: RecordedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      hasAuth: auth !== undefined,
      json: body.json,
      files: body.files,
      status: 0,
      unknown: !found,
      at: Date.now(),
    };
    requests.push(record);
    let result: RouteResult;
    const limited = rateLimits.take(method, path);
    if (limited) result = limited;
    else if (!found) result = notFound();
    else if (found.route.auth && auth !== `Bot ${core.botToken}`) result = apiError(401, 0, '401: Unauthorized');
    else {
      const out = found.route.handle({ method, path, query: url.searchParams, body, params: found.params });
      result = out instanceof Promise ? await out : out;
    }
    record.status = result.status;
    signal.notify();
    const delay = delays.take(method, path);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (!res.destroyed) send(res, result);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway = new FakeGateway(server, core, opts.heartbeatIntervalMs ?? 41_250);
  return { server, core, gateway, requests, rateLimits, delays, origin };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The default permissions of the bot's managed role: what a media bot needs. */
export const BOT_PERMISSIONS: bigint =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.UseApplicationCommands;
