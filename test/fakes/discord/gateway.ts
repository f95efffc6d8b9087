import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FakeCore } from './core.js';
import { randomPart } from './ids.js';

/** `[shard_id, num_shards]` as IDENTIFY and READY carry it. */
export type ShardPair = readonly [number, number];

/** One client connection to the fake gateway. */
interface Session {
  ws: WebSocket;
  sessionId: string | null;
  intents: number;
  seq: number;
  /** From IDENTIFY; `[0, 1]` when the client sent none. */
  shard: ShardPair;
}

/** What an IDENTIFY carried (the token is not kept). */
export interface IdentifyRecord {
  intents: number;
  shard: unknown;
  properties: unknown;
  at: number;
}

/** Discord's documented routing: `shard_id = (guild_id >> 22) % num_shards`; DMs (no guild) go to shard 0. */
export function shardOf(guildId: string | undefined, numShards: number): number {
  return guildId === undefined ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(numShards));
}

/** The guild an event belongs to: `d.id` for the GUILD_* events about the guild itself, else `d.guild_id`. */
function guildOfEvent(t: string, d: unknown): string | undefined {
  if (!d || typeof d !== 'object') return undefined;
  const o = d as { id?: unknown; guild_id?: unknown };
  const id = /^GUILD_(CREATE|UPDATE|DELETE)$/.test(t) ? o.id : o.guild_id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The gateway on `ws://…/gateway`: HELLO, heartbeat ACKs, IDENTIFY → READY then one GUILD_CREATE per guild of the
 * session's shard. IDENTIFY may carry `shard: [id, count]` (id below count, else close 4010 "Invalid shard"); every
 * guild event and interaction goes only to the sessions of the shard the documented formula picks ({@link shardOf}),
 * events without a guild to shard 0. RESUME is answered with INVALID_SESSION (not resumable), so clients fall back
 * to a fresh IDENTIFY.
 */
export class FakeGateway {
  private readonly wss: WebSocketServer;
  private readonly sessions = new Set<Session>();
  readonly identifies: IdentifyRecord[] = [];
  /** Per interaction id, the shard of every session its INTERACTION_CREATE was sent to. */
  readonly interactionShards = new Map<string, ShardPair[]>();

  constructor(
    server: Server,
    private readonly core: FakeCore,
    private readonly heartbeatIntervalMs: number,
  ) {
    this.wss = new WebSocketServer({ server, path: '/gateway' });
    this.wss.on('connection', (ws) => this.onConnection(ws));
  }

  /** Number of sessions that completed IDENTIFY and are still open. */
  get readySessions(): number {
    return [...this.sessions].filter((s) => s.sessionId !== null).length;
  }

  dispatch(t: string, d: unknown, intent?: number): void {
    const guildId = guildOfEvent(t, d);
    const interactionId = t === 'INTERACTION_CREATE' ? String((d as { id?: unknown }).id) : undefined;
    if (interactionId !== undefined) this.interactionShards.set(interactionId, []);
    for (const s of this.sessions) {
      if (s.sessionId === null || (intent !== undefined && (s.intents & intent) === 0)) continue;
      if (shardOf(guildId, s.shard[1]) !== s.shard[0]) continue;
      if (interactionId !== undefined) this.interactionShards.get(interactionId)!.push(s.shard);
      this.send(s, { op: 0, t, s: ++s.seq, d });
    }
  }

  /** Closes every connection with `code` (e.g. 4000 to make clients reconnect). */
  disconnectAll(code = 4000): void {
    for (const s of this.sessions) s.ws.close(code, 'fake discord disconnect');
  }

  close(): Promise<void> {
    for (const s of this.sessions) s.ws.terminate();
    this.sessions.clear();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(ws: WebSocket): void {
    const session: Session = { ws, sessionId: null, intents: 0, seq: 0, shard: [0, 1] };
    this.sessions.add(session);
    ws.on('close', () => {
      this.sessions.delete(session);
      this.core.signal.notify();
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (raw) => this.onMessage(session, raw.toString()));
    this.send(session, { op: 10, d: { heartbeat_interval: this.heartbeatIntervalMs }, s: null, t: null });
  }

  private onMessage(session: Session, text: string): void {
    let msg: { op?: number; d?: unknown };
    try {
      msg = JSON.parse(text) as { op?: number; d?: unknown };
    } catch {
      session.ws.close(4002, 'Error while decoding payload.');
      return;
    }
    switch (msg.op) {
      case 1:
        this.send(session, { op: 11, d: null, s: null, t: null });
        return;
      case 2:
        this.identify(session, (msg.d ?? {}) as Record<string, unknown>);
        return;
      case 6:
        this.send(session, { op: 9, d: false, s: null, t: null });
        return;
      case 3:
      case 4:
      case 8:
        return;
      default:
        session.ws.close(4001, 'Unknown opcode.');
    }
  }

  private identify(session: Session, d: Record<string, unknown>): void {
    if (session.sessionId !== null) {
      session.ws.close(4005, 'Already authenticated.');
      return;
    }
    const token = String(d.token ?? '').replace(/^Bot /, '');
    if (token !== this.core.botToken) {
      session.ws.close(4004, 'Authentication failed.');
      return;
    }
    if (d.shard !== undefined) {
      const [id, count] = Array.isArray(d.shard) ? (d.shard as unknown[]) : [];
      if (!Number.isInteger(id) || !Number.isInteger(count) || (count as number) < 1 || (id as number) < 0 || (id as number) >= (count as number)) {
        session.ws.close(4010, 'Invalid shard.');
        return;
      }
      session.shard = [id as number, count as number];
    }
    session.sessionId = randomPart(32);
    session.intents = Number(d.intents ?? 0);
    this.identifies.push({ intents: session.intents, shard: d.shard, properties: d.properties, at: Date.now() });
    const { world } = this.core;
    const guildIds = [...world.guilds.keys()].filter((id) => shardOf(id, session.shard[1]) === session.shard[0]);
    this.sendDispatch(session, 'READY', {
      v: 10,
      user: world.userJson(this.core.botUserId),
      user_settings: {},
      guilds: guildIds.map((id) => ({ id, unavailable: true })),
      session_id: session.sessionId,
      resume_gateway_url: `${this.core.origin().replace(/^http/, 'ws')}/gateway`,
      shard: [...session.shard],
      application: { id: this.core.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      auth: {},
    });
    for (const id of guildIds) this.sendDispatch(session, 'GUILD_CREATE', world.guildCreateJson(id));
    this.core.signal.notify();
  }

  private sendDispatch(session: Session, t: string, d: unknown): void {
    this.send(session, { op: 0, t, s: ++session.seq, d });
  }

  private send(session: Session, payload: unknown): void {
    if (session.ws.readyState === session.ws.OPEN) session.ws.send(JSON.stringify(payload));
  }
}
