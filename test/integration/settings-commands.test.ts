import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import type { Reply } from '../../src/core/commands/types.js';
import type { SurfaceRequest } from '../../src/core/ports/surface.js';
import { consoleRequest } from '../support/console-request.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

/**
 * Issue 23 item 1 over the real core and dispatcher (the console's text grammar): `/settings` fills what a member did
 * not type, says so, loses to flags, refuses bad values with words before anything is stored or paid, and
 * `/setup defaults` gives a community its defaults (admins only, audited).
 */
let t: TestStack;
let dispatcher: CommandDispatcher;

function request(o: { user?: string; admin?: boolean; scope?: string } = {}): SurfaceRequest {
  return consoleRequest(t.actor({ user: o.user ?? 'u1', kind: 'group', ...(o.scope ? { scope: o.scope } : {}) }), o);
}

async function say(text: string, req: SurfaceRequest = request()): Promise<Reply> {
  const p = parseCommandText(text, dispatcher.commands);
  if (!p.ok) return { visibility: 'private', tone: 'error', blocks: [t.core.explain(p.failure)], failure: p.failure };
  return dispatcher.run({ command: p.command, args: p.args, request: req, ...(p.subcommand ? { subcommand: p.subcommand } : {}) });
}

const text = (r: Reply) => r.blocks.join('\n');
/** The last paid request the simulator saw (model, size, seconds). */
const lastPaid = () => t.sim.requests().filter((r) => r.endpoint !== 'models').at(-1);

/** Waits until no hold is open (the poller finished the videos started so far). */
async function settled(): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await openHolds(t.store as never)) > 0) {
    if (Date.now() > deadline) throw new Error('videos still held after 15 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await createTestStack({ sim: { video: { queuedMs: 20, runMs: 60, progressSteps: 2 } }, pollIntervalMs: 30 });
  dispatcher = new CommandDispatcher({ core: t.core, ownerIds: t.config.ownerIds, logger: t.logger });
});

afterAll(async () => {
  await t?.close();
});

describe('/settings over the real core', () => {
  it('bare, lists every key with the bot default as its source', async () => {
    const r = await say('/settings');
    expect(r.tone).toBe('info');
    expect(r.visibility).toBe('private');
    for (const key of ['image_model', 'video_model', 'text_model', 'aspect', 'seconds', 'quality', 'n', 'language', 'private']) expect(text(r)).toContain(`${key}:`);
    expect(text(r)).toContain(`seconds: ${t.config.defaults.videoSeconds} (the bot's default)`);
    expect(text(r)).toContain('/settings <key> <value>');
  });

  it('an aspect and a model from the settings are used by /imagine, which says so; a typed flag wins', async () => {
    const flagged = await say('/imagine a fox --ar 16:9');
    const sizeOf169 = lastPaid()?.size;
    expect(sizeOf169).toBeDefined();
    expect(text(flagged)).not.toContain('from your settings');

    expect(text(await say('/settings aspect 16/9'))).toBe('aspect is now 16:9 in this community.');
    expect(text(await say('/settings image_model delta-image-turbo'))).toBe('image_model is now delta-image-turbo in this community.');
    const before = await ledgerNetCharged(t.store as never);
    const used = await say('/imagine a fox');
    expect(used.tone).toBe('result');
    expect(lastPaid()).toMatchObject({ model: 'delta-image-turbo', size: sizeOf169 });
    expect(used.fields?.find((f) => f.name === 'Model')?.value).toBe('delta-image-turbo');
    expect(text(used)).toContain('delta-image-turbo, 16:9 from your settings');
    expect((await ledgerNetCharged(t.store as never)) - before).toBe(5_000);

    // Flags win: a typed aspect, a typed size (which excludes any aspect) and a typed model.
    const typed = await say('/imagine a fox --ar 1:1 --model alpha-image-2');
    expect(lastPaid()).toMatchObject({ model: 'alpha-image-2' });
    expect(lastPaid()?.size).not.toBe(sizeOf169);
    expect(text(typed)).not.toContain('from your settings');
    const sized = await say('/imagine a fox --size 512x512');
    expect(lastPaid()).toMatchObject({ model: 'delta-image-turbo', size: '512x512' });
    expect(text(sized)).toContain('delta-image-turbo from your settings');
    expect(text(sized)).not.toContain('16:9');
  });

  it('a video takes its model, seconds and a fitting aspect from the settings; an aspect video has not is left out', async () => {
    await say('/settings video_model kappa-video-lite');
    await say('/settings seconds 8');
    const r = await say('/video waves');
    expect(r.tone).toBe('info');
    expect(lastPaid()).toMatchObject({ model: 'kappa-video-lite', seconds: '8' });
    expect(text(r)).toContain('kappa-video-lite, 8 s, 16:9 from your settings');
    await say('/settings aspect 21:9');
    const wide = await say('/video waves --seconds 4');
    expect(lastPaid()).toMatchObject({ model: 'kappa-video-lite', seconds: '4' });
    expect(text(wide)).toContain('kappa-video-lite from your settings');
    expect(text(wide)).not.toContain('21:9');
    await say('/settings aspect reset');
    await settled();
  });

  it('refuses bad values with words: nothing stored, nothing asked of the gateway but its model list, nothing charged', async () => {
    const shown = text(await say('/settings'));
    const charged = await ledgerNetCharged(t.store as never);
    const since = t.sim.requests().length;
    const cases: [string, string][] = [
      ['/settings image_model no-such-model', 'model_unknown'],
      ['/settings image_model gamma-video-1', 'model_wrong_kind'],
      ['/settings video_model alpha-image-2', 'model_wrong_kind'],
      ['/settings aspect 7:5', 'bad_aspect'],
      ['/settings seconds 99', 'bad_duration'],
      ['/settings n 7', 'bad_count'],
      ['/settings quality ultra', 'bad_setting'],
      ['/settings private maybe', 'bad_setting'],
      ['/settings language xx', 'unknown_language'],
      ['/settings colour', 'unknown_setting'],
      ['/settings image_model sk-abcdefghijklmnopqrstuvwxyz0123456789', 'bad_setting'],
    ];
    for (const [line, code] of cases) {
      const r = await say(line);
      expect(r.tone, line).toBe('error');
      expect(r.failure?.code, line).toBe(code);
      expect(text(r), line).not.toMatch(/undefined|\{ ?\$/);
    }
    expect(text(await say('/settings'))).toBe(shown);
    // Only the model list (and the poller's reads of videos started earlier): no paid call.
    expect(t.sim.requests().slice(since).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await ledgerNetCharged(t.store as never)).toBe(charged);
    expect(await openHolds(t.store as never)).toBe(0);
    expect(text(await say('/settings image_model sk-abcdefghijklmnopqrstuvwxyz0123456789'))).not.toContain('sk-abc');
  });

  it('everywhere is the personal default; a setting here wins over it; reset falls back one level', async () => {
    const member = { user: 'u2' };
    const elsewhere = { user: 'u2', scope: 'other-room' };
    expect(text(await say('/settings n 2 everywhere', request(member)))).toBe('n is now 2 in every community.');
    await say('/settings n 3', request(member));
    expect(text(await say('/settings n', request(member)))).toBe('n: 3 (your setting here)');
    expect(text(await say('/settings n', request(elsewhere)))).toBe('n: 2 (your setting everywhere)');
    const three = await say('/imagine two cats', request(member));
    expect(three.files).toHaveLength(3);
    expect(text(three)).toContain('3 images from your settings');
    expect(text(await say('/settings n reset', request(member)))).toBe('Your n setting here is cleared: now 2 (your setting everywhere).');
    // A typed --n wins.
    const one = await say('/imagine two cats --n 1', request(elsewhere));
    expect(one.files).toHaveLength(1);
    expect(text(one)).not.toContain('from your settings');
  });

  it('language shares the storage of /language', async () => {
    const member = request({ user: 'u3' });
    expect(text(await say('/settings language es', member))).toContain('es');
    expect(text(await say('/language', member))).toMatch(/español \(es\)/);
    await say('/language reset', member);
    expect(text(await say('/settings language', member))).toContain("(the bot's default)");
  });

  it('private on: a result is shown to the member alone (Discord ephemeral); a video start stays where it is', async () => {
    const member = request({ user: 'u4' });
    await say('/settings private on', member);
    const r = await say('/imagine a quiet lake', member);
    expect(r.tone).toBe('result');
    expect(r.visibility).toBe('private');
    await say('/settings private off', member);
    expect((await say('/imagine a quiet lake', member)).visibility).toBe('public');
  });

  it('/setup defaults: admins set a community default members without their own setting get, told so; audited', async () => {
    const refused = await say('/setup defaults aspect 9:16', request({ user: 'u5' }));
    expect(refused.failure?.code).toBe('not_admin');
    const set = await say('/setup defaults aspect 9:16', request({ user: 'boss', admin: true }));
    expect(text(set)).toBe("This community's default aspect is now 9:16. Members who chose their own keep it.");
    // Not a community default: the text grammar refuses the key, and so does the core when a surface passes it anyway.
    expect((await say('/setup defaults private on', request({ user: 'boss', admin: true }))).failure?.code).toBe('bad_flag');
    const passed = await dispatcher.run({ command: 'setup', subcommand: 'defaults', args: { key: 'language', value: 'es' }, request: request({ user: 'boss', admin: true }) });
    expect(passed.failure?.code).toBe('bad_flag');
    const r = await say('/imagine a tower', request({ user: 'u5' }));
    expect(text(r)).toContain("9:16 from this community's defaults");
    expect(text(await say('/settings aspect', request({ user: 'u5' })))).toBe("aspect: 9:16 (this community's default)");
    // u1 chose 16:9 … and reset it above: the community default applies to them too; their model is still theirs.
    const mine = await say('/imagine a tower', request());
    expect(text(mine)).toContain('delta-image-turbo from your settings');
    expect(text(mine)).toContain("9:16 from this community's defaults");
    const scope = await t.store.directory.findScope({ platform: 'console', externalId: request().actor.scope.externalId });
    const audit = await t.store.admin.auditEntries(scope!.id, 5);
    expect(audit[0]).toMatchObject({ action: 'settings.default.set', before: { aspect: null }, after: { aspect: '9:16' } });
  });
});
