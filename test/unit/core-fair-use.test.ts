import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/core/failures.js';
import { FairUseGate, type Lease } from '../../src/core/fair-use/fair-use-gate.js';
import { ManualClock } from '../../src/core/ports/clock.js';

const A = { userKey: 'u:a', scopeKey: 's:1' };
const B = { userKey: 'u:b', scopeKey: 's:1' };
const C = { userKey: 'u:c', scopeKey: 's:1' };
const D = { userKey: 'u:d', scopeKey: 's:1' };

function lease(r: Result<Lease>): Lease {
  if (!r.ok) throw new Error(`expected a lease, got ${r.failure.code}`);
  return r.value;
}
const tick = () => new Promise((r) => setImmediate(r));

describe('FairUseGate', () => {
  it('starts at once when under the limits', async () => {
    const clock = new ManualClock(1000);
    const gate = new FairUseGate({ clock, maxPerScope: 2 });
    const l = lease(await gate.acquire(A));
    expect(l.startedAt).toBe(1000);
    expect(l.waitedMs).toBe(0);
    expect(await gate.running(A)).toEqual({ user: 1, scope: 1 });
    l.release();
    l.release();
    await tick();
    expect(await gate.running(A)).toEqual({ user: 0, scope: 0 });
  });

  it('refuses during the cooldown with the exact wait, measured from the last start', async () => {
    const clock = new ManualClock(0);
    const gate = new FairUseGate({ clock, cooldownMs: 10_000, maxPerScope: 5 });
    lease(await gate.acquire(A)).release();
    clock.advance(4000);
    const r = await gate.acquire(A);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe('cooldown');
      expect(r.failure.details).toEqual({ retryAfterMs: 6000 });
      expect(r.failure.money).toBe('none');
    }
    expect((await gate.acquire(B)).ok).toBe(true);
    clock.advance(6000);
    expect((await gate.acquire(A)).ok).toBe(true);
  });

  it('queues FIFO per scope, reports positions, and moves the line on release', async () => {
    const clock = new ManualClock(0);
    const gate = new FairUseGate({ clock, maxPerScope: 1 });
    const first = lease(await gate.acquire(A));
    const posB: number[] = [];
    const posC: number[] = [];
    const order: string[] = [];
    const pb = gate.acquire(B, { onQueued: (p) => posB.push(p) }).then((r) => (order.push('b'), lease(r)));
    const pc = gate.acquire(C, { onQueued: (p) => posC.push(p) }).then((r) => (order.push('c'), lease(r)));
    await tick();
    expect(posB).toEqual([1]);
    expect(posC).toEqual([2]);
    expect(gate.queued('s:1')).toBe(2);
    clock.advance(500);
    first.release();
    const lb = await pb;
    expect(lb.waitedMs).toBe(500);
    expect(posC).toEqual([2, 1]);
    await tick();
    expect(order).toEqual(['b']);
    lb.release();
    (await pc).release();
    expect(order).toEqual(['b', 'c']);
    expect(gate.queued('s:1')).toBe(0);
  });

  it('refuses with queue_full once the line is at maxQueue', async () => {
    const gate = new FairUseGate({ clock: new ManualClock(0), maxPerScope: 1, maxQueue: 2 });
    lease(await gate.acquire(A));
    void gate.acquire(B);
    void gate.acquire(C);
    await tick();
    const r = await gate.acquire(D);
    expect(!r.ok && r.failure.code).toBe('queue_full');
    expect(!r.ok && r.failure.details).toEqual({ position: 3 });
    // Another scope has its own line: user a is at its own limit there, so it waits rather than being refused.
    const positions: number[] = [];
    void gate.acquire({ userKey: 'u:a', scopeKey: 's:2' }, { onQueued: (p) => positions.push(p) });
    await tick();
    expect(positions).toEqual([1]);
    expect(gate.queued('s:2')).toBe(1);
  });

  it('does not let a user-blocked waiter hold up others (per-user limit)', async () => {
    const clock = new ManualClock(0);
    const gate = new FairUseGate({ clock, maxPerUser: 1, maxPerScope: 2 });
    const a1 = lease(await gate.acquire(A));
    let a2: Lease | undefined;
    void gate.acquire(A).then((r) => (a2 = lease(r)));
    await tick();
    expect(gate.queued('s:1')).toBe(1);
    // B can run: the scope has room and the waiter ahead is blocked by its own user's limit.
    const b = lease(await gate.acquire(B));
    expect(await gate.running(B)).toEqual({ user: 1, scope: 2 });
    b.release();
    await tick();
    expect(a2).toBeUndefined();
    a1.release();
    await tick();
    expect(a2).toBeDefined();
    expect(await gate.running(A)).toEqual({ user: 1, scope: 1 });
  });

  it('counts a user across scopes and wakes other scopes on release', async () => {
    const gate = new FairUseGate({ clock: new ManualClock(0), maxPerUser: 1, maxPerScope: 5 });
    const inOne = lease(await gate.acquire(A));
    let started = false;
    const p = gate.acquire({ userKey: 'u:a', scopeKey: 's:2' }).then((r) => {
      started = true;
      return lease(r);
    });
    await tick();
    expect(started).toBe(false);
    inOne.release();
    (await p).release();
    expect(started).toBe(true);
  });

  it('leaves the line when the signal aborts', async () => {
    const gate = new FairUseGate({ clock: new ManualClock(0), maxPerScope: 1 });
    const first = lease(await gate.acquire(A));
    const ac = new AbortController();
    const posC: number[] = [];
    const pb = gate.acquire(B, { signal: ac.signal });
    const pc = gate.acquire(C, { onQueued: (p) => posC.push(p) });
    await tick();
    ac.abort(new Error('user cancelled'));
    await expect(pb).rejects.toThrow('user cancelled');
    expect(posC).toEqual([2, 1]);
    first.release();
    expect((await pc).ok).toBe(true);
    await expect(gate.acquire(D, { signal: AbortSignal.abort() })).rejects.toBeDefined();
  });

  it('keeps FIFO order for many waiters', async () => {
    const gate = new FairUseGate({ clock: new ManualClock(0), maxPerScope: 1, maxQueue: 50 });
    const started: number[] = [];
    const head = lease(await gate.acquire({ userKey: 'u:0', scopeKey: 's' }));
    const all = Array.from({ length: 20 }, (_, i) =>
      gate.acquire({ userKey: `u:${i + 1}`, scopeKey: 's' }).then((r) => {
        started.push(i + 1);
        lease(r).release();
      }),
    );
    head.release();
    await Promise.all(all);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
