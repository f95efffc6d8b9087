import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import type { ArgValues, CommandDefinition, IncomingFile, Invocation, Reply } from '../../src/core/commands/types.js';
import type { Progress, SurfaceInfo, SurfaceRequest } from '../../src/core/ports/surface.js';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { ok } from '../../src/core/failures.js';
import { DISCORD_SURFACE } from '../../src/platforms/discord/surface.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

/** A scripted surface request: records what the dispatcher asked of it. */
interface TestRequest extends SurfaceRequest {
  adminAsked: number;
  addresses: number;
  progressSeen: Progress[];
}

let t: TestStack;
let dispatcher: CommandDispatcher;
const OWNER = 'boss';

function request(o: { user?: string; admin?: boolean; kind?: Actor['scope']['kind']; scope?: string; surface?: SurfaceInfo } = {}): TestRequest {
  const actor = t.actor({ user: o.user ?? 'u1', kind: o.kind ?? 'group', ...(o.scope ? { scope: o.scope } : {}) });
  const r: TestRequest = {
    actor,
    surface: o.surface ?? { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
    uploadLimitBytes: 50 * 1024 * 1024,
    adminAsked: 0,
    addresses: 0,
    progressSeen: [],
    async isAdmin() {
      r.adminAsked++;
      return o.admin ?? false;
    },
    progress(p) {
      r.progressSeen.push(p);
    },
    async deliveryAddress(): Promise<DeliveryAddress> {
      r.addresses++;
      return { surface: 'console', chat: actor.scope.externalId };
    },
  };
  return r;
}

function run(command: string, args: ArgValues, req: SurfaceRequest = request(), subcommand?: string): Promise<Reply> {
  const inv: Invocation = { command, args, request: req, ...(subcommand ? { subcommand } : {}) };
  return dispatcher.run(inv);
}

/** Parses a typed line and runs it, as a text surface does. */
async function say(text: string, req: SurfaceRequest = request(), files?: readonly IncomingFile[]): Promise<Reply> {
  const p = parseCommandText(text, dispatcher.commands);
  if (!p.ok) return { visibility: 'private', tone: 'error', blocks: [t.core.explain(p.failure)], failure: p.failure };
  const args: Record<string, ArgValues[string]> = { ...p.args };
  if (files) {
    const spec = (p.subcommand ? undefined : dispatcher.commands.find((c) => c.name === p.command))?.args?.find((a) => a.kind === 'attachment');
    if (spec) args[spec.name] = files;
  }
  return run(p.command, args, req, p.subcommand);
}

/** A file whose downloads are counted, so tests can prove validation happened before any fetch. */
function incoming(bytes: Uint8Array, name = 'in.png', declaredBytes?: number): IncomingFile & { fetched: number } {
  const f = {
    name,
    fetched: 0,
    ...(declaredBytes !== undefined ? { declaredBytes } : {}),
    async fetch() {
      f.fetched++;
      return ok(bytes);
    },
  };
  return f;
}

function paidRequests(since: number): string[] {
  return t.sim
    .requests()
    .slice(since)
    .map((r) => r.endpoint)
    .filter((e) => e !== 'models');
}

async function expectNothingMoved(since: number, chargedBefore: number): Promise<void> {
  expect(paidRequests(since)).toEqual([]);
  expect(await ledgerNetCharged(t.store as never)).toBe(chargedBefore);
  expect(await openHolds(t.store as never)).toBe(0);
}

beforeAll(async () => {
  t = await createTestStack({ startPoller: false, env: { OWNER_IDS: `console:${OWNER}` } });
  dispatcher = new CommandDispatcher({ core: t.core, ownerIds: t.config.ownerIds, logger: t.logger });
});

afterAll(async () => {
  await t?.close();
});

describe('CommandDispatcher over the real core', () => {
  let imageJob = '';
  let imageBytes: Uint8Array = new Uint8Array();

  it('runs /imagine typed with flags anywhere: images, fields, actions; charged once', async () => {
    const before = await ledgerNetCharged(t.store as never);
    const req = request();
    const r = await say('/imagine a red --ar 16:9 fox', req);
    expect(r.tone).toBe('result');
    expect(r.visibility).toBe('public');
    expect(r.blocks[0]).toBe('a red fox');
    expect(r.files).toHaveLength(1);
    expect(r.files?.[0]).toMatchObject({ kind: 'image', mime: 'image/png' });
    const field = (n: string) => r.fields?.find((f) => f.name === n)?.value;
    expect(field('Model')).toBe('alpha-image-2');
    expect(field('Cost')).toBe('$0.01');
    expect(field('Left')).toBe('$0.99');
    expect(r.jobId).toMatch(/^j_/);
    expect(r.actions?.map((a) => [a.command, a.args.job])).toEqual([
      ['reroll', r.jobId],
      ['edit', r.jobId],
      ['animate', r.jobId],
    ]);
    expect(r.actions?.[1]?.input).toEqual({ arg: 'prompt', label: 'What should change?' });
    expect(req.adminAsked).toBe(0);
    expect((await ledgerNetCharged(t.store as never)) - before).toBe(10_000);
    imageJob = r.jobId ?? '';
    imageBytes = r.files?.[0]?.bytes ?? new Uint8Array();
  });

  it('refuses bad values from any surface before money moves: ranges, forms, conflicts, model kind', async () => {
    const since = t.sim.requests().length;
    const charged = await ledgerNetCharged(t.store as never);
    await t.core.models(request().actor); // warms the model list cache the dispatcher reads
    const cases: [string, ArgValues, string][] = [
      ['imagine', { prompt: 'x', count: 9 }, 'bad_count'],
      ['imagine', { prompt: 'x', count: '0' }, 'bad_count'],
      ['video', { prompt: 'x', seconds: 99 }, 'bad_duration'],
      ['video', { prompt: 'x', seconds: 3 }, 'bad_duration'],
      ['imagine', { prompt: 'x', aspect: '0:0' }, 'bad_flag'],
      ['imagine', { prompt: 'x', aspect: '16:9', size: '1024x1024' }, 'bad_flag'],
      ['imagine', { prompt: 'x', model: 'gamma-video-1' }, 'model_wrong_kind'],
      ['ask', { prompt: 'x', model: 'alpha-image-2' }, 'model_wrong_kind'],
      ['imagine', { prompt: 'x', seconds: 8 }, 'bad_flag'],
    ];
    for (const [command, args, code] of cases) {
      const r = await run(command, args);
      expect(r.tone, `${command} ${JSON.stringify(args)}`).toBe('error');
      expect(r.failure?.code, `${command} ${JSON.stringify(args)}`).toBe(code);
      // A malformed value carries no reference (its words say it all); a model of the wrong kind does.
      expect(r.blocks[0]?.includes(`\nReference ${r.failure?.ref}: `), r.blocks[0]).toBe(code === 'model_wrong_kind');
    }
    const video = await run('video', { prompt: 'x', seconds: 99 });
    expect(video.blocks[0]).toMatch(/99 seconds is not possible: videos last 4 to 15 seconds.*Nothing was charged/);
    await expectNothingMoved(since, charged);
  });

  it('names arguments in its refusals the way the surface takes them: --ar when typed, the option name on Discord', async () => {
    const since = t.sim.requests().length;
    const charged = await ledgerNetCharged(t.store as never);
    const discord = () => request({ surface: DISCORD_SURFACE });
    const text = async (command: string, args: ArgValues, req: SurfaceRequest) => (await run(command, args, req)).blocks[0] ?? '';
    expect(await text('imagine', { prompt: 'x', aspect: '0:0' }, request())).toMatch(/^--ar 0:0 is not valid: use W:H/);
    expect(await text('imagine', { prompt: 'x', aspect: '0:0' }, discord())).toMatch(/^aspect 0:0 is not valid: use W:H/);
    expect(await text('imagine', { prompt: 'x', aspect: '16:9', size: '1024x1024' }, request())).toMatch(/^--ar cannot be used together with --size\./);
    expect(await text('imagine', { prompt: 'x', aspect: '16:9', size: '1024x1024' }, discord())).toMatch(/^aspect cannot be used together with size\./);
    for (const req of [request(), discord()]) expect(await text('imagine', { prompt: 'x', aspect: '0:0' }, req)).not.toMatch(/aspect:|--aspect/);
    await expectNothingMoved(since, charged);
  });

  it('refuses typed flags it does not know and never folds them into a charged prompt', async () => {
    const since = t.sim.requests().length;
    const charged = await ledgerNetCharged(t.store as never);
    for (const text of ['/imagine a cat --foo bar', '/imagine a cat —ar 0:0', '/ask explain --verbose please', '/imagine a cat --seconds 8', '/video a cat --n 2', '/imagine x --ar=1:1 --size=512x512']) {
      const r = await say(text);
      expect(r.failure?.code, text).toBe('bad_flag');
      expect(r.blocks[0], text).toMatch(/Nothing was charged/);
    }
    await expectNothingMoved(since, charged);
  });

  it('checks attachment count and declared size before downloading anything', async () => {
    const since = t.sim.requests().length;
    const charged = await ledgerNetCharged(t.store as never);
    const four = [1, 2, 3, 4].map((i) => incoming(imageBytes, `p${i}.png`));
    const many = await say('/edit make it blue', request(), four);
    expect(many.failure).toMatchObject({ code: 'attachment_too_many', details: { max: 3, got: 4 } });
    const big = incoming(imageBytes, 'huge.png', 500 * 1024 * 1024);
    const large = await say('/edit make it blue', request(), [big]);
    expect(large.failure).toMatchObject({ code: 'attachment_too_large', details: { name: 'huge.png', gotBytes: 500 * 1024 * 1024 } });
    const three = [incoming(imageBytes), incoming(imageBytes), incoming(imageBytes)]; // a start and an end image at most
    expect((await say('/video waves', request(), three)).failure?.code).toBe('attachment_too_many');
    expect((await say('/edit make it blue')).failure?.code).toBe('attachment_missing');
    for (const f of [...four, big, ...three]) expect(f.fetched).toBe(0);
    await expectNothingMoved(since, charged);
  });

  it('edits attached images (fetched once, after validation) and an earlier job with --from', async () => {
    const f = incoming(imageBytes);
    const r = await say('/edit make it blue', request(), [f]);
    expect(r.tone).toBe('result');
    expect(f.fetched).toBe(1);
    const fromJob = await say(`/edit add a hat --from ${imageJob}`);
    expect(fromJob.tone).toBe('result');
    expect(fromJob.jobId).not.toBe(imageJob);
    expect(t.sim.requests().filter((x) => x.endpoint === 'edit').length).toBeGreaterThanOrEqual(2);
  });

  it('Reroll re-runs an imagine; of an edit whose references are gone it says so privately and charges nothing', async () => {
    const again = await run('reroll', { job: imageJob });
    expect(again.tone).toBe('result');
    expect(again.jobId).not.toBe(imageJob);
    expect(again.fields?.find((f) => f.name === 'Model')?.value).toBe('alpha-image-2');

    const edited = await say('/edit make it green', request(), [incoming(imageBytes)]);
    const view = await t.core.jobRequest(request().actor, edited.jobId ?? '');
    expect(view.ok && view.value.references?.length).toBe(1);
    const rerolled = await run('reroll', { job: edited.jobId ?? '' });
    expect(rerolled.tone).toBe('result');
    if (view.ok) for (const ref of view.value.references ?? []) rmSync(ref.path, { force: true });
    const since = t.sim.requests().length;
    const charged = await ledgerNetCharged(t.store as never);
    const gone = await run('reroll', { job: edited.jobId ?? '' });
    expect(gone.visibility).toBe('private');
    expect(gone.failure?.code).toBe('job_files_gone');
    expect(gone.blocks[0]).toMatch(/no longer kept.*\/edit.*Nothing was charged/);
    await expectNothingMoved(since, charged);
  });

  it('Animate and /video ask the surface for a delivery address once, after validation, and answer with Refresh', async () => {
    const req = request();
    const r = await run('animate', { job: imageJob }, req);
    expect(r.title).toBe('Video started');
    expect(req.addresses).toBe(1);
    expect(r.actions).toEqual([{ label: 'Refresh', command: 'job', args: { job: r.jobId } }]);
    expect(r.blocks[0]).toMatch(/^Making a video of \d+ s with gamma-video-1.*held/);
    const create = t.sim.requests().filter((x) => x.endpoint === 'video_create');
    expect(create.length).toBe(1);

    const bad = request();
    expect((await say('/video waves --seconds 99', bad)).failure?.code).toBe('bad_duration');
    expect(bad.addresses).toBe(0);

    const job = await run('job', { job: r.jobId ?? '' });
    expect(job.title).toBe(`video ${r.jobId}`);
    expect(job.actions?.[0]?.command).toBe('job');
  });

  it('answers /ask, /balance, /jobs, /models with neutral replies', async () => {
    const ask = await say('/ask what is a haiku?');
    expect(ask.tone).toBe('result');
    expect(ask.fields?.map((f) => f.name)).toEqual(['Model', 'Tokens', 'Cost', 'Job']);
    const balance = await say('/balance');
    expect(balance.blocks[0]).toMatch(/left of \$1\.00/);
    expect(balance.fields?.find((f) => f.name === 'Limit')?.value).toBe('$1.00 per day');
    const jobs = await say('/jobs');
    expect(jobs.fields?.some((f) => f.name === imageJob && /^image · (being posted|done) · alpha-image-2 · charged \$0\.01/.test(f.value))).toBe(true);
    const models = await say('/models');
    expect(models.fields?.find((f) => f.name === 'image')?.value).toMatch(/alpha-image-2 · \$0\.01/);
    expect(models.fields?.find((f) => f.name === 'video')?.value).toMatch(/gamma-video-1 · \$0\.05/);
    expect((await say('/job j_doesnotexist')).failure?.code).toBe('job_not_found');
  });

  it('shows the usage when a required argument is missing, and did-you-mean for unknown commands', async () => {
    const r = await say('/imagine');
    expect(r.failure).toMatchObject({ code: 'missing_argument', details: { name: 'prompt' } });
    expect(r.blocks[0]).toMatch(/^Usage: \/imagine <prompt>/);
    const budget = await run('budget', {}, request({ admin: true }));
    expect(budget.blocks[0]).toContain('/budget set <user> <amount|none> [period]');
    const unknown = await run('imagin', { prompt: 'x' });
    expect(unknown.failure?.code).toBe('unknown_command');
    expect(unknown.blocks[0]).toMatch(/Did you mean \/imagine\?/);
    const sub = await run('budget', {}, request({ admin: true }), 'sett');
    expect(sub.blocks[0]).toMatch(/Did you mean \/budget set\?/);
    // The help argument is a choice of command names: a typo is refused with the closest one.
    const help = await say('/help imagien');
    expect(help.failure?.code).toBe('bad_flag');
    expect(help.blocks[0]).toMatch(/Did you mean imagine\?/);
    const raw = await run('help', { command: 'imagien' });
    expect(raw.blocks[0]).toMatch(/Did you mean imagine\?/);
  });

  it('checks the place: admin commands only in a community, help anywhere', async () => {
    const dm = request({ kind: 'private', scope: 'dm:u1', admin: true });
    expect((await say('/budget show', dm)).failure).toMatchObject({ code: 'not_here', details: { place: 'community' } });
    expect((await say('/help', dm)).tone).toBe('info');
  });
});

describe('a member claimed as non-admin cannot run any admin (sub)command', () => {
  /** Arguments that would be valid, so only the role can refuse. */
  const VALID: Record<string, ArgValues> = {
    'budget default': { amount: '0.02', period: 'day' },
    'budget set': { user: 'u1', amount: '0.02' },
    'budget clear': { user: 'u1' },
    'budget pool': { amount: '0.03' },
    'budget block': { user: 'u1' },
    'budget unblock': { user: 'u1' },
    'budget adjust': { user: 'u1', amount: '-0.50', note: 'x' },
    'budget show': {},
    usage: {},
    'setup token': { token: 'sk-never-used-0000' },
    'setup show': {},
    'setup unlink': {},
    'setup timezone': { tz: 'Europe/Paris' },
    'setup language': { code: 'es' },
    'prices list': {},
    'prices set': { model: 'alpha-image-2', usd: '0.05', per: 'image' },
    'prices clear': { model: 'alpha-image-2' },
    'prices kind': { model: 'alpha-image-2', kind: 'video' },
    approve: {},
  };

  const adminUnits = (commands: readonly CommandDefinition[]) =>
    commands.flatMap((c) =>
      c.subcommands
        ? c.subcommands.filter((s) => s.role !== 'member').map((s) => ({ command: c.name, sub: s.name as string | undefined, role: s.role }))
        : c.role !== 'member'
          ? [{ command: c.name, sub: undefined as string | undefined, role: c.role }]
          : [],
    );

  it('every admin or owner definition is covered', () => {
    const units = adminUnits(dispatcher.commands).map((u) => (u.sub ? `${u.command} ${u.sub}` : u.command));
    expect(units.sort()).toEqual(Object.keys(VALID).sort());
  });

  it('is refused with not_admin and changes nothing; an admin and an owner get through', async () => {
    const balanceBefore = await t.core.balance(request({ user: 'u1' }).actor);
    const since = t.sim.requests().length;
    for (const u of adminUnits(dispatcher.commands)) {
      const key = u.sub ? `${u.command} ${u.sub}` : u.command;
      const req = request({ user: 'member7', admin: false });
      const r = await run(u.command, VALID[key] ?? {}, req, u.sub);
      expect(r.failure?.code, key).toBe('not_admin');
      expect(r.blocks[0], key).toMatch(/^Only an admin of this community can do that\./);
      expect(r.files ?? [], key).toEqual([]);
      // Whether the platform calls them an admin matters only for admin commands; owners are known from OWNER_IDS.
      expect(req.adminAsked, key).toBe(u.role === 'owner' ? 0 : 1);
    }
    const bare = request({ user: 'member7' });
    expect((await run('budget', {}, bare)).failure?.code, 'no usage leaks to members').toBe('not_admin');
    expect((await say('/budget sett x', bare)).failure?.code).toBe('unknown_command');
    expect((await run('budget', {}, bare, 'sett')).failure?.code).toBe('not_admin');
    expect(t.sim.requests().slice(since).filter((r) => r.endpoint === 'models')).toEqual([]);
    const after = await t.core.balance(request({ user: 'u1' }).actor);
    expect(after.limitMicros).toBe(balanceBefore.limitMicros);
    expect(after.blocked).toBe(false);

    await t.core.touch(request({ user: 'u2' }).actor); // a member the bot has seen: admins name only known people
    const admin = await say('/budget set u2 0.40 week', request({ user: 'adm', admin: true }));
    expect(admin.tone).toBe('info');
    expect(admin.blocks[0]).toContain('$0.40');
    const ownerReq = request({ user: OWNER, admin: false });
    const owner = await say('/usage week', ownerReq);
    expect(owner.tone).toBe('info');
    expect(owner.files?.[0]).toMatchObject({ kind: 'document', mime: 'text/csv' });
    expect(ownerReq.adminAsked).toBe(0);
  });

  it('never shows or logs a secret it was given', async () => {
    const secret = 'sk-commands-test-secret-9f8e7d';
    const r = await run('setup', { token: secret }, request({ admin: true }), 'token');
    expect(r.tone).toBe('error');
    expect(JSON.stringify(r)).not.toContain(secret);
    const bad = await run('token', { token: ['not', 'a', 'string'] as unknown as string }, request(), 'link');
    expect(bad.failure?.code).toBe('bad_flag');
    expect(t.logs()).not.toContain(secret);
  });
});

describe('unexpected exceptions', () => {
  it('are logged and answered as internal, never thrown', async () => {
    const boom: CommandDefinition = {
      name: 'boom',
      description: 'Throws',
      help: 'Throws on purpose for the test.',
      usage: ['/boom'],
      role: 'member',
      place: 'anywhere',
      args: [],
      run: () => Promise.reject(new Error('kaboom')),
    };
    const d = new CommandDispatcher({ core: t.core, ownerIds: [], commands: [boom], logger: t.logger });
    const r = await d.run({ command: 'boom', args: {}, request: request() });
    expect(r.tone).toBe('error');
    expect(r.failure?.code).toBe('internal');
    expect(r.blocks[0]).toMatch(/Something went wrong on our side/);
    expect(t.logs()).toContain('kaboom');
  });
});
