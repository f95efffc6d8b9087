import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { encodePng } from '../../src/simulator/png.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

/** Small bad-input holes, through the real core, store and simulator. */
let t: TestStack;
const mediaRequests = () => t.sim.requests().filter((r) => ['image', 'edit', 'video_create', 'chat', 'messages'].includes(r.endpoint)).length;

beforeAll(async () => {
  t = await createTestStack({ startPoller: false, env: { DEFAULT_ALLOWANCE: '5' } });
});
afterAll(() => t?.close());

describe('prompts made only of invisible or combining characters', () => {
  const invisible = ['\u200b\u200c\u200d', '\u200e\u200f', '\u2060\u2061', '\ufe0f\ufe0e', '\u0301\u0308\u0327', '\u00a0\u3000\u200b', '\ufeff', '\u{e0101}\u{e0020}', '\u3164\u2800', '\u034f\u200b \u0301'];
  it.each(invisible.map((s) => [JSON.stringify(s), s]))('%s is refused as empty, free', async (_label, prompt) => {
    const before = mediaRequests();
    const r = await t.core.imagine({ ...t.actor(), prompt });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.code).toBe('prompt_empty');
    expect(r.failure.money).toBe('none');
    expect(t.core.explain(r.failure)).toMatch(/the prompt is empty.*Nothing was charged\./);
    expect(mediaRequests()).toBe(before);
    expect(await openHolds(t.store)).toBe(0);
  });

  it('emoji (with variation selectors, skin tones, joiners) and accented letters still pass', async () => {
    for (const prompt of ['❤️', '👍🏽', '👨‍👩‍👧', 'é']) {
      const r = await t.core.imagine({ ...t.actor({ user: 'emoji' }), prompt });
      expect(r.ok).toBe(true);
    }
    expect(await ledgerNetCharged(t.store)).toBe(t.sim.spentMicros(t.sim.tokens.media));
  });
});

describe('GIF reference images', () => {
  // A single-frame 1×1 GIF89a.
  const stillGif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

  it('a static GIF is refused free, with words that recommend PNG, JPEG or WebP and not GIF', async () => {
    const before = mediaRequests();
    const r = await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: [{ name: 'still.gif', bytes: stillGif }] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.code).toBe('attachment_not_image');
    const words = t.core.explain(r.failure);
    expect(words).toMatch(/'still\.gif' is a GIF, which image models do not accept\. Use a PNG, JPEG or WebP image/);
    expect(words).not.toMatch(/or (single-frame )?GIF/i);
    expect(words).toMatch(/Nothing was charged\./);
    expect(mediaRequests()).toBe(before);
  });

  it('other refusals no longer recommend GIF either', async () => {
    const r = await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: [{ name: 'notes.png', bytes: Buffer.from('%PDF-1.4 hello') }] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(t.core.explain(r.failure)).toMatch(/Use a PNG, JPEG or WebP image\./);
    const png = await encodePng(8, 8, { r: 1, g: 2, b: 3 });
    expect((await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: [{ name: 'ok.png', bytes: png }] })).ok).toBe(true);
  });
});

describe('/budget adjust ceiling', () => {
  const boss: Actor = { scope: { platform: 'console', externalId: 'ceil', kind: 'group' }, user: { platform: 'console', externalId: 'ceil-boss' } };
  it('refuses an adjustment that would push allowance + adjustments past $100,000, and stacking', async () => {
    const member = t.actor({ scope: 'ceil', user: 'rich', username: 'rich' });
    await t.core.touch(member);
    const admin = (amount: string) => t.core.admin({ ...boss, scope: member.scope }, { op: 'adjust', target: 'rich', amount, note: 'test' });
    expect((await t.core.admin({ ...boss, scope: member.scope }, { op: 'default', amount: '5', period: 'day' })).ok).toBe(true);
    const first = await admin('+99995');
    expect(first.ok).toBe(true);
    const over = await admin('+0.01');
    expect(over.ok).toBe(false);
    if (!over.ok) {
      expect(over.failure.code).toBe('bad_amount');
      expect(t.core.explain(over.failure)).toMatch(/An allowance plus this period's adjustments can be at most \$100,000\.00; this adjustment would make it \$100,000\.01\./);
    }
    for (let i = 0; i < 3; i++) expect((await admin('+100000')).ok).toBe(false);
    const b = await t.core.balance(member);
    expect(b.limitMicros! + b.adjustedMicros).toBe(100_000_000_000);
    expect((await admin('-100000')).ok).toBe(true);
    expect((await admin('-99996')).ok).toBe(false);
  });
});
