import { describe, expect, it } from 'vitest';
import { StatusThrottle } from '../../src/platforms/telegram/util/throttle.js';
import { ManualTimers } from '../fakes/telegram/manual-timers.js';

function setup() {
  const timers = new ManualTimers();
  const edits: { at: number; chat: number; text: string }[] = [];
  const throttle = new StatusThrottle({ timers });
  const editor = (chat: number, type: 'private' | 'supergroup', initial?: string) =>
    throttle.editor(chat, type, async (text) => void edits.push({ at: timers.now(), chat, text }), initial);
  return { timers, edits, editor };
}

describe('StatusThrottle', () => {
  it('edits at most once per 3 s in a group, delivering only the latest text', async () => {
    const { timers, edits, editor } = setup();
    const e = editor(-100, 'supergroup', 'Queued');
    e.set('10%');
    await timers.advance(0);
    e.set('20%');
    e.set('30%');
    await timers.advance(1000);
    e.set('40%');
    await timers.advance(2000);
    expect(edits.map((x) => [x.at, x.text])).toEqual([[0, '10%'], [3000, '40%']]);
  });

  it('uses 1 s in private chats and skips identical text', async () => {
    const { timers, edits, editor } = setup();
    const e = editor(5, 'private', 'Queued');
    e.set('Queued');
    await timers.advance(0);
    expect(edits).toEqual([]);
    e.set('Working');
    e.set('Working');
    await timers.advance(500);
    e.set('Working');
    e.set('Almost');
    await timers.advance(500);
    expect(edits.map((x) => [x.at, x.text])).toEqual([[0, 'Working'], [1000, 'Almost']]);
  });

  it('shares one budget between editors in the same chat but not across chats', async () => {
    const { timers, edits, editor } = setup();
    const a = editor(-100, 'supergroup');
    const b = editor(-100, 'supergroup');
    const other = editor(-200, 'supergroup');
    a.set('a1');
    b.set('b1');
    other.set('o1');
    await timers.advance(3000);
    expect(edits.map((x) => [x.at, x.chat, x.text])).toEqual([[0, -100, 'a1'], [0, -200, 'o1'], [3000, -100, 'b1']]);
  });

  it('flushes the final state immediately and ignores later updates', async () => {
    const { timers, edits, editor } = setup();
    const e = editor(-100, 'supergroup');
    e.set('10%');
    await timers.advance(100);
    e.set('50%');
    await e.finish('Done');
    e.set('late');
    await timers.advance(10_000);
    expect(edits.map((x) => [x.at, x.text])).toEqual([[0, '10%'], [100, 'Done']]);
    expect(timers.pending).toBe(0);
  });

  it('waits for an edit in flight before the final one, and reports errors without stopping', async () => {
    const timers = new ManualTimers();
    const order: string[] = [];
    const errors: unknown[] = [];
    let release!: () => void;
    const throttle = new StatusThrottle({ timers, onError: (e) => errors.push(e) });
    const e = throttle.editor(1, 'private', async (text) => {
      order.push(`start ${text}`);
      if (text === 'slow') await new Promise<void>((r) => (release = r));
      if (text === 'boom') throw new Error('message is not modified');
      order.push(`end ${text}`);
    });
    e.set('slow');
    const fin = e.finish('final');
    await timers.advance(0);
    expect(order).toEqual(['start slow']);
    release();
    await fin;
    expect(order).toEqual(['start slow', 'end slow', 'start final', 'end final']);
    const e2 = throttle.editor(2, 'private', async () => {
      throw new Error('boom');
    });
    await e2.finish('x');
    expect(errors).toHaveLength(1);
  });

  it('cancel drops pending text', async () => {
    const { timers, edits, editor } = setup();
    const e = editor(-1, 'supergroup');
    e.set('a');
    e.set('b');
    e.cancel();
    await timers.advance(5000);
    expect(edits.map((x) => x.text)).toEqual(['a']);
  });
});
