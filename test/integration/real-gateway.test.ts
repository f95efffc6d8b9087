/**
 * Issue 12, "works against a real gateway out of the box": the app against the simulator's real-catalogue flavor
 * (provider ids, published prices) with no PRICES_FILE and no DEFAULT_* settings, then every dialect flavor.
 * Real HTTP on 127.0.0.1, real SQLite with migrations; the ledger must equal what the simulator billed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/build-app.js';
import type { Attachment, DeliveryAddress } from '../../src/core/api/actor.js';
import { describeFailure } from '../../src/core/messages.js';
import { encodePng } from '../../src/simulator/png.js';
import { SIM_PRESETS, simulatorPriceTable } from '../../src/simulator/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

const target: DeliveryAddress = { surface: 'console', chatId: 'console', userExternalId: 'u1' };
let png: Attachment;

async function until(s: TestStack, jobId: string, statuses: string[], ms = 8000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await s.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return j.status;
    if (Date.now() > end) throw new Error(`job ${jobId} is ${j?.status}, not ${statuses.join('/')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function ledgerIsTheBill(s: TestStack, token = s.sim.tokens.media): Promise<void> {
  expect(await ledgerNetCharged(s.store)).toBe(s.sim.spentMicros(token));
  expect(await openHolds(s.store)).toBe(0);
}

beforeAll(async () => {
  png = { name: 'ref.png', bytes: new Uint8Array(await encodePng(64, 48, { r: 10, g: 200, b: 30 })) };
});

describe('real-catalogue gateway, no PRICES_FILE, no DEFAULT_*', () => {
  let t: TestStack;
  const delivery = new RecordingDelivery('console');
  let firstImageMs = 0;

  beforeAll(async () => {
    const started = Date.now();
    t = await createTestStack({ sim: SIM_PRESETS.real, deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5', OWNER_IDS: 'console:boss' } });
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a red fox' });
    firstImageMs = Date.now() - started;
    if (!r.ok) throw new Error(`first imagine failed: ${r.failure.code}`);
  });
  afterAll(() => t?.close());

  it('delivers the first image quickly after start, charged at the published price', async () => {
    expect(firstImageMs).toBeLessThan(5_000);
    process.stdout.write(`[measure] start → first delivered image (real catalogue): ${firstImageMs} ms\n`);
    expect(t.app.startupWarnings).toEqual([]);
    await ledgerIsTheBill(t);
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(40_000);
  });

  it('/models lists the gateway catalogue with where each price comes from and the chosen defaults', async () => {
    const r = await t.core.modelsReport(t.actor());
    if (!r.ok) throw new Error(r.failure.code);
    const byId = Object.fromEntries(r.value.models.map((m) => [m.id, m]));
    expect(Object.keys(byId)).toEqual(['gpt-image-2', 'seedream-4.0', 'flux-kontext-pro', 'veo-3.1', 'kling-v2-1', 'seedance-1-0-pro', 'gpt-4o-mini']);
    expect(byId['gpt-image-2']).toMatchObject({ kind: 'image', unitMicros: 40_000, onSale: true, priceSource: 'gateway', isDefault: true, kindSource: 'gateway' });
    expect(byId['veo-3.1']).toMatchObject({ kind: 'video', unitMicros: 400_000, priceSource: 'gateway', isDefault: true });
    expect(byId['gpt-4o-mini']).toMatchObject({ kind: 'text', unitMicros: 150, priceSource: 'gateway', isDefault: true });
    expect(byId['gpt-4o-mini']!.priceText).toBe("$0.00015 / 1K tokens in, $0.0006 / 1K tokens out (gateway's published price)");
    expect(byId['flux-kontext-pro']).toMatchObject({ kind: 'image', onSale: false, priceSource: null, priceText: 'no price yet (an admin can set one)' });
    expect(r.value.text).toContain('image: gpt-image-2 (first priced image model');
    expect(r.value.text).not.toMatch(/sora|dall-e/);
    expect(r.value.text).toContain("gateway's published price");
    expect(r.value.text).not.toMatch(/alpha-|media group/);
  });

  it('imagine, edit, video and ask all work and charge the published prices; ledger = the gateway bill', async () => {
    const before = t.sim.spentMicros(t.sim.tokens.media);
    const edit = await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: [png] });
    if (!edit.ok) throw new Error(edit.failure.code);
    expect(edit.value).toMatchObject({ model: 'gpt-image-2', costMicros: 40_000 });
    const v = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', seconds: 4, delivery: target });
    if (!v.ok) throw new Error(v.failure.code);
    expect(v.value).toMatchObject({ model: 'veo-3.1', estimateMicros: 1_600_000 });
    await delivery.waitFor((e) => e.type === 'video' && e.jobId === v.value.jobId);
    expect(await until(t, v.value.jobId, ['delivered'])).toBe('delivered');
    const ask = await t.core.ask({ ...t.actor(), prompt: 'Say hello in three words please' });
    if (!ask.ok) throw new Error(ask.failure.code);
    expect(ask.value.model).toBe('gpt-4o-mini');
    expect(ask.value.costMicros).toBeGreaterThan(0);
    expect(t.sim.spentMicros(t.sim.tokens.media) - before).toBe(40_000 + 1_600_000 + ask.value.costMicros);
    await ledgerIsTheBill(t);
  });

  it('an unpriced model is refused free with the admin hint; an owner sets its price (its cost is unknown: a community admin may not on the operator\'s token) and the next job uses it', async () => {
    const admin = t.actor({ kind: 'private', scope: 'dm-admin', user: 'boss' });
    const member = t.actor({ user: 'member' });
    const spent = t.sim.spentMicros(t.sim.tokens.media);
    const refused = await t.core.imagine({ ...admin, prompt: 'x', model: 'flux-kontext-pro' });
    if (refused.ok) throw new Error('expected a refusal');
    // In a private chat nobody runs /prices (a community command), not even an owner: the words say where prices are set.
    expect(refused.failure).toMatchObject({ code: 'model_unpriced', money: 'none', details: { model: 'flux-kontext-pro', reader: 'private' } });
    expect(describeFailure(refused.failure).text).not.toContain('As an admin');
    expect(describeFailure(refused.failure).text).toContain("A community's admins set prices with /prices set in the community; here, pick another model from /models.");
    const inCommunity = await t.core.imagine({ ...t.actor({ user: 'boss' }), prompt: 'x', model: 'flux-kontext-pro' });
    expect(!inCommunity.ok && describeFailure(inCommunity.failure).text).toContain('As an admin you can set one with /prices set flux-kontext-pro <usd>');
    const asMember = await t.core.imagine({ ...member, prompt: 'x', model: 'flux-kontext-pro' });
    expect(!asMember.ok && describeFailure(asMember.failure).text).toContain('An admin can set one with /prices set');
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(spent);

    const notAdmin = await t.core.prices(member, { op: 'set', model: 'flux-kontext-pro', amount: '0.03' });
    expect(!notAdmin.ok && describeFailure(notAdmin.failure).text).toContain('does not know what the gateway charges for flux-kontext-pro');
    const set = await t.core.prices(t.actor({ user: 'boss' }), { op: 'set', model: 'flux-kontext-pro', amount: '0.03' });
    expect(set.ok && set.value.text).toContain('flux-kontext-pro now costs $0.03 per image here');
    const listed = await t.core.prices(member, { op: 'list' });
    expect(listed.ok && listed.value.text).toContain('flux-kontext-pro: $0.03 / image');
    const r = await t.core.imagine({ ...member, prompt: 'a kontext fox', model: 'flux-kontext-pro' });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.costMicros).toBe(30_000);
    expect(t.sim.spentMicros(t.sim.tokens.media) - spent).toBe(30_000);
    const view = (await t.core.models(member)).ok ? (await t.core.models(member)) : undefined;
    expect(view?.ok && view.value.find((m) => m.id === 'flux-kontext-pro')?.priceText).toBe('$0.03 / image (set by an admin here)');
    const audit = await t.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'model.price.set').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ model: 'flux-kontext-pro', unit: 'image', unitMicros: 30_000 });
    const cleared = await t.core.prices(member, { op: 'clear', model: 'flux-kontext-pro' });
    expect(cleared.ok && cleared.value.text).toContain('no price yet');
    await ledgerIsTheBill(t);
  });

  it('an admin can correct a kind; a wrong unit or amount is refused', async () => {
    const a = t.actor({ scope: 'kinds' });
    expect((await t.core.prices(a, { op: 'kind', model: 'gpt-4o-mini', kind: 'image' })).ok).toBe(true);
    const m = await t.core.models(a);
    expect(m.ok && m.value.find((x) => x.id === 'gpt-4o-mini')).toMatchObject({ kind: 'image', kindSource: 'admin' });
    expect((await t.core.prices(a, { op: 'kind', model: 'gpt-4o-mini', kind: 'auto' })).ok).toBe(true);
    const bad = await t.core.prices(a, { op: 'set', model: 'veo-3.1', amount: '0.1', unit: 'litre' });
    expect(!bad.ok && bad.failure.code).toBe('bad_amount');
  });

  it('autocomplete answers with the catalogue on a member\'s very first interaction', () => {
    const stranger = t.actor({ scope: 'never-seen', user: 'first-timer' });
    const views = t.core.cachedModels(stranger, 'image');
    expect(views.map((v) => v.id)).toEqual(['gpt-image-2', 'seedream-4.0', 'flux-kontext-pro']);
  });

  it('the gateway balance of the paying token, from new-api\'s token usage page', async () => {
    const b = await t.core.gatewayBalance(t.actor());
    if (!b.ok) throw new Error(b.failure.code);
    expect(b.value).toMatchObject({ tokenSource: 'operator', remainingMicros: t.sim.balanceMicros(t.sim.tokens.media), usedMicros: t.sim.spentMicros(t.sim.tokens.media), expiresAt: null });
    expect(b.value.text).toMatch(/^The gateway balance of the bot's own token is \$99\d\.\d+ \(\$\d\.\d+ used so far\); it does not expire\.$/);
  });
});

describe('start-up checks and token resolution', () => {
  it('warns about a DEFAULT_*_MODEL the gateway does not list, naming the variable and the closest ids, and says so in the reply', async () => {
    const t = await createTestStack({ sim: SIM_PRESETS.real, env: { DEFAULT_IMAGE_MODEL: 'gpt-image-1', DEFAULT_VIDEO_MODEL: 'kling-v2-1' }, startPoller: false });
    try {
      expect(t.app.startupWarnings).toHaveLength(1);
      expect(t.app.startupWarnings[0]).toMatch(/^DEFAULT_IMAGE_MODEL=gpt-image-1 is not a model this gateway lists; closest listed: gpt-image-2/);
      expect(t.logs()).toContain('DEFAULT_IMAGE_MODEL=gpt-image-1');
      const r = await t.core.imagine({ ...t.actor(), prompt: 'x' });
      if (r.ok) throw new Error('expected a refusal');
      expect(r.failure.code).toBe('default_model_missing');
      expect(describeFailure(r.failure).text).toContain("DEFAULT_IMAGE_MODEL='gpt-image-1'");
      expect(describeFailure(r.failure).text).toContain('gpt-image-2');
      const report = await t.core.modelsReport(t.actor());
      expect(report.ok && report.value.text).toContain('video: kling-v2-1 (set by DEFAULT_VIDEO_MODEL)');
      // Gone from the world: OpenAI's Sora and DALL-E are no model of a 2026 gateway, refused free.
      for (const [model, run] of [['sora-2', () => t.core.startVideo({ ...t.actor(), prompt: 'x', seconds: 4, model: 'sora-2', delivery: target })], ['dall-e-3', () => t.core.imagine({ ...t.actor(), prompt: 'x', model: 'dall-e-3' })]] as const) {
        const gone = await run();
        expect(!gone.ok && gone.failure, model).toMatchObject({ code: 'model_unknown', money: 'none' });
      }
      expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('warms every linked community token at start: a member\'s first keystroke uses the community token\'s list', async () => {
    const t = await createTestStack({ startPoller: false });
    try {
      const admin = t.actor({ scope: 'textclub', user: 'owner' });
      expect((await t.core.linkToken(admin, t.sim.tokens.text, false)).ok).toBe(true);
      // A second process on the same database: nothing in memory but what start-up warmed.
      const app2 = await buildApp(t.config, { logger: t.logger, secrets: t.secrets, startPoller: false, outputDir: `${t.dir}/out2` });
      try {
        const member = t.actor({ scope: 'textclub', user: 'newbie' });
        expect(app2.core.cachedModels(member).map((m) => m.id)).toEqual(['text-chat-mini', 'text-chat-pro']);
        expect(app2.core.cachedModels(t.actor({ scope: 'elsewhere', user: 'x' })).length).toBe(16);
      } finally {
        await app2.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('dialects', () => {
  it('legacy video routes only: create, poll and download through /v1/video/generations and result_url; ledger = bill', async () => {
    const delivery = new RecordingDelivery('console');
    const t = await createTestStack({ sim: SIM_PRESETS['legacy-video'], deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' } });
    try {
      const v = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', seconds: 4, delivery: target });
      if (!v.ok) throw new Error(v.failure.code);
      await delivery.waitFor((e) => e.type === 'video' && e.jobId === v.value.jobId);
      expect(await until(t, v.value.jobId, ['delivered'])).toBe('delivered');
      const paths = t.sim.requests().map((r) => `${r.method} ${r.path.replace(/task_\w+/, 'ID').replace(/video_\w+/, 'ID')}`);
      expect(paths).toContain('POST /v1/videos');
      expect(paths).toContain('POST /v1/video/generations');
      expect(paths).toContain('GET /v1/video/generations/ID');
      expect(paths).toContain('GET /sim-files/ID.mp4');
      // Once learnt, the modern routes are not asked again.
      const v2 = await t.core.startVideo({ ...t.actor(), prompt: 'another', seconds: 4, delivery: target });
      if (!v2.ok) throw new Error(v2.failure.code);
      await until(t, v2.value.jobId, ['delivered']);
      expect(t.sim.requests().filter((r) => r.method === 'POST' && r.path === '/v1/videos')).toHaveLength(1);
      expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(2 * 4 * 50_000);
      await ledgerIsTheBill(t);
    } finally {
      await t.close();
    }
  });

  it('one-api: edits (501) and videos (no route) are "not offered", images work with the operator\'s prices, balance from dashboard billing', async () => {
    const t = await createTestStack({ sim: SIM_PRESETS['one-api'], priceTable: simulatorPriceTable(), env: { DEFAULT_ALLOWANCE: '5' }, startPoller: false });
    try {
      expect(t.app.catalog.pricing).toBe('none');
      const img = await t.core.imagine({ ...t.actor(), prompt: 'a fox' });
      expect(img.ok && img.value).toMatchObject({ model: 'alpha-image-2', costMicros: 10_000 });
      const edit = await t.core.edit({ ...t.actor(), prompt: 'blue', images: [png] });
      if (edit.ok) throw new Error('expected a refusal');
      expect(edit.failure).toMatchObject({ code: 'not_offered', details: { what: 'edit' }, money: 'released' });
      expect(describeFailure(edit.failure).text).toContain('This gateway does not offer image editing');
      const v = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', seconds: 4, delivery: target });
      expect(!v.ok && v.failure).toMatchObject({ code: 'not_offered', details: { what: 'video' } });
      const b = await t.core.gatewayBalance(t.actor());
      expect(b.ok && b.value).toMatchObject({ remainingMicros: t.sim.balanceMicros(t.sim.tokens.media), usedMicros: 10_000 });
      await ledgerIsTheBill(t);
    } finally {
      await t.close();
    }
  });

  it('a redirect on an API route names GATEWAY_BASE_URL; a routing 503 names the model and no group', async () => {
    const t = await createTestStack({ startPoller: false });
    try {
      t.sim.addFault({ kind: 'redirect', endpoint: 'image', times: 1 });
      const r = await t.core.imagine({ ...t.actor(), prompt: 'x' });
      if (r.ok) throw new Error('expected a refusal');
      expect(r.failure.code).toBe('gateway_misconfigured');
      expect(describeFailure(r.failure).text).toContain('GATEWAY_BASE_URL');
      t.sim.addFault({ kind: 'routing', endpoint: 'image', times: 1 });
      const n = await t.core.imagine({ ...t.actor(), prompt: 'x' });
      if (n.ok) throw new Error('expected a refusal');
      const text = describeFailure(n.failure).text;
      expect(text).toContain("'alpha-image-2'");
      expect(text).toContain("'alpha-image-2' is not available to this token's group");
      expect(text).toContain('the group this token belongs to cannot reach it');
      expect(text).toContain("an admin can ask the gateway's owner to add the model to the token's group");
      expect(text).not.toMatch(/media|default group|no model called/);
      await ledgerIsTheBill(t);
    } finally {
      await t.close();
    }
  });

  it('gateway credit exhausted on a community token: the member is told, and the admins get a notice once', async () => {
    const t = await createTestStack({ startPoller: false });
    try {
      const admin = t.actor({ scope: 'broke', user: 'owner' });
      expect((await t.core.linkToken(admin, t.sim.tokens.poor, false)).ok).toBe(true);
      const r = await t.core.imagine({ ...t.actor({ scope: 'broke', user: 'm' }), prompt: 'x' });
      if (r.ok) throw new Error('expected a refusal');
      expect(r.failure).toMatchObject({ code: 'quota_exhausted', details: { source: 'scope' }, money: 'released' });
      expect(describeFailure(r.failure).text).toContain("this community's token has run out of credit");
      const alerts = await t.core.adminAlerts(admin);
      expect(alerts.some((a) => a.includes("this community's token has run out of credit"))).toBe(true);
      expect(alerts.some((a) => a.startsWith("The balance of this community's gateway token is $0"))).toBe(true);
      expect(await t.core.adminAlerts(admin)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('remix: a new task from a delivered video, held and charged like a new one; ledger = bill', async () => {
    const delivery = new RecordingDelivery('console');
    const t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' } });
    try {
      const v = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', seconds: 4, delivery: target });
      if (!v.ok) throw new Error(v.failure.code);
      await until(t, v.value.jobId, ['delivered']);
      const r = await t.core.startRemix({ ...t.actor(), jobId: v.value.jobId, prompt: 'the same wave at night', delivery: target });
      if (!r.ok) throw new Error(r.failure.code);
      expect(r.value).toMatchObject({ model: 'gamma-video-1', seconds: 4, estimateMicros: 200_000 });
      await until(t, r.value.jobId, ['delivered']);
      expect(t.sim.requests().some((q) => q.method === 'POST' && /\/v1\/videos\/task_\w+\/remix$/.test(q.path))).toBe(true);
      expect((await t.app.jobs.get(r.value.jobId))?.params.remixOf).toBe(v.value.jobId);
      const other = await t.core.startRemix({ ...t.actor({ scope: 'elsewhere' }), jobId: v.value.jobId, prompt: 'x', delivery: target });
      expect(!other.ok && other.failure.code).toBe('job_not_found');
      expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(400_000);
      await ledgerIsTheBill(t);
    } finally {
      await t.close();
    }
  });
});
