import { describe, expect, it } from 'vitest';
import { TokenLimiter } from '../../src/gateway/limiter.js';

const never = new AbortController().signal;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function peakConcurrency(limiter: TokenLimiter, token: string, calls: number): Promise<{ peak: number; order: number[] }> {
  let active = 0;
  let peak = 0;
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: calls }, (_, i) =>
      limiter.run(token, never, async () => {
        active += 1;
        peak = Math.max(peak, active);
        order.push(i);
        await sleep(5);
        active -= 1;
      }),
    ),
  );
  return { peak, order };
}

describe('TokenLimiter', () => {
  it('without spacing: at most `concurrency` calls per token at once, started in FIFO order, tokens independent', async () => {
    const l = new TokenLimiter({ concurrency: 3, minTimeMs: 0 });
    const [a, b] = await Promise.all([peakConcurrency(l, 'sk-a-token-1234', 12), peakConcurrency(l, 'sk-b-token-1234', 12)]);
    expect(a.peak).toBe(3);
    expect(b.peak).toBe(3);
    expect(a.order).toEqual([...Array(12).keys()]);
  });

  it('without spacing: a call aborted while queued rejects with the reason and never runs', async () => {
    const l = new TokenLimiter({ concurrency: 1, minTimeMs: 0 });
    const ac = new AbortController();
    let ran = false;
    const first = l.run('sk-t-token-1234', never, () => sleep(30));
    const second = l.run('sk-t-token-1234', ac.signal, async () => {
      ran = true;
    });
    ac.abort(new Error('caller gave up'));
    await expect(second).rejects.toThrow('caller gave up');
    await first;
    await l.run('sk-t-token-1234', never, async () => undefined);
    expect(ran).toBe(false);
  });

  it('a failing call frees its slot', async () => {
    const l = new TokenLimiter({ concurrency: 1, minTimeMs: 0 });
    await expect(l.run('sk-t-token-1234', never, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(l.run('sk-t-token-1234', never, async () => 42)).resolves.toBe(42);
  });

  it('with spacing (Bottleneck): calls of one token start at least minTimeMs apart', async () => {
    const l = new TokenLimiter({ concurrency: 4, minTimeMs: 40 });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 4 }, () => l.run('sk-s-token-1234', never, async () => void starts.push(Date.now()))));
    // A start is timed when its callback runs: on a loaded machine one runs late and the next gap looks shorter (23 ms
    // seen), so each gap only proves spacing exists (without it they are ~0 ms) and the span proves the full spacing.
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(15);
    expect(starts[3]! - starts[0]!).toBeGreaterThanOrEqual(3 * 40 - 10);
    await l.stop();
  });
});
