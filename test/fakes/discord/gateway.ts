import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FakeCore } from './core.js';
import { randomPart } from './ids.js';

/** One client connection to the fake gateway. */
interface Session {
  ws: WebSocket;
  sessionId: string | null;
  intents: number;
  seq: number;
}

/** What an IDENTIFY carried (the token is not kept). */
export interface IdentifyRecord {
  intents: number;
  shard: unknown;
  properties: unknown;
  at: number;
}

/**
 * The gateway on `ws://…/gateway`: HELLO, heartbeat ACKs, IDENTIFY → READY then one GUILD_CREATE per guild.
 * RESUME is answered with INVALID_SESSION (not resumable), so clients fall back to a fresh IDENTIFY.
 */
export class FakeGateway {
  private readonly wss: WebSocketServer;
  private readonly sessions = new Set<Session>();
  readonly identifies: IdentifyRecord[] = [];

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
    for (const s of this.sessions) {
      if (s.sessionId === null || (intent !== undefined && (s.intents & intent) === 0)) continue;
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
    const session: Session = { ws, sessionId: null, intents: 0, seq: 0 };
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
    session.sessionId = randomPart(32);
    session.intents = Number(d.intents ?? 0);
    this.identifies.push({ intents: session.intents, shard: d.shard, properties: d.properties, at: Date.now() });
    const { world } = this.core;
    this.sendDispatch(session, 'READY', {
      v: 10,
      user: world.userJson(this.core.botUserId),
      user_settings: {},
      guilds: [...world.guilds.keys()].map((id) => ({ id, unavailable: true })),
      session_id: session.sessionId,
      resume_gateway_url: `${this.core.origin().replace(/^http/, 'ws')}/gateway`,
      shard: Array.isArray(d.shard) ? d.shard : [0, 1],
      application: { id: this.core.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      auth: {},
    });
    for (const id of world.guilds.keys()) this.sendDispatch(session, 'GUILD_CREATE', world.guildCreateJson(id));
    this.core.signal.notify();
  }

  private sendDispatch(session: Session, t: string, d: unknown): void {
    this.send(session, { op: 0, t, s: ++session.seq, d });
  }

  private send(session: Session, payload: unknown): void {
    if (session.ws.readyState === session.ws.OPEN) session.ws.send(JSON.stringify(payload));
  }
}
