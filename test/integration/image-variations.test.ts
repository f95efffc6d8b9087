import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/build-app.js';
import type { CoreApi } from '../../src/core/api/core-api.js';
import { join } from 'node:path';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { commandRegistry } from '../../src/core/commands/registry.js';
import { renderReply } from '../../src/platforms/console/render.js';
import type { ArgValues, Reply } from '../../src/core/commands/types.js';
import { consoleRequest } from '../support/console-request.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';
import { appOnSameDatabase } from '../support/more-apps.js';

/**
 * `--n 4` on a model without the gateway's `n` (one request per image, one job, one hold), a partial result charged
 * per image delivered, V/U follow-ups (each a new edit job, charged once), their owner-or-admin rule, and a V3 after a
 * restart (a new app on the same database and outputs). The ledger is compared with the simulator's bill throughout.
 */

let t: TestStack;
let later: App | undefined;

function run(core: CoreApi, command: string, args: ArgValues, o: { user?: string; admin?: boolean } = {}): Promise<Reply> {
  const dispatcher = new CommandDispatcher({ core, ownerIds: [], logger: t.logger });
  return dispatcher.run({ command, args, request: consoleRequest(t.actor({ user: o.user ?? 'owner' }), o) });
}

const imageCalls = (from: number) => t.sim.requests().slice(from).filter((r) => r.endpoint === 'image' || r.endpoint === 'edit');

async function expectLedgerIsTheBill(lossMicros = 0): Promise<void> {
  expect((await ledgerNetCharged(t.store, 'operator')) + lossMicros).toBe(t.sim.spentMicros(t.sim.tokens.media));
  expect(await openHolds(t.store)).toBe(0);
}

beforeAll(async () => {
  t = await createTestStack({ startPoller: false, env: { DEFAULT_ALLOWANCE: '5' } });
});
afterAll(async () => {
  await later?.close();
  await t?.close();
});

describe('--n 4 on a model without the gateway n', () => {
  let job = '';

  it('sends four one-image requests for one job, holds 4 and charges 4 = the simulator bill; one result', async () => {
    const at = t.sim.requests().length;
    const r = await run(t.core, 'imagine', { prompt: 'four foxes', count: 4 });
    expect(r.tone).toBe('result');
    expect(r.files).toHaveLength(4);
    expect(new Set(r.files?.map((f) => f.name)).size).toBe(4);
    const calls = imageCalls(at);
    expect(calls).toHaveLength(4);
    expect(calls.map((c) => c.n)).toEqual([undefined, undefined, undefined, undefined]);
    job = r.jobId ?? '';
    expect(await ledgerOfJob(t.store, job)).toEqual([
      { kind: 'hold', amount: 40_000 },
      { kind: 'charge', amount: 40_000 },
    ]);
    expect(r.fields?.find((f) => f.name === 'Cost')?.value).toBe('$0.04');
    expect(r.actions?.map((a) => a.label)).toEqual(['V1', 'V2', 'V3', 'V4', 'U1', 'U2', 'U3', 'U4', 'Reroll', 'Edit', 'Animate']);
    expect(r.actions?.[2]).toMatchObject({ command: 'vary', args: { job, index: '3' } });
    await expectLedgerIsTheBill();

    // The console prints every file and the numbered actions as commands to type.
    const lines: string[] = [];
    const written = await renderReply({ print: (l) => lines.push(l), outputDir: join(t.dir, 'console-out'), commands: commandRegistry() }, r);
    expect(written).toHaveLength(4);
    expect(lines.filter((l) => l.startsWith('✓ '))).toHaveLength(4);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {4}/vary ${job} --index 3 +V3$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {4}/upscale ${job} --index 1 +U1$`)));
  });

  it('V2 and U1 each run one edit of that image, charged once each; V2 at the size of the result, U1 at the next tier', async () => {
    const at = t.sim.requests().length;
    const before = await ledgerNetCharged(t.store, 'operator');
    const v2 = await run(t.core, 'vary', { job, index: 2 });
    expect(v2.tone).toBe('result');
    expect(v2.files).toHaveLength(1);
    const u1 = await run(t.core, 'upscale', { job, index: 1 });
    expect(u1.tone).toBe('result');
    const calls = imageCalls(at);
    expect(calls.map((c) => [c.endpoint, c.imageParts, c.size])).toEqual([
      ['edit', 1, '1024x1024'],
      ['edit', 1, '1536x1536'],
    ]);
    expect(u1.fields?.find((f) => f.name === 'Size')?.value).toBe('1536x1536');
    expect((await ledgerNetCharged(t.store, 'operator')) - before).toBe(20_000);
    for (const id of [v2.jobId, u1.jobId]) expect((await ledgerOfJob(t.store, id ?? '')).filter((e) => e.kind === 'charge')).toEqual([{ kind: 'charge', amount: 10_000 }]);
    // The upscale is at the model's largest size: no Upscale under it.
    expect(u1.actions?.map((a) => a.label)).toEqual(['Vary', 'Reroll', 'Edit', 'Animate']);
    await expectLedgerIsTheBill();
  });

  it("another member's V1 is refused politely before any hold or call; an admin's works (and the admin pays)", async () => {
    const at = t.sim.requests().length;
    const before = await ledgerNetCharged(t.store, 'operator');
    const other = await run(t.core, 'vary', { job, index: 1 }, { user: 'stranger' });
    expect(other.tone).toBe('error');
    expect(other.failure?.code).toBe('job_not_yours');
    expect(other.blocks[0]).toMatch(/Only the member who started job .*, or an admin.*Nothing was charged/);
    expect(imageCalls(at)).toEqual([]);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(before);
    const admin = await run(t.core, 'vary', { job, index: 1 }, { user: 'mod', admin: true });
    expect(admin.tone).toBe('result');
    expect(imageCalls(at)).toHaveLength(1);
    await expectLedgerIsTheBill();
  });

  it("Reroll follows the same rule: another member's is refused before any hold or call; an admin's runs (and the admin pays)", async () => {
    const at = t.sim.requests().length;
    const before = await ledgerNetCharged(t.store, 'operator');
    const other = await run(t.core, 'reroll', { job }, { user: 'stranger' });
    expect(other.failure?.code).toBe('job_not_yours');
    expect(other.blocks[0]).toMatch(/Only the member who started job .*, or an admin.*Nothing was charged/);
    expect(imageCalls(at)).toEqual([]);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(before);
    const admin = await run(t.core, 'reroll', { job }, { user: 'mod', admin: true });
    expect(admin.tone).toBe('result');
    expect(imageCalls(at)).toHaveLength(1);
    await expectLedgerIsTheBill();
  });

  it('after a restart (a new app on the same database and files) V3 runs once, for the owner only', async () => {
    await t.app.close();
    later = await appOnSameDatabase(t, { DEFAULT_ALLOWANCE: '5', MAX_JOBS_PER_USER: '4' });
    const at = t.sim.requests().length;
    const refused = await run(later.core, 'vary', { job, index: 3 }, { user: 'stranger' });
    expect(refused.failure?.code).toBe('job_not_yours');
    const v3 = await run(later.core, 'vary', { job, index: 3 });
    expect(v3.tone).toBe('result');
    expect(imageCalls(at)).toHaveLength(1);
    expect((await ledgerOfJob(later.store, v3.jobId ?? '')).map((e) => e.kind)).toEqual(['hold', 'charge']);
    expect((await ledgerNetCharged(later.store, 'operator')) ).toBe(t.sim.spentMicros(t.sim.tokens.media));
  });
});

describe('a partial result', () => {
  it('3 of 4 images delivered: charged 3, the member told, the fourth recorded as the gateway bill nobody was charged', async () => {
    const core = later?.core ?? t.core;
    const store = later?.store ?? t.store;
    t.sim.addFault({ kind: 'image_url', endpoint: 'image', times: 1, url: 'http://127.0.0.1:9/not-an-image.png' });
    const r = await run(core, 'imagine', { prompt: 'four owls', count: 4 }, { user: 'partial' });
    expect(r.tone).toBe('result');
    expect(r.files).toHaveLength(3);
    expect(r.blocks).toContain('3 of 4 images were made; you are charged for 3 only.');
    expect(r.fields?.find((f) => f.name === 'Cost')?.value).toBe('$0.03');
    expect(r.actions?.map((a) => a.label).slice(0, 3)).toEqual(['V1', 'V2', 'V3']);
    const ledger = await ledgerOfJob(store, r.jobId ?? '');
    expect(ledger.filter((e) => e.kind === 'charge')).toEqual([{ kind: 'charge', amount: 30_000 }]);
    // The gateway billed the fourth image (a link the bot would not fetch): the operator's loss, not the member's.
    expect((await ledgerNetCharged(store, 'operator')) + 10_000).toBe(t.sim.spentMicros(t.sim.tokens.media));
    expect(await openHolds(store)).toBe(0);
  });
});
