/**
 * A gateway whose `/v1/models` fails (the portkey-like router: 500) is asked once per refresh period, not on every
 * command: the failure is remembered by the model-list cache and each load is one request (no client re-sends).
 * Measured with the client's production retry setting (4 re-sends).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortkeyLike, type FakeGateway } from '../fakes/gateways/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';

describe('a failing /v1/models is not asked per command', () => {
  let fake: FakeGateway;
  let stack: TestStack;

  beforeAll(async () => {
    fake = await startPortkeyLike();
    stack = await createTestStack({
      startPoller: false,
      priceTable: { 'gpt-image-2': { kind: 'image', unit: 'image', unitMicros: 40_000, onSale: true } },
      config: (c) => {
        c.gateway = { ...c.gateway, baseUrl: fake.url };
      },
      app: { gatewayOptions: { maxRetries: 4, retryBaseMs: 5 } },
    });
  });

  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('three commands cost no /v1/models call after the start-up one', async () => {
    const atStart = fake.count('/v1/models');
    const perCommand: { all: number; models: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const before = fake.calls.length;
      const modelsBefore = fake.count('/v1/models');
      const r = await stack.core.imagine({ ...stack.actor(), prompt: 'a fox', model: 'gpt-image-2' });
      expect(r.ok).toBe(false);
      perCommand.push({ all: fake.calls.length - before, models: fake.count('/v1/models') - modelsBefore });
    }
    // Before: 5 /v1/models calls at start-up and 6 calls per command (5 of them /v1/models: one load and 4 re-sends).
    expect(atStart).toBe(1);
    expect(perCommand).toEqual([{ all: 1, models: 0 }, { all: 1, models: 0 }, { all: 1, models: 0 }]);
  });
});
