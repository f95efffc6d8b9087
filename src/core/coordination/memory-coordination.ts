import type { Coordination, SlotCounter } from '../ports/coordination.js';

/** Options of {@link MemoryCoordination}. */
export interface MemoryCoordinationOptions {
  /** Time source of every TTL; default `Date.now` (tests pass a manual clock's `now`). */
  now?: () => number;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/**
 * {@link Coordination} in this process's memory: the default when `REDIS_URL` is unset, for a single bot process.
 * Every call completes synchronously behind a resolved promise (no I/O). Expired entries are dropped when read and,
 * for the maps that grow with traffic, swept once they pass 10,000 entries, so memory stays bounded by recent use.
 */
export class MemoryCoordination implements Coordination {
  readonly shared = false;
  private readonly now: () => number;
  private readonly slots = new Map<string, Map<string, number>>();
  private readonly values = new Map<string, Expiring<string>>();
  private readonly lists = new Map<string, Expiring<string[]>>();
  private readonly leases = new Map<string, Expiring<string>>();
  /** Waiting lines: members in join order (a Map keeps insertion order) with their expiry. */
  private readonly lines = new Map<string, Map<string, number>>();

  constructor(opts: MemoryCoordinationOptions = {}) {
    this.now = opts.now ?? Date.now;
  }

  takeSlots(counters: readonly SlotCounter[], holder: string, ttlMs: number): Promise<string[]> {
    const now = this.now();
    const full = counters.filter((c) => {
      const live = this.liveSlots(c.key, now);
      return !live.has(holder) && live.size >= c.limit;
    });
    if (full.length === 0) {
      for (const c of counters) {
        const live = this.liveSlots(c.key, now);
        live.set(holder, now + ttlMs);
        this.slots.set(c.key, live);
      }
    }
    return Promise.resolve(full.map((c) => c.key));
  }

  renewSlots(keys: readonly string[], holder: string, ttlMs: number): Promise<void> {
    const now = this.now();
    for (const k of keys) {
      const live = this.liveSlots(k, now);
      if (live.has(holder)) live.set(holder, now + ttlMs);
    }
    return Promise.resolve();
  }

  releaseSlots(keys: readonly string[], holder: string): Promise<void> {
    for (const k of keys) {
      const live = this.slots.get(k);
      live?.delete(holder);
      if (live?.size === 0) this.slots.delete(k);
    }
    return Promise.resolve();
  }

  countSlots(key: string): Promise<number> {
    return Promise.resolve(this.liveSlots(key, this.now()).size);
  }

  claim(key: string, ttlMs: number): Promise<number> {
    const now = this.now();
    const v = this.live(this.values, key, now);
    if (v) return Promise.resolve(Math.max(1, v.expiresAt - now));
    this.sweep(this.values, now);
    this.values.set(key, { value: '1', expiresAt: now + ttlMs });
    return Promise.resolve(0);
  }

  put(key: string, value: string, ttlMs: number): Promise<void> {
    const now = this.now();
    this.sweep(this.values, now);
    this.values.set(key, { value, expiresAt: now + ttlMs });
    return Promise.resolve();
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.live(this.values, key, this.now())?.value);
  }

  take(key: string): Promise<string | undefined> {
    const v = this.live(this.values, key, this.now());
    this.values.delete(key);
    return Promise.resolve(v?.value);
  }

  delete(key: string): Promise<void> {
    this.values.delete(key);
    this.lists.delete(key);
    this.slots.delete(key);
    this.lines.delete(key);
    return Promise.resolve();
  }

  append(key: string, value: string, ttlMs: number, maxLength?: number): Promise<number> {
    const now = this.now();
    const l = this.live(this.lists, key, now) ?? { value: [], expiresAt: 0 };
    if (!this.lists.has(key)) this.sweep(this.lists, now);
    l.value.push(value);
    if (maxLength !== undefined && l.value.length > maxLength) l.value.splice(0, l.value.length - maxLength);
    l.expiresAt = now + ttlMs;
    this.lists.set(key, l);
    return Promise.resolve(l.value.length);
  }

  takeList(key: string, ifLength?: number): Promise<{ taken: string[] } | { length: number }> {
    const l = this.live(this.lists, key, this.now());
    const length = l?.value.length ?? 0;
    if (ifLength !== undefined && length !== ifLength) return Promise.resolve({ length });
    this.lists.delete(key);
    return Promise.resolve({ taken: l?.value ?? [] });
  }

  listLength(key: string): Promise<number> {
    return Promise.resolve(this.live(this.lists, key, this.now())?.value.length ?? 0);
  }

  lineEnter(key: string, member: string, ttlMs: number): Promise<number> {
    const now = this.now();
    const line = this.lines.get(key) ?? new Map<string, number>();
    for (const [m, at] of line) if (at <= now) line.delete(m);
    line.set(member, now + ttlMs); // an existing member keeps its place: Map.set does not move a key
    this.lines.set(key, line);
    let ahead = 0;
    for (const m of line.keys()) {
      if (m === member) break;
      ahead += 1;
    }
    return Promise.resolve(ahead);
  }

  lineLeave(key: string, member: string): Promise<void> {
    const line = this.lines.get(key);
    line?.delete(member);
    if (line?.size === 0) this.lines.delete(key);
    return Promise.resolve();
  }

  holdLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const l = this.live(this.leases, name, now);
    if (l && l.value !== owner) return Promise.resolve(false);
    this.leases.set(name, { value: owner, expiresAt: now + ttlMs });
    return Promise.resolve(true);
  }

  releaseLease(name: string, owner: string): Promise<void> {
    if (this.leases.get(name)?.value === owner) this.leases.delete(name);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The unexpired slots of a counter (expired ones dropped). */
  private liveSlots(key: string, now: number): Map<string, number> {
    const m = this.slots.get(key) ?? new Map<string, number>();
    for (const [h, at] of m) if (at <= now) m.delete(h);
    return m;
  }

  private live<T>(m: Map<string, Expiring<T>>, key: string, now: number): Expiring<T> | undefined {
    const v = m.get(key);
    if (v && v.expiresAt <= now) {
      m.delete(key);
      return undefined;
    }
    return v;
  }

  private sweep<T>(m: Map<string, Expiring<T>>, now: number): void {
    if (m.size < 10_000) return;
    for (const [k, v] of m) if (v.expiresAt <= now) m.delete(k);
  }
}
