import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import type { ArgSpec, ArgValues, Invocation, Reply } from '../../src/core/commands/types.js';
import type { SurfaceInfo, SurfaceRequest } from '../../src/core/ports/surface.js';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { simPreset } from '../../src/simulator/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

/**
 * Issue 12's capabilities reached through the command layer, over the real core and the simulator: /prices, /models
 * as the core words it, the gateway balance in /setup show, admin notices on replies, Remix, `check`, and help
 * written the surface's way.
 */

const TEXT: SurfaceInfo = { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` };

interface TestRequest extends SurfaceRequest {
  adminAsked: number;
  addresses: number;
}

function requestOf(t: TestStack, o: { user?: string; admin?: boolean; kind?: Actor['scope']['kind']; scope?: string; surface?: SurfaceInfo } = {}): TestRequest {
  const actor = t.actor({ user: o.user ?? 'u1', kind: o.kind ?? 'group', ...(o.scope ? { scope: o.scope } : {}) });
  const r: TestRequest = {
    actor,
    surface: o.surface ?? TEXT,
    uploadLimitBytes: 50 * 1024 * 1024,
    adminAsked: 0,
    addresses: 0,
    async isAdmin() {
      r.adminAsked++;
      return o.admin ?? false;
    },
    progress() {},
    async deliveryAddress(): Promise<DeliveryAddress> {
      r.addresses++;
      return { surface: 'console', chat: actor.scope.externalId };
    },
  };
  return r;
}

/** Parses a typed line (as Telegram and the console do) and runs it. */
async function say(d: CommandDispatcher, text: string, request: SurfaceRequest): Promise<Reply> {
  const p = parseCommandText(text, d.commands);
  if (!p.ok) throw new Error(`does not parse: ${text}`);
  const inv: Invocation = { command: p.command, args: p.args, request, ...(p.subcommand ? { subcommand: p.subcommand } : {}) };
  return d.run(inv);
}

async function waitForStatus(t: TestStack, actor: Actor, id: string, status: string, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const j = await t.core.job(actor, id);
    if (j.ok && j.value.status === status) return;
    if (Date.now() > until) throw new Error(`job ${id} never reached ${status}: ${j.ok ? j.value.status : j.failure.code}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

describe('the command layer over issue 12 (new-api gateway)', () => {
  let t: TestStack;
  let d: CommandDispatcher;
  const delivery = new RecordingDelivery('console');
  const admin = () => requestOf(t, { user: 'adm', admin: true });
  const member = () => requestOf(t, { user: 'm1' });

  beforeAll(async () => {
    t = await createTestStack({ deliveries: [delivery] });
    d = new CommandDispatcher({ core: t.core, ownerIds: [], logger: t.logger });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('/prices: an admin sets, lists, corrects and clears prices; each change is audited and prices the next job', async () => {
    const audits = async () => (await t.store.db.selectFrom('audit_log').select('action').execute()).length;
    const before = await audits();
    const set = await say(d, '/prices set alpha-image-2 0.05', admin());
    expect(set.tone).toBe('info');
    expect(set.visibility).toBe('private');
    expect(set.blocks[0]).toMatch(/alpha-image-2 now costs \$0\.05 per image here/);
    const image = await say(d, '/imagine a lighthouse', member());
    expect(image.fields?.find((f) => f.name === 'Cost')?.value).toBe('$0.05');

    const list = await say(d, '/prices list', admin());
    expect(list.blocks[0]).toMatch(/alpha-image-2: \$0\.05 \/ image/);
    const kind = await say(d, '/prices kind beta-edit-lite video', admin());
    expect(kind.blocks[0]).toMatch(/beta-edit-lite is now treated as a video model here/);
    expect((await say(d, '/prices kind beta-edit-lite auto', admin())).blocks[0]).toMatch(/an image model/);
    const cleared = await say(d, '/prices clear alpha-image-2', admin());
    expect(cleared.blocks[0]).toMatch(/admin price of alpha-image-2 was removed; it now costs \$0\.01 \/ image/);
    expect((await say(d, '/imagine a lighthouse', member())).fields?.find((f) => f.name === 'Cost')?.value).toBe('$0.01');
    expect(await audits()).toBe(before + 4);

    const bad = await say(d, '/prices set alpha-image-2 -1', admin());
    expect(bad.failure?.code).toBe('bad_amount');
    const refused = await say(d, '/prices set alpha-image-2 0.001', member());
    expect(refused.failure?.code).toBe('not_admin');
    expect(await audits()).toBe(before + 4);
  });

  it('/models is the core report: price and its source per model, the default marked, then the defaults and the rule', async () => {
    const r = await say(d, '/models', member());
    const image = r.fields?.find((f) => f.name === 'image')?.value ?? '';
    expect(image).toContain("alpha-image-2 · $0.01 / image (gateway's published price) · default");
    // A listed model nobody priced, or one not on sale, carries the core's words only.
    expect(image).toMatch(/beta-edit-max · not on sale(\n|$)/);
    expect(image).not.toMatch(/\(not on sale\)/);
    expect(r.blocks[0]).toMatch(/^Defaults:\n {2}image: alpha-image-2/);
    expect(r.blocks.at(-1)).toMatch(/^Prices: an admin's own price wins/);
    const video = await say(d, '/models video', member());
    expect(video.fields?.map((f) => f.name)).toEqual(['video']);
  });

  it('/setup show adds the gateway balance of the token that pays here; a gateway without a balance page says so', async () => {
    const shown = await say(d, '/setup show', admin());
    expect(shown.tone).toBe('info');
    expect(shown.blocks.at(-1)).toMatch(/^The gateway balance of the bot's own token is \$\d/);
    expect((await say(d, '/setup show', member())).failure?.code).toBe('not_admin');
    t.sim.setFlavor('seed');
    try {
      const seed = await say(d, '/setup show', admin());
      expect(seed.blocks.at(-1)).toBe('This gateway does not show token balances.');
    } finally {
      t.sim.setFlavor('new-api');
    }
  });

  it('shows the admin notice once, on the next admin command, after the community token ran out of credit', async () => {
    const scope = 'poorhouse';
    const adm = () => requestOf(t, { user: 'boss', admin: true, scope });
    const link = await t.core.linkToken(adm().actor, t.sim.tokens.poor, false);
    expect(link.ok).toBe(true);
    const failed = await say(d, '/imagine a coin', requestOf(t, { user: 'm9', scope }));
    expect(failed.failure?.code).toBe('quota_exhausted');
    expect(failed.blocks.join('\n')).not.toMatch(/Admin notice/);

    const first = await say(d, '/budget show', adm());
    expect(first.tone).toBe('info');
    const notices = first.blocks.filter((b) => b.startsWith('Admin notice: '));
    expect(notices.filter((n) => /this community's token has run out of credit/.test(n))).toHaveLength(1);
    const again = await say(d, '/budget show', adm());
    expect(again.blocks.filter((b) => b.startsWith('Admin notice: '))).toEqual([]);

    // A member's own failure queues it; an admin running a member command in the same community sees it on that answer.
    const req = requestOf(t, { user: 'boss', admin: true, scope });
    const own = await say(d, '/imagine a coin', req);
    expect(own.failure?.code).toBe('quota_exhausted');
    expect(own.blocks.filter((b) => /^Admin notice: .*run out of credit/.test(b))).toHaveLength(1);
    expect(req.adminAsked).toBe(1);
    // Members are never asked for nothing: no notice queued, no admin question.
    const quiet = requestOf(t, { user: 'm9', scope });
    await say(d, '/balance', quiet);
    expect(quiet.adminAsked).toBe(0);
  });

  it('check(): place and role only, without running anything', async () => {
    const since = t.sim.requests().length;
    expect(await d.check({ command: 'setup', subcommand: 'token', args: {}, request: member() })).toMatchObject({ code: 'not_admin' });
    expect(await d.check({ command: 'setup', subcommand: 'token', args: {}, request: admin() })).toBeUndefined();
    expect(await d.check({ command: 'setup', subcommand: 'token', args: {}, request: requestOf(t, { kind: 'private', scope: 'dm:u1', admin: true }) })).toMatchObject({
      code: 'not_here',
    });
    expect(await d.check({ command: 'imagin', args: {}, request: member() })).toMatchObject({ code: 'unknown_command', details: { suggestion: { command: 'imagine' } } });
    expect(await d.check({ command: 'imagine', args: { prompt: '' }, request: member() })).toBeUndefined();
    expect(t.sim.requests().slice(since)).toEqual([]);
  });

  it('Remix: offered under a delivered video, held and priced like a new video, delivered by the poller', async () => {
    const req = member();
    const started = await say(d, '/video waves on a beach --seconds 4', req);
    expect(started.title).toBe('Video started');
    const jobId = started.jobId ?? '';
    await delivery.waitFor((e) => e.type === 'video' && e.jobId === jobId);
    await waitForStatus(t, req.actor, jobId, 'delivered');
    expect(t.core.remixOffered()).toBe(true);

    const job = await say(d, `/job ${jobId}`, req);
    expect(job.actions).toEqual([
      { label: 'Reroll', command: 'reroll', args: { job: jobId } },
      { label: 'Remix', command: 'remix', args: { job: jobId }, input: { arg: 'prompt', label: 'What should the new version show?' } },
    ]);

    const charged = await ledgerNetCharged(t.store as never);
    const remixReq = member();
    const remix = await d.run({ command: 'remix', args: { job: jobId, prompt: 'the same beach at night' }, request: remixReq });
    expect(remix.title).toBe('Remix started');
    expect(remix.fields?.find((f) => f.name === 'Held until delivered')?.value).toBe('$0.20');
    expect(remixReq.addresses).toBe(1);
    expect(await openHolds(t.store as never)).toBe(1);
    const call = t.sim.requests().filter((r) => r.endpoint === 'video_remix');
    expect(call).toHaveLength(1);
    await delivery.waitFor((e) => e.type === 'video' && e.jobId === remix.jobId);
    await waitForStatus(t, req.actor, remix.jobId ?? '', 'delivered');
    expect((await ledgerNetCharged(t.store as never)) - charged).toBe(200_000);

    const other = await d.run({ command: 'remix', args: { job: jobId, prompt: 'x' }, request: requestOf(t, { scope: 'elsewhere' }) });
    expect(other.failure?.code).toBe('job_not_found');
  });

  it('help writes options the way the surface takes them: flags on text surfaces, option names where the surface says', async () => {
    const text = await d.run({ command: 'help', args: { command: 'imagine' }, request: member() });
    expect(text.blocks.join('\n')).toContain('--ar / --aspect W:H — Aspect ratio W:H, e.g. 16:9');
    expect(text.blocks.join('\n')).toMatch(/Examples:/);
    const slash: SurfaceInfo = { ...TEXT, id: 'discord', optionHint: (a: ArgSpec) => (a.kind === 'secret' ? undefined : `${a.name}:`) };
    const opts = await d.run({ command: 'help', args: { command: 'imagine' }, request: requestOf(t, { surface: slash }) });
    const all = opts.blocks.join('\n');
    expect(all).toContain('Usage:\n/imagine prompt: [aspect:] [size:] [model:] [count:]');
    expect(all).toContain('aspect: — Aspect ratio W:H, e.g. 16:9');
    expect(all).not.toContain('--ar');
    expect(all).not.toMatch(/Examples:/);
    const setup = await d.run({ command: 'help', args: { command: 'setup' }, request: requestOf(t, { surface: slash, admin: true }) });
    expect(setup.blocks.join('\n')).toContain('Usage:\n/setup token\n/setup show\n/setup unlink\n/setup timezone tz:');
    const prices = await d.run({ command: 'help', args: { command: 'prices' }, request: requestOf(t, { admin: true }) });
    expect(prices.blocks.join('\n')).toContain('/prices set <model> <usd> [image|second|1k]');
    expect((await d.run({ command: 'help', args: {}, request: requestOf(t, { admin: true }) })).blocks.join('\n')).toContain('/prices — ');
    expect((await d.run({ command: 'help', args: {}, request: member() })).blocks.join('\n')).not.toContain('/prices');
  });
});

describe('a gateway without remix (video routes of the legacy family only)', () => {
  let t: TestStack;
  let d: CommandDispatcher;
  const delivery = new RecordingDelivery('console');

  beforeAll(async () => {
    t = await createTestStack({ sim: simPreset('legacy-video') ?? {}, deliveries: [delivery] });
    d = new CommandDispatcher({ core: t.core, ownerIds: [] });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers with the not_offered words, holds nothing, then stops offering Remix', async () => {
    const req = requestOf(t);
    const started = await d.run({ command: 'video', args: { prompt: 'a paper boat', seconds: 4 }, request: req });
    const jobId = started.jobId ?? '';
    await delivery.waitFor((e) => e.type === 'video' && e.jobId === jobId);
    await waitForStatus(t, req.actor, jobId, 'delivered');
    const charged = await ledgerNetCharged(t.store as never);
    const args: ArgValues = { job: jobId, prompt: 'the boat sinks' };
    const r = await d.run({ command: 'remix', args, request: requestOf(t) });
    expect(r.tone).toBe('error');
    expect(r.failure).toMatchObject({ code: 'not_offered', details: { what: 'remix' } });
    expect(r.blocks[0]).toMatch(/^This gateway does not offer video remixes\./);
    expect(await openHolds(t.store as never)).toBe(0);
    expect(await ledgerNetCharged(t.store as never)).toBe(charged);
    expect(t.core.remixOffered()).toBe(false);

    const job = await d.run({ command: 'job', args: { job: jobId }, request: req });
    expect(job.actions?.map((a) => a.command)).toEqual(['reroll']);
    const since = t.sim.requests().length;
    const again = requestOf(t);
    expect((await d.run({ command: 'remix', args, request: again })).failure?.code).toBe('not_offered');
    expect(again.addresses).toBe(0);
    expect(t.sim.requests().slice(since).filter((x) => x.endpoint !== 'models')).toEqual([]);
  });
});

describe('Remix only where the video model offers it (VIDEO_REMIX_MODELS)', () => {
  let t: TestStack;
  let d: CommandDispatcher;
  const delivery = new RecordingDelivery('console');

  beforeAll(async () => {
    t = await createTestStack({ deliveries: [delivery], env: { VIDEO_REMIX_MODELS: 'gamma-video-1-*,kappa-video-lite', DEFAULT_ALLOWANCE: '5' } });
    d = new CommandDispatcher({ core: t.core, ownerIds: [] });
  });

  afterAll(async () => {
    await t?.close();
  });

  async function delivered(model: string): Promise<string> {
    const req = requestOf(t);
    const started = await d.run({ command: 'video', args: { prompt: 'a paper boat', seconds: 4, model }, request: req });
    const jobId = started.jobId ?? '';
    await delivery.waitFor((e) => e.type === 'video' && e.jobId === jobId);
    await waitForStatus(t, req.actor, jobId, 'delivered');
    return jobId;
  }

  it('offers Remix under a listed model\'s video only; a remix of another model\'s video is refused free, naming it', async () => {
    expect(t.core.remixOffered('kappa-video-lite')).toBe(true);
    expect(t.core.remixOffered('gamma-video-1-pro')).toBe(true);
    expect(t.core.remixOffered('gamma-video-1')).toBe(false);
    const offered = await delivered('kappa-video-lite');
    const plain = await delivered('gamma-video-1');
    const jobOf = async (id: string) => (await d.run({ command: 'job', args: { job: id }, request: requestOf(t) })).actions?.map((a) => a.command);
    expect(await jobOf(offered)).toEqual(['reroll', 'remix']);
    expect(await jobOf(plain)).toEqual(['reroll']);

    const charged = await ledgerNetCharged(t.store as never);
    const since = t.sim.requests().length;
    const r = await d.run({ command: 'remix', args: { job: plain, prompt: 'the boat sinks' }, request: requestOf(t) });
    expect(r.failure).toMatchObject({ code: 'not_offered', details: { what: 'remix', model: 'gamma-video-1' } });
    expect(r.blocks[0]).toMatch(/^This gateway does not offer remixes of videos made with 'gamma-video-1'\./);
    expect(t.sim.requests().slice(since).filter((x) => x.endpoint === 'video_remix')).toEqual([]);
    expect(await ledgerNetCharged(t.store as never)).toBe(charged);
    expect(await openHolds(t.store as never)).toBe(0);
    // A model that offers none does not turn Remix off for the models that do.
    expect(t.core.remixOffered('kappa-video-lite')).toBe(true);
    const ok = await d.run({ command: 'remix', args: { job: offered, prompt: 'the boat flies' }, request: requestOf(t) });
    expect(ok.title).toBe('Remix started');
  });

  it('with none listed (the default for a real gateway) Remix is offered nowhere', async () => {
    const none = await createTestStack({ startPoller: false, env: { VIDEO_REMIX_MODELS: '' } });
    try {
      expect(none.config.remixModels).toEqual([]);
      expect(none.core.remixOffered()).toBe(false);
      expect(none.core.remixOffered('gamma-video-1')).toBe(false);
    } finally {
      await none.close();
    }
  });
});
