import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import type { SimEndpoint, SimFaultKind } from '../../src/simulator/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

let t: TestStack;
const target: DeliveryAddress = { surface: 'console', chatId: 'c', userExternalId: 'u1' };

beforeAll(async () => {
  // A 1 s deadline per gateway call keeps the timeout cases short; retries are fast (harness default).
  t = await createTestStack({ env: { DEFAULT_ALLOWANCE: '10', GATEWAY_TIMEOUT_MS: '1000' }, startPoller: false });
  // Load the model list once, before any fault is armed.
  expect((await t.core.models(t.actor())).ok).toBe(true);
});
afterEach(() => t.sim.clearFaults());
afterAll(() => t?.close());

/** What the gateway billed for creates whose answer timed out (see the slow video case). */
let ghostMicros = 0;

async function ledgerMatches(): Promise<void> {
  expect(await ledgerNetCharged(t.store, 'operator') + ghostMicros).toBe(t.sim.spentMicros(t.sim.tokens.media));
  expect(await openHolds(t.store)).toBe(0);
}

const CASES: [string, SimFaultKind, string][] = [
  ['a 429 storm', 'rate_limit', 'gateway_busy'],
  ['a 429 storm without body or Retry-After', 'rate_limit_no_header', 'gateway_busy'],
  ['500s', 'server_error', 'gateway_down'],
  ['502 HTML pages', 'bad_gateway', 'gateway_down'],
  ['connection resets', 'reset', 'gateway_down'],
  ['a slow gateway', 'slow', 'gateway_timeout'],
];

describe.each<[string, SimEndpoint]>([
  ['image jobs', 'image'],
  ['video create', 'video_create'],
])('faults on %s', (_name, endpoint) => {
  it.each(CASES)('%s → the right failure, hold released, ledger equal to the gateway', async (_label, kind, code) => {
    t.sim.addFault({ kind, endpoint, slowMs: 1500 });
    const a = t.actor();
    const r =
      endpoint === 'image'
        ? await t.core.imagine({ ...a, prompt: 'under fault' })
        : await t.core.startVideo({ ...a, prompt: 'under fault', seconds: 4, delivery: target });
    expect(!r.ok && r.failure.code).toBe(code);
    expect(!r.ok && r.failure.money).toBe('released');
    if (kind === 'slow' && endpoint === 'video_create') {
      // A create whose answer never came may still have been accepted (there is no idempotency key): the
      // gateway bills a task the bot never saw. Wait for the slow answer, then account for that ghost charge.
      await new Promise((res) => setTimeout(res, 1000));
      const diff = t.sim.spentMicros(t.sim.tokens.media) - (await ledgerNetCharged(t.store, 'operator')) - ghostMicros;
      expect(diff).toBe(200_000);
      ghostMicros += diff;
    }
    await ledgerMatches();
  });

  it('recovers when the fault clears: a single 429 is retried and the job succeeds', async () => {
    t.sim.clearRequests();
    t.sim.addFault({ kind: 'rate_limit_no_header', endpoint, times: 1 });
    const a = t.actor();
    const r =
      endpoint === 'image'
        ? await t.core.imagine({ ...a, prompt: 'retry me' })
        : await t.core.startVideo({ ...a, prompt: 'retry me', seconds: 4, delivery: target });
    expect(r.ok ? 'ok' : r.failure.code).toBe('ok');
    expect(t.sim.requests().filter((q) => q.endpoint === endpoint)).toHaveLength(2);
    if (endpoint === 'image') await ledgerMatches();
    else expect(await openHolds(t.store)).toBe(1); // the video hold stays open until the poller finishes the job
  });
});

describe('routing and malformed answers', () => {
  it('a routing 503 is no_channel; a malformed 200 is gateway_down; both released', async () => {
    t.sim.addFault({ kind: 'routing', endpoint: 'image', times: 1 });
    const r1 = await t.core.imagine({ ...t.actor(), prompt: 'x' });
    expect(!r1.ok && r1.failure.code).toBe('no_channel');
    t.sim.addFault({ kind: 'malformed', endpoint: 'image' });
    const r2 = await t.core.imagine({ ...t.actor(), prompt: 'x' });
    expect(!r2.ok && r2.failure.code).toBe('gateway_down');
    expect(!r2.ok && r2.failure.money).toBe('released');
  });
});
