import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { BotProcess, BotProcessRegistry } from '../core/ports/bot-processes.js';
import type { Logger } from '../log.js';
import { StartupError } from '../startup-errors.js';

/** Options of {@link joinProcesses}. */
export interface PresenceOptions {
  registry: BotProcessRegistry;
  /** What this process runs (`all`, …). */
  role: string;
  /** `memory`, or `redis <host:port> <prefix>` (see {@link BotProcess.coordination}). */
  coordination: string;
  logger: Logger;
  /** Heartbeat interval, ms; default 10 000. */
  heartbeatMs?: number;
  /** A process not seen for this long is dead, ms; default 30 000. */
  staleMs?: number;
  /** Default `os.hostname()` and `process.pid` (tests play other processes). */
  host?: string;
  pid?: number;
  now?: () => number;
  /** Whether a process of this host is alive; default `process.kill(pid, 0)`. */
  alive?: (pid: number) => boolean;
}

/** This process in the registry; {@link leave} on a graceful stop. */
export interface Presence {
  readonly self: BotProcess;
  /** Stops the heartbeat and removes the row. Idempotent. */
  leave(): Promise<void>;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Registers this bot process in the database's heartbeat registry, then refuses to start (a {@link StartupError}
 * naming the other process) when another live process shares the database and the two cannot share their limits:
 * either has no Redis (`REDIS_URL` unset), or they use different Redis servers or prefixes. Live means seen within
 * `staleMs`; a row of this host whose pid is gone, or is this very pid (a restarted container), is a dead process's
 * and is removed, so a restart after a crash is never refused. Two processes starting at the same moment both see
 * each other and both refuse (safe). The row is refreshed every `heartbeatMs` (re-added if another process removed
 * it) and removed by {@link Presence.leave}.
 */
export async function joinProcesses(o: PresenceOptions): Promise<Presence> {
  const now = o.now ?? Date.now;
  const staleMs = o.staleMs ?? 30_000;
  const host = o.host ?? hostname();
  const pid = o.pid ?? process.pid;
  const alive = o.alive ?? pidAlive;
  const t = now();
  const self: BotProcess = { id: randomBytes(8).toString('hex'), role: o.role, host, pid, coordination: o.coordination, startedAt: t, seenAt: t };
  await o.registry.register(self);
  const dead: string[] = [];
  const live: BotProcess[] = [];
  for (const p of await o.registry.list()) {
    if (p.id === self.id) continue;
    const sameMachine = p.host === host;
    if (t - p.seenAt > staleMs || (sameMachine && (p.pid === pid || !alive(p.pid)))) dead.push(p.id);
    else live.push(p);
  }
  await o.registry.remove(dead);
  const clash = live.find((p) => p.coordination !== self.coordination || self.coordination === 'memory');
  if (clash) {
    await o.registry.remove([self.id]);
    throw new StartupError(refusal(clash, self, t));
  }
  if (live.length > 0) o.logger.info({ others: live.map((p) => ({ role: p.role, host: p.host, pid: p.pid })) }, 'other bot processes share this database; limits are shared through Redis');
  const timer = setInterval(() => {
    o.registry
      .touch(self.id, now())
      .then((found) => (found ? undefined : o.registry.register({ ...self, seenAt: now() })))
      .catch((e: unknown) => o.logger.warn({ err: e }, 'bot process heartbeat not written'));
  }, o.heartbeatMs ?? 10_000);
  timer.unref();
  let left: Promise<void> | undefined;
  return {
    self,
    leave: () =>
      (left ??= (async () => {
        clearInterval(timer);
        await o.registry.remove([self.id]).catch((e: unknown) => o.logger.warn({ err: e }, 'bot process row not removed (it goes stale in 30 s)'));
      })()),
  };
}

/** The start-up sentence: which process, since when, and what to do. */
function refusal(other: BotProcess, self: BotProcess, now: number): string {
  const who = `${other.role === 'all' ? 'a bot process' : `a "${other.role}" bot process`} on ${other.host} (pid ${other.pid}, last seen ${Math.max(0, Math.round((now - other.seenAt) / 1000))} s ago)`;
  if (self.coordination === 'memory') {
    return `Another bot process already uses this database: ${who}. Several processes on one database must share their limits through Redis: set REDIS_URL (and the same REDIS_PREFIX) on every process, or stop the other one.`;
  }
  if (other.coordination === 'memory') {
    return `Another bot process already uses this database without Redis: ${who}. Set REDIS_URL (and the same REDIS_PREFIX) on every process, or stop the other one.`;
  }
  return `Another bot process already uses this database with a different Redis or REDIS_PREFIX: ${who} uses ${other.coordination.replace(/^redis /, '')}, this one ${self.coordination.replace(/^redis /, '')}. Give every process the same REDIS_URL and REDIS_PREFIX.`;
}
