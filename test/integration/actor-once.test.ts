import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import type { SurfaceInfo, SurfaceRequest } from '../../src/core/ports/surface.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

/**
 * One /imagine through the command layer looks the actor up once: the scope and the user are created (or found) and
 * the membership refreshed a single time, and the job's use-case reuses those ids. Counted by wrapping the real
 * SQLite store's repositories the core holds (every method call recorded in order).
 */

const TEXT: SurfaceInfo = { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` };

/** Replaces each method of `repo` by one that records `<name>.<method>` in `calls` before calling it. */
function counted<T extends object>(name: string, repo: T, calls: string[]): T {
  return new Proxy(repo, {
    get(target, prop, receiver) {
      const v: unknown = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function' || typeof prop !== 'string') return v;
      return (...args: unknown[]) => {
        calls.push(`${name}.${prop}`);
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('the actor of a job command', () => {
  let t: TestStack;
  let d: CommandDispatcher;
  const calls: string[] = [];

  beforeAll(async () => {
    t = await createTestStack({ deliveries: [new RecordingDelivery('console')] });
    d = new CommandDispatcher({ core: t.core, ownerIds: [], logger: t.logger });
    // The core reads its repositories from this object on every call: wrapping them here counts what it does.
    const s = t.store as unknown as Record<'directory' | 'tokens' | 'refs', object>;
    for (const k of ['directory', 'tokens', 'refs'] as const) s[k] = counted(k, s[k], calls);
  });

  afterAll(async () => {
    await t?.close();
  });

  function request(user: string): SurfaceRequest {
    const actor = t.actor({ user, username: user });
    return {
      actor,
      surface: TEXT,
      uploadLimitBytes: 50 * 1024 * 1024,
      isAdmin: async () => false,
      progress() {},
      deliveryAddress: async (): Promise<DeliveryAddress> => ({ surface: 'console', chat: actor.scope.externalId }),
    };
  }

  async function imagine(user: string): Promise<string[]> {
    calls.length = 0;
    const p = parseCommandText('/imagine a red fox in the snow', d.commands);
    if (!p.ok) throw new Error('does not parse');
    const reply = await d.run({ command: p.command, args: p.args, request: request(user) });
    expect(reply.tone).not.toBe('error');
    return [...calls];
  }

  it.each([
    ['a member seen for the first time', 'new1'],
    ['a member seen before', 'new1'],
  ])('%s: the scope and the user are resolved once, before the token and the hold', async (_, user) => {
    const all = await imagine(user);
    expect(all.filter((c) => c.startsWith('directory.'))).toEqual(['directory.ensureScope', 'directory.ensureUser', 'directory.touchMember']);
    // The token that pays is the first thing looked up after the actor (the hold comes after it), once.
    expect(all.slice(3, 4)).toEqual(['tokens.resolveToken']);
    expect(all.filter((c) => c === 'tokens.resolveToken')).toHaveLength(1);
    expect(await t.store.directory.findUser({ platform: 'console', externalId: user })).toMatchObject({ username: user });
  });
});
