import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { WriteProbe } from '../store/sqlite/write-probe.js';
import type { Coordination } from '../core/ports/coordination.js';
import type { CheckResult, ReadinessCheck } from './readiness.js';

/** A check plus what it holds open. */
export interface ClosableCheck {
  check: ReadinessCheck;
  /** Releases the check's resources (the probe connection). Idempotent. */
  close(): void;
}

/**
 * Database writable: the file and its directory are writable, and a write lock can be taken (`BEGIN IMMEDIATE`,
 * then rolled back, so nothing is written) on a separate connection within `busyMs` (default 1000). Fails when the
 * disk went read-only, the file vanished, or another process holds the write lock for too long.
 */
export function databaseWritableCheck(path: string, busyMs = 1_000): ClosableCheck {
  let probe: WriteProbe | undefined;
  return {
    async check(): Promise<CheckResult> {
      if (path === ':memory:') return { ok: true, detail: 'in-memory database' };
      try {
        await access(path, constants.W_OK);
        await access(dirname(path), constants.W_OK);
      } catch (e) {
        return { ok: false, detail: `${path} is not writable (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
      }
      try {
        // Imported on first use: a PostgreSQL deployment never calls this, so it never loads better-sqlite3.
        probe ??= (await import('../store/sqlite/write-probe.js')).sqliteWriteProbe(path, busyMs);
        probe.probe();
        return { ok: true, detail: 'writable' };
      } catch (e) {
        return { ok: false, detail: `${path}: ${e instanceof Error ? e.message : String(e)}` };
      }
    },
    close() {
      probe?.close();
    },
  };
}

/**
 * PostgreSQL reachable: `ping` (a `select 1` on a pool connection) answers. Fails with the reason when the server
 * is down, restarting or refusing connections; the bot then refuses new commands with "try again in a moment".
 */
export function postgresReachableCheck(ping: () => Promise<void>): ReadinessCheck {
  return async () => {
    const started = Date.now();
    try {
      await ping();
      return { ok: true, detail: `PostgreSQL answers (${Date.now() - started} ms)` };
    } catch (e) {
      return { ok: false, detail: `PostgreSQL: ${e instanceof Error ? e.message : String(e)}` };
    }
  };
}

/**
 * Gateway reachable: `GET <baseUrl>/v1/models` answers with a status below 500 (with `token`, it must also be
 * accepted; without one, 401 still proves the gateway is there). Network errors and 5xx fail, with the cause.
 */
export function gatewayReachableCheck(baseUrl: string, token: string | undefined): ReadinessCheck {
  const url = `${baseUrl.replace(/\/+$/, '')}/v1/models`;
  return async (signal) => {
    let status: number;
    try {
      const res = await fetch(url, { signal, headers: token ? { authorization: `Bearer ${token}` } : {} });
      status = res.status;
      await res.body?.cancel();
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      return { ok: false, detail: `cannot reach ${new URL(url).host}: ${cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e))}` };
    }
    if (status >= 500) return { ok: false, detail: `gateway answered ${status}` };
    if (token && (status === 401 || status === 403)) return { ok: false, detail: `gateway refused the operator token (${status})` };
    return { ok: true, detail: `reachable (${status})` };
  };
}

/** Shared coordination reachable: one read through the port (Redis answers); its error text otherwise (never the URL). */
export function coordinationCheck(coordination: Pick<Coordination, 'listLength'>): ReadinessCheck {
  return async () => {
    try {
      await coordination.listLength('readyz');
      return { ok: true, detail: 'reachable' };
    } catch (e) {
      return { ok: false, detail: e instanceof Error ? e.message : String(e) };
    }
  };
}

/** A platform's connection as its adapter reports it. */
export type PlatformState = 'connected' | 'connecting' | 'disconnected';

/**
 * A platform check from a callback the composition root wires (e.g. Discord's websocket status, the outcome of
 * Telegram's last `getUpdates`); ok only for 'connected'. `describe` adds the reason to the detail.
 */
export function platformCheck(state: () => PlatformState, describe?: () => string | undefined): ReadinessCheck {
  return async () => {
    const s = state();
    const why = s === 'connected' ? undefined : describe?.();
    return { ok: s === 'connected', detail: why ? `${s}: ${why}` : s };
  };
}
