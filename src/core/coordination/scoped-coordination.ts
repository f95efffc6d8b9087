import type { Coordination, SlotCounter } from '../ports/coordination.js';

/**
 * A view of a {@link Coordination} with every key (and lease name) under `scope`, e.g. `telegram:<bot id>:`, so two
 * users of one Redis prefix (two Telegram bots) never share a key. Closing the view does not close the underlying
 * coordination (its owner does).
 */
export class ScopedCoordination implements Coordination {
  readonly shared: boolean;

  constructor(
    private readonly inner: Coordination,
    private readonly scope: string,
  ) {
    this.shared = inner.shared;
  }

  takeSlots(counters: readonly SlotCounter[], holder: string, ttlMs: number): Promise<string[]> {
    return this.inner.takeSlots(counters.map((c) => ({ key: this.k(c.key), limit: c.limit })), holder, ttlMs).then((full) => full.map((k) => k.slice(this.scope.length)));
  }
  renewSlots(keys: readonly string[], holder: string, ttlMs: number): Promise<void> {
    return this.inner.renewSlots(keys.map((k) => this.k(k)), holder, ttlMs);
  }
  releaseSlots(keys: readonly string[], holder: string): Promise<void> {
    return this.inner.releaseSlots(keys.map((k) => this.k(k)), holder);
  }
  countSlots(key: string): Promise<number> {
    return this.inner.countSlots(this.k(key));
  }
  claim(key: string, ttlMs: number): Promise<number> {
    return this.inner.claim(this.k(key), ttlMs);
  }
  put(key: string, value: string, ttlMs: number): Promise<void> {
    return this.inner.put(this.k(key), value, ttlMs);
  }
  get(key: string): Promise<string | undefined> {
    return this.inner.get(this.k(key));
  }
  take(key: string): Promise<string | undefined> {
    return this.inner.take(this.k(key));
  }
  delete(key: string): Promise<void> {
    return this.inner.delete(this.k(key));
  }
  append(key: string, value: string, ttlMs: number, maxLength?: number): Promise<number> {
    return this.inner.append(this.k(key), value, ttlMs, maxLength);
  }
  takeList(key: string, ifLength?: number): Promise<{ taken: string[] } | { length: number }> {
    return this.inner.takeList(this.k(key), ifLength);
  }
  listLength(key: string): Promise<number> {
    return this.inner.listLength(this.k(key));
  }
  lineEnter(key: string, member: string, ttlMs: number): Promise<number> {
    return this.inner.lineEnter(this.k(key), member, ttlMs);
  }
  lineLeave(key: string, member: string): Promise<void> {
    return this.inner.lineLeave(this.k(key), member);
  }
  holdLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    return this.inner.holdLease(this.k(name), owner, ttlMs);
  }
  releaseLease(name: string, owner: string): Promise<void> {
    return this.inner.releaseLease(this.k(name), owner);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }

  private k(key: string): string {
    return this.scope + key;
  }
}
