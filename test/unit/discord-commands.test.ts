import {
  ApplicationCommandOptionType as T,
  InteractionContextType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
  type RESTPostAPIApplicationCommandsJSONBody,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandRegistry } from '../../src/core/commands/registry.js';
import { ASPECT_CHOICES, buildCommandDefinitions, EDIT_WITH_AI, TEXT_MAX_LENGTH } from '../../src/platforms/discord/commands/definitions.js';

type Cmd = RESTPostAPIApplicationCommandsJSONBody & { options?: APIApplicationCommandOption[]; contexts?: number[]; dm_permission?: boolean };

/** The slash commands: every command of the registry a member can type (hidden ones are buttons only). */
const LISTED = commandRegistry()
  .filter((c) => !c.hidden)
  .map((c) => c.name);
/** Slash commands users and saved commands know: renaming or removing one fails here. */
const ESTABLISHED = ['imagine', 'edit', 'video', 'ask', 'balance', 'jobs', 'job', 'models', 'budget', 'usage', 'setup', 'prices', 'token', 'language', 'help'];

const defs = buildCommandDefinitions(commandRegistry()) as Cmd[];
const cmd = (name: string): Cmd => {
  const c = defs.find((d) => d.name === name);
  if (!c) throw new Error(`missing /${name}`);
  return c;
};
const opts = (o: { options?: APIApplicationCommandOption[] } | undefined): APIApplicationCommandOption[] => o?.options ?? [];
const opt = (parent: { options?: APIApplicationCommandOption[] } | undefined, name: string) => {
  const o = opts(parent).find((x) => x.name === name) as (APIApplicationCommandOption & Record<string, unknown>) | undefined;
  if (!o) throw new Error(`missing option ${name}`);
  return o;
};

function walk(options: APIApplicationCommandOption[], visit: (o: APIApplicationCommandOption, siblings: APIApplicationCommandOption[]) => void): void {
  for (const o of options) {
    visit(o, options);
    walk(opts(o as { options?: APIApplicationCommandOption[] }), visit);
  }
}

describe('discord command definitions (generated from the registry)', () => {
  it('defines every listed command once under its known name, plus the Edit with AI message menu; hidden ones are not registered', () => {
    const slash = defs.filter((d) => (d.type ?? 1) === 1).map((d) => d.name);
    expect([...slash].sort()).toEqual([...LISTED].sort());
    expect(slash).toEqual(expect.arrayContaining(ESTABLISHED));
    expect(slash).toEqual(commandRegistry().filter((c) => !c.hidden).map((c) => c.name));
    expect(cmd(EDIT_WITH_AI).type).toBe(3);
    expect(new Set(defs.map((d) => d.name)).size).toBe(defs.length);
    for (const hidden of commandRegistry().filter((c) => c.hidden)) expect(slash).not.toContain(hidden.name);
  });

  it('respects Discord limits: names, descriptions, required options first', () => {
    for (const d of defs) {
      if ((d.type ?? 1) === 1) {
        expect(d.name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
        expect((d as { description?: string }).description?.length ?? 0).toBeGreaterThan(0);
      }
      walk(opts(d), (o, siblings) => {
        expect(o.name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
        expect(o.description.length).toBeGreaterThan(0);
        expect(o.description.length).toBeLessThanOrEqual(100);
        expect(siblings.length).toBeLessThanOrEqual(25);
      });
      walk(opts(d), (_o, siblings) => {
        const required = siblings.map((s) => (s as { required?: boolean }).required === true);
        expect(required).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
      });
    }
  });

  it('shapes the media commands with today\'s option names', () => {
    expect(opt(cmd('imagine'), 'prompt')).toMatchObject({ type: T.String, required: true, max_length: TEXT_MAX_LENGTH });
    expect(opt(cmd('imagine'), 'model')).toMatchObject({ type: T.String, autocomplete: true });
    expect((opt(cmd('imagine'), 'aspect').choices as Array<{ value: string }>).map((c) => c.value)).toEqual([...ASPECT_CHOICES]);
    expect(opt(cmd('imagine'), 'size').type).toBe(T.String);
    for (const n of ['prompt', 'image1', 'image2', 'image3', 'model', 'size']) expect(opt(cmd('edit'), n)).toBeDefined();
    expect(opt(cmd('edit'), 'image1').type).toBe(T.Attachment);
    expect(opt(cmd('edit'), 'image3').type).toBe(T.Attachment);
    expect(opt(cmd('video'), 'seconds')).toMatchObject({ type: T.Integer, min_value: 4, max_value: 15 });
    // The start image and (models that take one) the last frame.
    expect(opt(cmd('video'), 'image').type).toBe(T.Attachment);
    expect(opt(cmd('video'), 'end_image').type).toBe(T.Attachment);
    for (const n of ['prompt', 'aspect', 'model']) expect(opt(cmd('video'), n)).toBeDefined();
    expect(opt(cmd('ask'), 'prompt').max_length).toBe(2000);
    expect(opt(cmd('ask'), 'model')).toMatchObject({ autocomplete: true });
    expect(opt(cmd('job'), 'id')).toMatchObject({ type: T.String, required: true });
    expect(opts(cmd('jobs'))).toEqual([]);
    expect(opts(cmd('balance')).map((o) => o.name)).toEqual(['view']);
    expect((opt(cmd('balance'), 'view').choices as Array<{ value: string }>).map((c) => c.value)).toEqual(['chart', 'numbers']);
  });

  it('restricts admin commands to Manage Guild in guilds; /token also works in DMs', () => {
    const manageGuild = PermissionFlagsBits.ManageGuild.toString();
    for (const n of ['budget', 'usage', 'setup']) {
      expect(cmd(n)).toMatchObject({ default_member_permissions: manageGuild, dm_permission: false, contexts: [InteractionContextType.Guild] });
    }
    expect(cmd('imagine').default_member_permissions ?? null).toBeNull();
    expect(cmd('token').contexts).toContain(InteractionContextType.BotDM);
    expect(cmd('token').default_member_permissions ?? null).toBeNull();
    expect(opts(cmd('token')).map((o) => o.name)).toEqual(['link', 'unlink']);
    // The token itself is never an option: it is asked in a private modal.
    expect(opts(opt(cmd('token'), 'link') as { options?: APIApplicationCommandOption[] })).toEqual([]);
    expect(opts(cmd('setup')).map((o) => o.name)).toEqual(['token', 'show', 'unlink', 'timezone', 'language', 'defaults', 'channel', 'words']);
    expect(opts(opt(cmd('setup'), 'token') as { options?: APIApplicationCommandOption[] })).toEqual([]);
    expect(opt(opt(cmd('setup'), 'timezone') as { options?: APIApplicationCommandOption[] }, 'tz')).toMatchObject({ required: true, autocomplete: true });
  });

  it('shapes /budget and /usage subcommands', () => {
    const budget = cmd('budget');
    expect(opts(budget).map((o) => o.name)).toEqual(['default', 'set', 'clear', 'pool', 'block', 'unblock', 'adjust', 'show']);
    const sub = (n: string) => opt(budget, n) as { options?: APIApplicationCommandOption[] };
    // The period of `/budget default` is optional now (the core keeps the current default period).
    expect(opts(sub('default')).map((o) => [o.name, o.required === true])).toEqual([['amount', true], ['period', false]]);
    expect((opt(sub('default'), 'period').choices as Array<{ value: string }>).map((c) => c.value)).toEqual(['day', 'week', 'month', 'total']);
    expect(opts(sub('set')).map((o) => [o.name, o.type, o.required === true])).toEqual([
      ['user', T.User, true],
      ['amount', T.String, true],
      ['period', T.String, false],
    ]);
    expect(opts(sub('adjust')).map((o) => o.name)).toEqual(['user', 'amount', 'note']);
    expect(opts(sub('show')).map((o) => [o.name, o.required === true])).toEqual([['user', false]]);
    expect(opts(sub('clear')).map((o) => o.name)).toEqual(['user']);
    expect(opts(cmd('usage')).map((o) => o.name)).toEqual(['period', 'view', 'user']);
  });

  it('is deterministic (same JSON on every build)', () => {
    expect(JSON.stringify(buildCommandDefinitions(commandRegistry()))).toBe(JSON.stringify(defs));
  });
});
