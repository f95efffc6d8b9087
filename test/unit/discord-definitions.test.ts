import {
  ApplicationCommandOptionType as T,
  InteractionContextType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandRegistry } from '../../src/core/commands/registry.js';
import type { ArgSpec, CommandDefinition, Reply } from '../../src/core/commands/types.js';
import { buildCommandDefinitions } from '../../src/platforms/discord/commands/definitions.js';
import { argOfOption, findTarget, optionNamesOf, type CommandTarget } from '../../src/platforms/discord/commands/option-names.js';

type Json = RESTPostAPIChatInputApplicationCommandsJSONBody;
type Opt = APIApplicationCommandOption & { options?: Opt[]; required?: boolean; choices?: { name: string; value: string }[]; min_value?: number; max_value?: number; max_length?: number; autocomplete?: boolean };

const noop = (): Promise<Reply> => Promise.resolve({ visibility: 'private', tone: 'info', blocks: [] });

/** The one slash command a definition renders to, through the real discord.js builders (which validate). */
function render(def: CommandDefinition): Json {
  const out = buildCommandDefinitions([def]).filter((d) => (d.type ?? 1) === 1);
  expect(out).toHaveLength(1);
  return out[0] as Json;
}

/** The options one target (command or subcommand) renders to. */
function optionsOf(json: Json, t: CommandTarget): Opt[] {
  const top = (json.options ?? []) as Opt[];
  return t.sub ? (top.find((o) => o.name === t.sub?.name)?.options ?? []) : top;
}

/** The Discord option type of each argument kind (`secret`: none, it is asked in a modal). */
const KIND_TYPE: Record<ArgSpec['kind'], number | undefined> = {
  secret: undefined,
  text: T.String,
  model: T.String,
  aspect: T.String,
  size: T.String,
  integer: T.Integer,
  attachment: T.Attachment,
  user: T.User,
  amount: T.String,
  period: T.String,
  choice: T.String,
  job: T.String,
};

function targets(def: CommandDefinition): CommandTarget[] {
  return def.subcommands?.length ? def.subcommands.map((sub) => ({ command: def, sub })) : [{ command: def }];
}

describe('Discord definitions generated from every command definition', () => {
  const listed = commandRegistry().filter((c) => !c.hidden);

  it.each(listed.map((d) => [d.name, d] as const))('/%s renders to a valid Discord command that carries every argument', (_name, def) => {
    const json = render(def);
    expect(json.name).toBe(def.name);
    expect(json.description.length).toBeLessThanOrEqual(100);
    const elevated = def.subcommands?.length ? def.subcommands.every((s) => s.role !== 'member') : def.role !== 'member';
    expect(json.default_member_permissions ?? null).toBe(elevated ? PermissionFlagsBits.ManageGuild.toString() : null);
    if (def.place === 'community') expect(json.contexts).toEqual([InteractionContextType.Guild]);
    else expect(json.contexts).toContain(InteractionContextType.BotDM);
    for (const t of targets(def)) {
      const options = optionsOf(json, t);
      const args = (t.sub ? t.sub.args : def.args) ?? [];
      expect(options.length).toBeLessThanOrEqual(25);
      for (const arg of args) {
        const names = optionNamesOf(t, arg);
        if (arg.kind === 'secret') {
          expect(names).toEqual([]);
          continue;
        }
        expect(names.length).toBeGreaterThan(0);
        names.forEach((n, k) => {
          const o = options.find((x) => x.name === n);
          expect(o, `${def.name} ${t.sub?.name ?? ''} option ${n}`).toBeDefined();
          expect(o?.type).toBe(KIND_TYPE[arg.kind]);
          expect(o?.required === true).toBe(arg.required === true && k === 0);
          if (arg.kind !== 'attachment') expect(argOfOption(t, n)).toBe(arg);
          if (arg.kind === 'integer') expect([o?.min_value, o?.max_value]).toEqual([arg.min, arg.max]);
          if (arg.kind === 'model') expect(o?.autocomplete).toBe(true);
        });
      }
      expect(options.length).toBe(args.reduce((n, a) => n + optionNamesOf(t, a).length, 0));
      expect(findTarget(commandRegistry(), def.name, t.sub?.name)?.sub?.name).toBe(t.sub?.name);
    }
  });

  it('renders small hand-written definitions: attachments, integers, choices, secrets, renames, roles, places', () => {
    const def: CommandDefinition = {
      name: 'paint',
      description: 'Paint something',
      help: 'Paints.',
      usage: ['/paint <prompt>'],
      role: 'admin',
      place: 'anywhere',
      args: [
        { name: 'style', kind: 'choice', description: 'A style', choices: [{ value: 'oil', label: 'Oil paint' }, { value: 'ink', label: 'Ink' }] },
        { name: 'prompt', kind: 'text', description: 'What to paint', required: true, rest: true, max: 300 },
        { name: 'pics', kind: 'attachment', description: 'References', required: true, maxCount: 3 },
        { name: 'steps', kind: 'integer', description: 'Steps', min: 1, max: 50 },
        { name: 'key', kind: 'secret', description: 'A secret' },
      ],
      run: noop,
    };
    const json = render(def);
    const options = (json.options ?? []) as Opt[];
    // Required arguments first (their files together: image1 required, image2/3 optional), then the rest in
    // declared order; the secret is not an option.
    expect(options.map((o) => [o.name, o.required === true])).toEqual([
      ['prompt', true],
      ['image1', true],
      ['image2', false],
      ['image3', false],
      ['style', false],
      ['steps', false],
    ]);
    expect(options.find((o) => o.name === 'prompt')?.max_length).toBe(300);
    expect(options.find((o) => o.name === 'style')?.choices).toEqual([
      { name: 'Oil paint', value: 'oil' },
      { name: 'Ink', value: 'ink' },
    ]);
    expect(json.default_member_permissions).toBe(PermissionFlagsBits.ManageGuild.toString());
    expect(json.contexts).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM]);

    const job: CommandDefinition = { ...def, name: 'job', role: 'member', place: 'community', args: [{ name: 'job', kind: 'job', description: 'The job', required: true }] };
    const jobJson = render(job);
    expect((jobJson.options as Opt[]).map((o) => o.name)).toEqual(['id']);
    expect(argOfOption({ command: job }, 'id')?.name).toBe('job');
    expect(jobJson.default_member_permissions ?? null).toBeNull();
    expect(jobJson.contexts).toEqual([InteractionContextType.Guild]);
    expect(jobJson.dm_permission).toBe(false);

    const hidden: CommandDefinition = { ...job, name: 'again', hidden: true };
    expect(buildCommandDefinitions([hidden])).toEqual([]);
  });

  it('refuses a definition that breaks a Discord limit (the builders validate)', () => {
    const bad: CommandDefinition = { name: 'Bad Name', description: 'x', help: 'x', usage: [], role: 'member', place: 'community', run: noop };
    expect(() => buildCommandDefinitions([bad])).toThrow();
  });
});
