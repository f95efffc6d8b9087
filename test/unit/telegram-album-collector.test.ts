import { describe, expect, it } from 'vitest';
import { MemoryCoordination } from '../../src/core/coordination/memory-coordination.js';
import { AlbumCollector, type AlbumGroup } from '../../src/platforms/telegram/util/album-collector.js';
import { ManualTimers } from '../fakes/telegram/manual-timers.js';

function setup(opts: { maxItems?: number; quietMs?: number } = {}) {
  const timers = new ManualTimers();
  const groups: AlbumGroup<string>[] = [];
  const c = new AlbumCollector<string>({ coordination: new MemoryCoordination({ now: () => timers.now() }), onGroup: (g) => groups.push(g), timers, ...opts });
  return { timers, groups, c };
}

describe('AlbumCollector', () => {
  it('emits one group after the quiet window, items in message order, caption from whichever part had it', async () => {
    const { timers, groups, c } = setup();
    await c.add('1:g', { messageId: 12, item: 'p12' });
    await timers.advance(500);
    await c.add('1:g', { messageId: 11, item: 'p11', caption: '/edit blue' });
    await timers.advance(500);
    await c.add('1:g', { messageId: 13, item: 'p13' });
    await timers.advance(799);
    expect(groups).toEqual([]);
    await timers.advance(1);
    expect(groups).toEqual([{ key: '1:g', caption: '/edit blue', anchorMessageId: 11, items: ['p11', 'p12', 'p13'], extra: 0 }]);
    expect(c.size).toBe(0);
    expect(timers.pending).toBe(0);
  });

  it('keeps at most maxItems and reports the extras; ignores re-delivered parts', async () => {
    const { timers, groups, c } = setup({ maxItems: 2 });
    for (const id of [1, 2, 3, 3, 4]) await c.add('k', { messageId: id, item: `p${id}` });
    await timers.advance(800);
    expect(groups).toEqual([{ key: 'k', anchorMessageId: 1, items: ['p1', 'p2'], extra: 2 }]);
  });

  it('keeps albums of different keys apart and honours a custom window', async () => {
    const { timers, groups, c } = setup({ quietMs: 100 });
    await c.add('a', { messageId: 1, item: 'a1' });
    await timers.advance(60);
    await c.add('b', { messageId: 1, item: 'b1' });
    await timers.advance(40);
    expect(groups.map((g) => g.key)).toEqual(['a']);
    await timers.advance(60);
    expect(groups.map((g) => g.key)).toEqual(['a', 'b']);
  });

  it('flushes on demand and drops everything on dispose', async () => {
    const { timers, groups, c } = setup();
    await c.add('a', { messageId: 1, item: 'a1' });
    await c.add('b', { messageId: 1, item: 'b1' });
    expect(await c.flush('a')).toBe(true);
    expect(await c.flush('a')).toBe(false);
    c.dispose();
    await timers.advance(5000);
    expect(groups.map((g) => g.key)).toEqual(['a']);
    expect(timers.pending).toBe(0);
  });
});
