import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRegistry } from '../../src/core/commands/registry.js';
import type { ArgSpec, CommandDefinition, SubcommandDefinition } from '../../src/core/commands/types.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle, type OptionValue } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

const EPHEMERAL = 64;

/** A plausible value for an argument, so a refusal can only come from the role check. */
function sample(arg: ArgSpec, memberId: string): OptionValue | undefined {
  switch (arg.kind) {
    case 'user':
      return { user: memberId };
    case 'amount':
      return '1';
    case 'period':
      return 'day';
    case 'text':
      return arg.name === 'tz' ? 'Europe/Paris' : 'because';
    case 'choice':
      return arg.choices?.[0]?.value;
    case 'integer':
      return arg.min ?? 1;
    default:
      return undefined;
  }
}

type Target = { def: CommandDefinition; sub?: SubcommandDefinition };

/** Every admin or owner (sub)command of the registry. */
function elevatedTargets(): Target[] {
  return commandRegistry().flatMap((def): Target[] =>
    def.subcommands?.length ? def.subcommands.filter((s) => s.role !== 'member').map((sub) => ({ def, sub })) : def.role !== 'member' ? [{ def }] : [],
  );
}

/** The command layer on Discord: /help from the registry, and the core's role check on every admin command. */
describe('Discord surface over the command layer', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  /** The private text answer of an interaction (deferred ephemerally, then edited). */
  async function privateText(h: InteractionHandle): Promise<string> {
    const cb = await h.waitForCallback();
    expect(Number(cb.data?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    return (await h.waitForOriginalEdit((m) => m.content.length > 0)).content;
  }

  it('/help lists what this member can run (no admin commands), an admin sees /budget, /help imagine explains one', async () => {
    expect(fake.commands(fake.guildId).map((c) => c.name)).toContain('help');
    const member = await privateText(fake.slashCommand({ name: 'help' }));
    expect(member).toContain('/imagine');
    expect(member).toContain('/video');
    expect(member).not.toContain('/budget');
    expect(member).not.toContain('/reroll');

    const admin = await privateText(fake.slashCommand({ name: 'help', userId: fake.adminUserId }));
    expect(admin).toContain('/budget');
    expect(admin).toContain('/setup');

    const one = await privateText(fake.slashCommand({ name: 'help', options: { command: 'imagine' } }));
    expect(one).toContain('/imagine');
    expect(one).toMatch(/usage/i);

    // Discord offers the command names as a menu; a stale client typing one anyway gets the closest name.
    const unknown = await privateText(fake.slashCommand({ name: 'help', options: { command: 'imagin' } }));
    expect(unknown).toMatch(/Did you mean imagine\?/);
  });

  it('refuses EVERY admin (sub)command to a member without Manage Server, whoever built the request; nothing changes', async () => {
    const targets = elevatedTargets();
    expect(targets.length).toBeGreaterThanOrEqual(10);
    const audits = async () => (await stack.store.db.selectFrom('audit_log').select('id').execute()).length;
    const auditsBefore = await audits();
    const secret = stack.sim.tokens.media;
    for (const { def, sub } of targets) {
      const args = (sub ? sub.args : def.args) ?? [];
      const what = `/${def.name}${sub ? ` ${sub.name}` : ''}`;
      const base = { name: def.name, ...(sub ? { subcommand: sub.name } : {}) };
      if (args.some((a) => a.kind === 'secret')) {
        // A secret is asked in a private modal, but a member is refused before it opens (the core's check)...
        const open = fake.slashCommand(base);
        const refused = await open.waitForCallback();
        expect(refused.type, what).toBe(4);
        expect(Number(refused.data?.flags ?? 0) & EPHEMERAL, what).toBe(EPHEMERAL);
        expect(String(refused.data?.content), what).toMatch(/admin/i);
        // ...and a submit of that modal made anyway (a forged custom id) runs the command, which the core refuses.
        const customId = `mbs:${def.name}${sub ? `.${sub.name}` : ''}:token`;
        const submit = fake.modalSubmit({ customId, fields: { token: secret } });
        expect(await privateText(submit), what).toMatch(/admin/i);
        continue;
      }
      const options: Record<string, OptionValue> = {};
      for (const a of args) {
        const v = sample(a, fake.memberUserId);
        if (v !== undefined) options[a.name] = v;
      }
      expect(await privateText(fake.slashCommand({ ...base, options })), what).toMatch(/admin/i);
    }
    expect(await audits()).toBe(auditsBefore);
    expect(await stack.store.db.selectFrom('tokens').selectAll().execute()).toHaveLength(0);
    const scope = await stack.store.db.selectFrom('scopes').where('external_id', '=', fake.guildId).select('timezone').executeTakeFirst();
    expect(scope?.timezone ?? null).not.toBe('Europe/Paris');
    expect(stack.logs()).not.toContain(secret);
  });

  it('a member with Manage Server (no owner entry) may run them', async () => {
    const manager = fake.addMember(fake.guildId, { username: 'manager', permissions: 1n << 5n });
    const text = await privateText(fake.slashCommand({ name: 'budget', subcommand: 'show', userId: manager }));
    expect(text).not.toMatch(/only an admin/i);
    expect(text).toMatch(/\$|limit|budget/i);
  });
});
