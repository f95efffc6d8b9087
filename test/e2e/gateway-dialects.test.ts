/**
 * Issue 22 item 7: OpenAI-compatible servers that are not new-api, met as a new user would, on the console and on the
 * Telegram and Discord surfaces (the real adapters against the fake Bot API and the fake Discord API). Small fakes on 127.0.0.1
 * (test/fakes/gateways): a mock-LLM server (models without prices, chat without usage, HTML 404 on images and
 * videos), a router that wants a provider header (400 on every call, 500 on /v1/models), and a web server's HTML 404
 * page. Each answer names what the gateway lacks or wants, charges nothing, is never worded as the bot's own fault,
 * and the admins are told how to fix it once, not under every command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTKEY_HEADER, startHtml404, startMockLlmLike, startPortkeyLike, type FakeGateway } from '../fakes/gateways/index.js';
import { consoleDriver } from '../support/scenario-console.js';
import { discordDriver } from '../support/scenario-discord.js';
import { telegramDriver } from '../support/scenario-telegram.js';
import type { ScenarioDriver } from '../support/scenario.js';
import type { TestStackOptions } from '../support/harness.js';
import type { PriceTable } from '../../src/core/pricing.js';

const OUR_FAULT = /on our side|something went wrong|internal error|private or local network/i;
const NOTHING_CHARGED = /nothing was charged/i;
const ADMIN_FIX = /GATEWAY_BASE_URL/;

/** The operator priced the 2026 models it expects this gateway to have. */
const PRICES: PriceTable = {
  'gpt-image-2': { kind: 'image', unit: 'image', unitMicros: 40_000, onSale: true },
  'veo-3.1': { kind: 'video', unit: 'second', unitMicros: 100_000, onSale: true },
  /** Priced by the operator, not listed by the mock-LLM server for this token. */
  'flux-2-pro': { kind: 'image', unit: 'image', unitMicros: 50_000, onSale: true },
};

function stackOn(fake: () => FakeGateway): TestStackOptions {
  return {
    startPoller: false,
    priceTable: PRICES,
    env: { TEXT_PRICE_PER_1K_TOKENS: '0.002' },
    config: (c) => {
      c.gateway = { ...c.gateway, baseUrl: fake().url };
    },
    app: { gatewayOptions: { maxRetries: 4, retryBaseMs: 5 } },
  };
}

const SURFACES = [
  { name: 'console', start: (o: TestStackOptions) => consoleDriver(o) },
  { name: 'telegram', start: (o: TestStackOptions) => telegramDriver(o) },
  { name: 'discord', start: (o: TestStackOptions) => discordDriver(o) },
] as const;

async function ledgerUnchanged(d: ScenarioDriver): Promise<void> {
  for (const who of ['admin', 'member'] as const) {
    const b = await d.stack.core.balance(d.actor(who));
    expect(b.spentMicros, who).toBe(0);
    expect(b.heldMicros ?? 0, who).toBe(0);
  }
}

describe.each(SURFACES)('a mock-LLM server on $name', (surface) => {
  let fake: FakeGateway;
  let d: ScenarioDriver;

  beforeAll(async () => {
    fake = await startMockLlmLike({ models: ['gpt-5.2', 'gpt-image-2', 'veo-3.1'] });
    d = await surface.start(stackOn(() => fake));
  });

  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });

  it('/imagine and /video name what the gateway does not offer; the admins are told how to fix it once', async () => {
    const image = await d.command('admin', '/imagine a fox --model gpt-image-2');
    expect(image.reply.tone).toBe('error');
    expect(image.text).toContain('This gateway does not offer image generation.');
    expect(image.text).toMatch(NOTHING_CHARGED);
    expect(image.text).not.toMatch(OUR_FAULT);
    expect(image.text).toContain('This gateway has no route for image generation (its answer to /v1/images/generations says there is no such route)');
    expect(image.text).toMatch(ADMIN_FIX);

    const again = await d.command('admin', '/imagine a fox --model gpt-image-2');
    expect(again.text).toContain('This gateway does not offer image generation.');
    expect(again.text).not.toMatch(ADMIN_FIX);

    const video = await d.command('member', '/video a wave --model veo-3.1 --seconds 4');
    expect(video.text).toContain('This gateway does not offer video generation.');
    expect(video.text).toMatch(NOTHING_CHARGED);
    expect(video.text).not.toMatch(OUR_FAULT);
    await ledgerUnchanged(d);
  });

  it('a model the operator priced but this token does not list is "not available to this token\'s group", not "no such model"', async () => {
    const calls = fake.calls.length;
    const group = await d.command('member', '/imagine a fox --model flux-2-pro');
    expect(group.reply.failure?.code ?? group.text).toBe('no_channel');
    expect(group.text).toContain("'flux-2-pro' is not available to this token's group");
    expect(group.text).toContain("an admin can ask the gateway's owner to add the model to the token's group");
    expect(group.text).not.toMatch(/no model called/);
    const typo = await d.command('member', '/imagine a fox --model gpt-imge-2');
    expect(typo.text).toContain("There is no model called 'gpt-imge-2'. Did you mean gpt-image-2?");
    expect(fake.calls.slice(calls).filter((c) => c.method === 'POST')).toEqual([]);
    await ledgerUnchanged(d);
  });

  it('/models lists the model the gateway gives no price for as such', async () => {
    const models = await d.command('member', '/models');
    expect(models.text).toContain('gpt-5.2');
    expect(models.text).not.toMatch(OUR_FAULT);
  });

  it('/ask without usage in the answer says the cost is an estimate', async () => {
    const before = fake.count('/v1/chat/completions');
    const ask = await d.command('member', '/ask what is a haiku? --model gpt-5.2');
    expect(ask.reply.tone).toBe('result');
    expect(fake.count('/v1/chat/completions')).toBe(before + 1);
    expect(ask.text).toContain('A haiku is a short poem');
    expect(ask.text).toContain('(estimated: the gateway reported no token count, so the bot counted the text)');
    expect(ask.reply.fields?.find((f) => f.name === 'Tokens')?.value).toMatch(/^≈ \d/);
  });
});

describe.each(SURFACES)('a router that wants a provider header on $name', (surface) => {
  let fake: FakeGateway;
  let d: ScenarioDriver;

  beforeAll(async () => {
    fake = await startPortkeyLike();
    d = await surface.start(stackOn(() => fake));
  });

  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });

  it('names the header it wants, charges nothing, tells the admins once; /v1/models is not asked per command', async () => {
    const modelsAtStart = fake.count('/v1/models');
    const image = await d.command('member', '/imagine a fox --model gpt-image-2');
    expect(image.reply.tone).toBe('error');
    expect(image.text).toContain(`because it expects the header x-portkey-config / ${PORTKEY_HEADER}`);
    expect(image.text).toMatch(NOTHING_CHARGED);
    expect(image.text).not.toMatch(OUR_FAULT);

    // The admins' notice comes once, with the first failure an admin sees (on the console everyone is its admin).
    const admin = await d.command('admin', '/imagine a fox --model gpt-image-2');
    const admin2 = await d.command('admin', '/imagine a cat --model gpt-image-2');
    expect(admin2.text).toContain(PORTKEY_HEADER);
    const notices = [image, admin, admin2].map((s) => s.text.split(`The gateway refuses requests without the header x-portkey-config / ${PORTKEY_HEADER}`).length - 1);
    expect(notices).toEqual(surface.name === 'console' ? [1, 0, 0] : [0, 1, 0]);

    expect(fake.count('/v1/models') - modelsAtStart).toBe(0);
    expect(fake.count('/v1/images/generations')).toBe(3);
    await ledgerUnchanged(d);
  });
});

describe.each(SURFACES)('a web server answering an HTML 404 page on $name', (surface) => {
  let fake: FakeGateway;
  let d: ScenarioDriver;

  beforeAll(async () => {
    fake = await startHtml404();
    d = await surface.start(stackOn(() => fake));
  });

  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });

  it('/models and /imagine say what the gateway does not offer, never our fault', async () => {
    const models = await d.command('member', '/models');
    expect(models.text).toContain('This gateway does not offer a model list.');
    expect(models.text).not.toMatch(OUR_FAULT);

    const image = await d.command('admin', '/imagine a fox --model gpt-image-2');
    expect(image.text).toContain('This gateway does not offer image generation.');
    expect(image.text).toMatch(NOTHING_CHARGED);
    expect(image.text).not.toMatch(OUR_FAULT);
    expect(image.text).toMatch(ADMIN_FIX);
    await ledgerUnchanged(d);
  });
});
