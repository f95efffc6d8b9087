import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../../src/core/failures.js';
import { createTestStack, type TestStack } from '../support/harness.js';

let t: TestStack;

beforeAll(async () => {
  t = await createTestStack({ app: { pollerTuning: { progressEveryMs: 0, tickMs: 50, purgeEveryMs: 50 } } });
});
afterAll(() => t?.close());

describe('failure reference retention', () => {
  it('the poller purge deletes references older than 30 days and keeps recent ones', async () => {
    const actor = t.actor({ user: 'old' });
    const recent = fail('internal');
    t.core.explain(recent, undefined, { actor });
    expect((await t.core.failureRef(actor, recent.ref, false)).ok).toBe(true);
    await t.store.refs.record({ ref: 'OLDREF', createdAt: Date.now() - 31 * 86_400_000, scopeId: 's', userId: 'u', jobId: null, code: 'internal', detail: '{}', surface: 'console' });
    const end = Date.now() + 5000;
    while ((await t.store.refs.get('OLDREF')) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    expect(await t.store.refs.get('OLDREF')).toBeUndefined();
    expect(await t.store.refs.get(recent.ref)).toBeDefined();
  });
});
