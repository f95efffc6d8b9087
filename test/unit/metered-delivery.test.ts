import { describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import type { Reply } from '../../src/core/commands/types.js';
import { fail } from '../../src/core/failures.js';
import { DeliveryError, type Delivery } from '../../src/core/ports/delivery.js';
import { createMetrics } from '../../src/ops/prometheus-metrics.js';
import { meteredDelivery } from '../../src/ops/metered-router.js';

const address: DeliveryAddress = { surface: 'telegram' };
const result = (jobId: string): Reply => ({ visibility: 'public', tone: 'result', blocks: ['a fox'], jobId, files: [{ name: 'a.png', mime: 'image/png', kind: 'image', path: '/x/a.png', size: 3 }] });
const notice = (jobId: string): Reply => ({ visibility: 'public', tone: 'error', blocks: ['failed'], jobId, failure: fail('internal') });

async function value(metrics: ReturnType<typeof createMetrics>, name: string, labels: Record<string, string>): Promise<number> {
  const m = (await metrics.registry.getSingleMetric(name)?.get())?.values ?? [];
  return m.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
}

/** The metered delivery counts each post of a result by outcome (a failed one makes the next a retry), never a notice. */
describe('meteredDelivery', () => {
  it('counts result posts by outcome and retries per job, passes failure notices and the surface\'s hint through', async () => {
    const failures: Error[] = [new DeliveryError('transient', 'rate limited', 1_000)];
    const posted: Reply[] = [];
    const inner: Delivery = {
      surface: 'telegram',
      commandHint: (c) => `/${c}@bot`,
      post: async (_a, r) => {
        const e = r.tone === 'error' ? undefined : failures.shift();
        if (e) throw e;
        posted.push(r);
        return { messageIds: ['1'] };
      },
      progress: async () => undefined,
      uploadLimitBytes: () => 10,
    };
    const metrics = createMetrics();
    const d = meteredDelivery(inner, metrics);
    expect(d.commandHint?.('job')).toBe('/job@bot');
    await expect(d.post(address, result('j1'))).rejects.toBeInstanceOf(DeliveryError);
    await d.post(address, result('j1'));
    await d.post(address, notice('j2'));
    expect(posted.map((r) => r.tone)).toEqual(['result', 'error']);
    expect(await value(metrics, 'mediabot_deliveries_total', { surface: 'telegram', outcome: 'transient' })).toBe(1);
    expect(await value(metrics, 'mediabot_deliveries_total', { surface: 'telegram', outcome: 'ok' })).toBe(1);
    expect(await value(metrics, 'mediabot_delivery_retries_total', { surface: 'telegram' })).toBe(1);
  });
});
