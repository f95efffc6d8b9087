import { describe, expect, it } from 'vitest';
import { keepChatAction } from '../../src/platforms/telegram/util/chat-action.js';
import { ManualTimers } from '../fakes/telegram/manual-timers.js';

describe('keepChatAction', () => {
  it('sends now and every 4.5 s until stopped', async () => {
    const timers = new ManualTimers();
    const at: number[] = [];
    const h = keepChatAction(async () => void at.push(timers.now()), { timers });
    await timers.advance(14_000);
    expect(at).toEqual([0, 4500, 9000, 13_500]);
    h.stop();
    h.stop();
    await timers.advance(20_000);
    expect(at).toHaveLength(4);
    expect(timers.pending).toBe(0);
  });

  it('with delayMs sends first after the delay, and nothing when stopped sooner', async () => {
    const timers = new ManualTimers();
    const at: number[] = [];
    const h = keepChatAction(async () => void at.push(timers.now()), { timers, delayMs: 300 });
    await timers.advance(299);
    expect(at).toEqual([]);
    await timers.advance(5_000);
    expect(at).toEqual([300, 4800]);
    h.stop();
    const quick = keepChatAction(async () => void at.push(-1), { timers, delayMs: 300 });
    await timers.advance(100);
    quick.stop();
    await timers.advance(10_000);
    expect(at).toEqual([300, 4800]);
    expect(timers.pending).toBe(0);
  });

  it('keeps going after a failed send and never overlaps sends', async () => {
    const timers = new ManualTimers();
    const errors: unknown[] = [];
    let n = 0;
    let running = 0;
    let maxRunning = 0;
    const h = keepChatAction(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await Promise.resolve();
        running--;
        if (++n === 1) throw new Error('429');
      },
      { timers, intervalMs: 1000, onError: (e) => errors.push(e) },
    );
    await timers.advance(3000);
    h.stop();
    expect(n).toBe(4);
    expect(errors).toHaveLength(1);
    expect(maxRunning).toBe(1);
  });
});
