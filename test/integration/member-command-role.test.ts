import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { commandRegistry } from '../../src/core/commands/registry.js';
import type { ArgValues, CommandDefinition, Reply, Role } from '../../src/core/commands/types.js';
import { fail } from '../../src/core/failures.js';
import { failureReply } from '../../src/core/commands/reply-kit.js';
import type { SurfaceRequest } from '../../src/core/ports/surface.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

/**
 * A member command's role (`ctx.role()`): the platform's admin answer is asked when a piece first needs it, once per
 * invocation, shared with the dispatcher's own checks; an owner or an admin of the community is seen as such by every
 * member command that cares (V/U of another member's job, `/queue`, `/job <ref>`, `/help`), a member is not.
 */

let t: TestStack;
const OWNER = 'boss';

interface CountingRequest extends SurfaceRequest {
  adminAsked: number;
}

function request(o: { user?: string; admin?: boolean; kind?: 'group' | 'private' } = {}): CountingRequest {
  const actor = t.actor({ user: o.user ?? 'author', kind: o.kind ?? 'group' });
  const r: CountingRequest = {
    actor,
    surface: { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
    uploadLimitBytes: 50 * 1024 * 1024,
    adminAsked: 0,
    async isAdmin() {
      r.adminAsked++;
      return o.admin ?? false;
    },
    progress: () => {},
    deliveryAddress: async (): Promise<DeliveryAddress> => ({ surface: 'console', chat: actor.scope.externalId }),
  };
  return r;
}

/** A member command that reports the role its piece sees, asking twice (the answer is asked of the platform once). */
const whoami: CommandDefinition = {
  name: 'whoami',
  description: 'Says the role',
  help: 'Says the role the piece sees.',
  usage: ['/whoami'],
  role: 'member',
  place: 'anywhere',
  args: [],
  async run(ctx) {
    const first = await ctx.role();
    const again = await ctx.role();
    return { visibility: 'private', tone: 'info', blocks: [`${first}/${again}`] };
  },
};

/** A member command that fails with a referenced failure without looking at the role. */
const oops: CommandDefinition = {
  name: 'oops',
  description: 'Fails',
  help: 'Fails with a reference.',
  usage: ['/oops'],
  role: 'member',
  place: 'anywhere',
  args: [],
  run: async (ctx) => failureReply(ctx, fail('internal')),
};

function run(command: string, args: ArgValues, req: SurfaceRequest, extra: readonly CommandDefinition[] = []): Promise<Reply> {
  const d = new CommandDispatcher({ core: t.core, ownerIds: [`console:${OWNER}`], commands: [...commandRegistry(), ...extra], logger: t.logger });
  return d.run({ command, args, request: req });
}

beforeAll(async () => {
  t = await createTestStack({ startPoller: false, env: { DEFAULT_ALLOWANCE: '5' } });
});
afterAll(async () => {
  await t?.close();
});

describe('ctx.role() of a member command', () => {
  it.each<[string, { user?: string; admin?: boolean }, Role, number]>([
    ['a member', { user: 'plain' }, 'member', 1],
    ['an admin of the community', { user: 'mod', admin: true }, 'admin', 1],
    ['an owner (OWNER_IDS): the platform is not asked', { user: OWNER }, 'owner', 0],
  ])('%s: the piece sees its true role, the platform asked at most once', async (_, o, role, asked) => {
    const req = request(o);
    const r = await run('whoami', {}, req, [whoami]);
    expect(r.blocks).toEqual([`${role}/${role}`]);
    expect(req.adminAsked).toBe(asked);
  });

  it('a member command that never asks costs the platform no admin lookup', async () => {
    const req = request({ user: 'mod', admin: true });
    const r = await run('balance', {}, req);
    expect(r.tone).not.toBe('error');
    expect(req.adminAsked).toBe(0);
  });

  it("a referenced failure of a member command: an admin's line points to /job <ref>, a member's says to ask an admin", async () => {
    const admin = await run('oops', {}, request({ user: 'mod', admin: true }), [oops]);
    expect(admin.blocks[0]).toContain(`Reference ${admin.failure?.ref}: /job ${admin.failure?.ref} shows what went wrong.`);
    const member = await run('oops', {}, request({ user: 'plain' }), [oops]);
    expect(member.blocks[0]).toContain(`Reference ${member.failure?.ref}`);
    expect(member.blocks[0]).not.toContain('shows what went wrong');
    // The owner in a private chat reads the admin's line too; a platform "admin" answer in a private chat does not count.
    const owner = await run('oops', {}, request({ user: OWNER, kind: 'private' }), [oops]);
    expect(owner.blocks[0]).toContain(`/job ${owner.failure?.ref} shows what went wrong.`);
    const privateAdmin = await run('oops', {}, request({ user: 'mod', admin: true, kind: 'private' }), [oops]);
    expect(privateAdmin.blocks[0]).not.toContain('shows what went wrong');
  });
});

describe("another member's job", () => {
  let job = '';

  it('the author makes two images', async () => {
    const r = await run('imagine', { prompt: 'two herons', count: 2 }, request());
    expect(r.tone).toBe('result');
    job = r.jobId ?? '';
    expect(r.actions?.map((a) => a.label).slice(0, 4)).toEqual(['V1', 'V2', 'U1', 'U2']);
  });

  it.each(['vary', 'upscale'])("%s by another member is refused before any hold; by an admin or the owner it runs, paid by them", async (command) => {
    const before = await ledgerNetCharged(t.store, 'operator');
    const calls = t.sim.requests().length;
    const stranger = await run(command, { job, index: 1 }, request({ user: 'stranger' }));
    expect(stranger.failure?.code).toBe('job_not_yours');
    expect(t.sim.requests().length).toBe(calls);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(before);

    const mod = await run(command, { job, index: 1 }, request({ user: 'mod', admin: true }));
    expect(mod.tone).toBe('result');
    const owner = await run(command, { job, index: 2 }, request({ user: OWNER }));
    expect(owner.tone).toBe('result');
    expect((await t.core.balance(t.actor({ user: 'stranger' }))).spentMicros).toBe(0);
    expect(await openHolds(t.store)).toBe(0);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
  });

  it('the paying admin and owner are charged, not the author', async () => {
    const spent = async (user: string) => (await t.core.balance(t.actor({ user }))).spentMicros;
    expect(await spent('mod')).toBeGreaterThan(0);
    expect(await spent(OWNER)).toBeGreaterThan(0);
  });

  it('/queue shows an admin every job of the community and a member only their own', async () => {
    const adminQueue = await run('queue', {}, request({ user: 'mod', admin: true }));
    const memberQueue = await run('queue', {}, request({ user: 'stranger' }));
    expect(adminQueue.title).toBe('Queue of this community');
    expect(memberQueue.title).toBe('Your queue');
    const ownerQueue = await run('queue', {}, request({ user: OWNER }));
    expect(ownerQueue.title).toBe('Queue of this community');
  });

  it("/job <ref>: an admin reads a member's failure reference, another member does not", async () => {
    const failed = await run('oops', {}, request({ user: 'author' }), [oops]);
    const ref = failed.failure?.ref ?? '';
    expect(ref).not.toBe('');
    await new Promise((resolve) => setTimeout(resolve, 200)); // the reference is stored in the background
    const admin = await run('job', { job: ref }, request({ user: 'mod', admin: true }));
    expect(admin.tone).not.toBe('error');
    const other = await run('job', { job: ref }, request({ user: 'stranger' }));
    expect(other.failure?.code).toBe('job_not_found');
  });

  it('/help lists the admin commands to an admin, not to a member', async () => {
    const admin = await run('help', {}, request({ user: 'mod', admin: true }));
    const member = await run('help', {}, request({ user: 'stranger' }));
    expect(admin.blocks.join('\n')).toContain('/budget');
    expect(member.blocks.join('\n')).not.toContain('/budget');
  });
});
