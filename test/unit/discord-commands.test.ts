import {
  ApplicationCommandOptionType as T,
  InteractionContextType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
  type RESTPostAPIApplicationCommandsJSONBody,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import { buildCommandDefinitions, COMMAND_NAMES, EDIT_WITH_AI } from '../../src/platforms/discord/commands/definitions.js';
import { ASPECT_CHOICES, PROMPT_MAX_LENGTH } from '../../src/platforms/discord/commands/options.js';

type Cmd = RESTPostAPIApplicationCommandsJSONBody & { options?: APIApplicationCommandOption[]; contexts?: number[]; dm_permission?: boolean };

const defs = buildCommandDefinitions() as Cmd[];
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

describe('discord command definitions', () => {
  it('defines every command once, plus the Edit with AI message menu', () => {
    expect(defs.filter((d) => (d.type ?? 1) === 1).map((d) => d.name).sort()).toEqual([...COMMAND_NAMES].sort());
    expect(cmd(EDIT_WITH_AI).type).toBe(3);
    expect(new Set(defs.map((d) => d.name)).size).toBe(defs.length);
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

  it('shapes the media commands', () => {
    expect(opt(cmd('imagine'), 'prompt')).toMatchObject({ type: T.String, required: true, max_length: PROMPT_MAX_LENGTH });
    expect(opt(cmd('imagine'), 'model')).toMatchObject({ type: T.String, autocomplete: true });
    expect((opt(cmd('imagine'), 'aspect').choices as Array<{ value: string }>).map((c) => c.value)).toEqual([...ASPECT_CHOICES]);
    expect(opt(cmd('imagine'), 'size').type).toBe(T.String);
    expect(opt(cmd('edit'), 'image1')).toMatchObject({ type: T.Attachment, required: true });
    expect(opt(cmd('edit'), 'image3').type).toBe(T.Attachment);
    expect(opt(cmd('video'), 'seconds')).toMatchObject({ type: T.Integer, min_value: 4, max_value: 15 });
    expect(opt(cmd('video'), 'image').type).toBe(T.Attachment);
    expect(opt(cmd('ask'), 'prompt').max_length).toBe(2000);
    expect(opt(cmd('job'), 'id')).toMatchObject({ type: T.String, required: true });
    for (const n of ['balance', 'jobs', 'models']) expect(opts(cmd(n))).toEqual([]);
  });

  it('restricts admin commands to Manage Guild in guilds; /token also works in DMs', () => {
    const manageGuild = PermissionFlagsBits.ManageGuild.toString();
    for (const n of ['budget', 'usage', 'setup']) {
      expect(cmd(n)).toMatchObject({ default_member_permissions: manageGuild, dm_permission: false, contexts: [InteractionContextType.Guild] });
    }
    expect(cmd('imagine').default_member_permissions ?? null).toBeNull();
    expect(cmd('token').contexts).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM]);
    expect(opts(cmd('token')).map((o) => o.name)).toEqual(['link', 'unlink']);
    expect(opts(cmd('setup')).map((o) => o.name)).toEqual(['token', 'show', 'unlink', 'timezone']);
    expect(opt(opt(cmd('setup'), 'timezone') as { options?: APIApplicationCommandOption[] }, 'tz').required).toBe(true);
  });

  it('shapes /budget subcommands', () => {
    const budget = cmd('budget');
    expect(opts(budget).map((o) => o.name)).toEqual(['default', 'set', 'clear', 'pool', 'block', 'unblock', 'adjust', 'show']);
    const sub = (n: string) => opt(budget, n) as { options?: APIApplicationCommandOption[] };
    expect(opts(sub('default')).map((o) => [o.name, o.required === true])).toEqual([['amount', true], ['period', true]]);
    expect((opt(sub('default'), 'period').choices as Array<{ value: string }>).map((c) => c.value)).toEqual(['day', 'week', 'month', 'total']);
    expect(opts(sub('set')).map((o) => [o.name, o.type, o.required === true])).toEqual([
      ['user', T.User, true],
      ['amount', T.String, true],
      ['period', T.String, false],
    ]);
    expect(opts(sub('adjust')).map((o) => o.name)).toEqual(['user', 'amount', 'note']);
    expect(opts(sub('show')).map((o) => [o.name, o.required === true])).toEqual([['user', false]]);
    expect(opts(sub('clear')).map((o) => o.name)).toEqual(['user']);
  });

  it('is deterministic (same JSON on every build)', () => {
    expect(JSON.stringify(buildCommandDefinitions())).toBe(JSON.stringify(defs));
  });
});
