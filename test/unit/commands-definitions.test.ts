import { describe, expect, it } from 'vitest';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import { commandRegistry, findCommand } from '../../src/core/commands/registry.js';
import type { ArgSpec, CommandDefinition } from '../../src/core/commands/types.js';
import type { Failure } from '../../src/core/failures.js';

const commands = commandRegistry();
/** The message of a `bad_flag` failure. */
const messageOf = (f: Failure) => (f.code === 'bad_flag' ? f.details.message : `not bad_flag: ${f.code}`);
const NAME = /^[a-z0-9_]{1,32}$/;
const ARG_NAME = /^[a-z0-9_-]{1,32}$/;

/** Every (sub)command with its args, label and usage lines. */
const units = commands.flatMap((c) =>
  c.subcommands
    ? c.subcommands.map((s) => ({ label: `${c.name} ${s.name}`, def: c, args: s.args ?? [], usage: [s.usage], description: s.description }))
    : [{ label: c.name, def: c, args: c.args ?? [], usage: c.usage, description: c.description }],
);

/**
 * The commands people and saved Discord commands know, in registry order: renaming, removing or reordering one is a
 * breaking change and fails here; a new command is not listed (the tests read the registry).
 */
const ESTABLISHED = ['imagine', 'edit', 'video', 'ask', 'balance', 'jobs', 'job', 'models', 'budget', 'usage', 'setup', 'prices', 'token', 'reroll', 'animate', 'remix', 'language', 'help'];

describe('command definitions', () => {
  it('lists every chat command once, in a stable order, keeping the names people know (help last)', () => {
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.at(-1)).toBe('help');
    expect(names.filter((n) => ESTABLISHED.includes(n))).toEqual(ESTABLISHED);
    expect(commandRegistry().map((c) => c.name)).toEqual(names);
  });

  it.each(commands.map((c) => [c.name, c] as const))('%s: names, descriptions and help within limits', (_name, c: CommandDefinition) => {
    expect(c.name).toMatch(NAME);
    expect(c.description.length).toBeGreaterThan(5);
    expect(c.description.length).toBeLessThanOrEqual(100);
    expect(c.help.length).toBeGreaterThan(20);
    expect(c.usage.length).toBeGreaterThan(0);
    for (const u of c.usage) expect(u.startsWith(`/${c.name}`), u).toBe(true);
    expect(Boolean(c.run) !== Boolean(c.subcommands), 'args+run or subcommands').toBe(true);
    for (const s of c.subcommands ?? []) {
      expect(s.name).toMatch(NAME);
      expect(s.description.length).toBeLessThanOrEqual(100);
      expect(s.usage.startsWith(`/${c.name} ${s.name}`), s.usage).toBe(true);
    }
  });

  it.each(units.map((u) => [u.label, u] as const))('%s: arguments are well-formed', (_label, u) => {
    const args: readonly ArgSpec[] = u.args;
    const names = new Set<string>();
    const flags = new Set<string>();
    for (const a of args) {
      expect(a.name).toMatch(ARG_NAME);
      expect(names.has(a.name), `duplicate ${a.name}`).toBe(false);
      names.add(a.name);
      expect(a.description.length).toBeGreaterThan(3);
      expect(a.description.length).toBeLessThanOrEqual(100);
      for (const f of a.flags ?? []) {
        expect(f).toMatch(/^[a-z][a-z0-9_-]*$/);
        expect(flags.has(f), `duplicate --${f}`).toBe(false);
        flags.add(f);
      }
      // A model of any kind only where admins set prices and kinds; every command that runs a model names its kind.
      if (a.kind === 'model') expect(a.modelKind !== undefined || u.def.name === 'prices', `${u.label} ${a.name}`).toBe(true);
      if (a.kind === 'choice') expect(a.choices?.length).toBeGreaterThan(0);
      if (a.kind === 'integer') expect(a.min !== undefined && a.max !== undefined).toBe(true);
      if (a.kind === 'secret') expect(a.flags, 'a secret is never a flag').toBeUndefined();
      for (const c of a.conflicts ?? []) expect(args.some((x) => x.name === c), `${a.name} conflicts with unknown ${c}`).toBe(true);
    }
    const positional = args.filter((a) => !a.flags?.length && a.kind !== 'attachment');
    const rest = positional.filter((a) => a.rest);
    expect(rest.length).toBeLessThanOrEqual(1);
    if (rest[0]) expect(positional.at(-1)).toBe(rest[0]);
  });

  it('every example parses to its own command on the text grammar', () => {
    let n = 0;
    for (const c of commands) {
      for (const e of c.examples ?? []) {
        const p = parseCommandText(e, commands);
        expect(p, e).toMatchObject({ ok: true, command: c.name });
        n++;
      }
    }
    expect(n).toBeGreaterThan(25);
  });

  it('every usage line without placeholders parses as written', () => {
    for (const u of units) {
      for (const line of u.usage) {
        if (/[<[(]/.test(line)) continue;
        const p = parseCommandText(line, commands);
        expect(p, line).toMatchObject({ ok: true, command: u.def.name });
      }
    }
  });

  it('the media commands take the flags the grammar documents', () => {
    const flagsOf = (name: string) => (findCommand(commands, name)?.args ?? []).flatMap((a) => a.flags ?? []);
    expect(flagsOf('imagine')).toEqual(['ar', 'aspect', 'size', 'model', 'n']);
    expect(flagsOf('video')).toEqual(['seconds', 'duration', 'ar', 'aspect', 'size', 'model']);
    expect(flagsOf('edit')).toEqual(['from', 'size', 'model']);
    expect(flagsOf('ask')).toEqual(['model']);
    const video = findCommand(commands, 'video')?.args?.find((a) => a.kind === 'attachment');
    expect(video?.maxCount).toBe(2); // a start image, and a first+last-frame video's last frame
    const edit = findCommand(commands, 'edit')?.args?.find((a) => a.kind === 'attachment');
    expect(edit?.maxCount).toBe(3);
  });

  it('admin commands are admin-only in every subcommand, and reach-through commands are hidden', () => {
    for (const name of ['budget', 'usage', 'setup', 'prices']) {
      const c = findCommand(commands, name)!;
      expect(c.role).toBe('admin');
      for (const s of c.subcommands ?? []) expect(s.role, `${name} ${s.name}`).toBe('admin');
    }
    expect(findCommand(commands, 'reroll')?.hidden).toBe(true);
    expect(findCommand(commands, 'animate')?.hidden).toBe(true);
    expect(findCommand(commands, 'remix')?.hidden).toBe(true);
  });

  it('every command says how its answer is shown, so a surface never guesses before it runs', () => {
    const publicOnes = commands.filter((c) => c.visibility === 'public').map((c) => c.name);
    expect(publicOnes.filter((n) => ESTABLISHED.includes(n))).toEqual(['imagine', 'edit', 'video', 'ask', 'reroll', 'animate', 'remix']);
    for (const c of commands) expect(c.visibility, c.name).toMatch(/^(public|private)$/);
  });

  it('/prices takes the model, the price and the unit as Discord options and as typed words', () => {
    const set = findCommand(commands, 'prices')?.subcommands?.find((s) => s.name === 'set');
    expect(set?.args?.map((a) => [a.name, a.kind, a.required ?? false])).toEqual([
      ['model', 'model', true],
      ['usd', 'amount', true],
      ['per', 'choice', false],
    ]);
    expect(set?.args?.[0]?.autocomplete).toBe(true);
    expect(set?.args?.[2]?.choices?.map((c) => c.value)).toEqual(['image', 'second', '1k']);
    expect(parseCommandText('/prices set gamma-video-1 0.08 second', commands)).toEqual({ ok: true, command: 'prices', subcommand: 'set', args: { model: 'gamma-video-1', usd: '0.08', per: 'second' } });
    expect(parseCommandText('/prices kind beta-edit-lite image', commands)).toMatchObject({ ok: true, args: { model: 'beta-edit-lite', kind: 'image' } });
    const wrong = parseCommandText('/prices set alpha-image-2 0.05 secnd', commands);
    expect(wrong.ok ? '' : wrong.failure.code).toBe('bad_flag');
    expect(wrong.ok ? '' : messageOf(wrong.failure)).toMatch(/Did you mean second\?/);
  });

  it("help's command argument is a choice of the listed commands (a menu on Discord), a slash forgiven", () => {
    const arg = findCommand(commands, 'help')?.args?.[0];
    expect(arg?.kind).toBe('choice');
    expect(arg?.choices?.map((c) => c.value)).toEqual(commands.filter((c) => !c.hidden).map((c) => c.name));
    expect(parseCommandText('/help /imagine', commands)).toEqual({ ok: true, command: 'help', args: { command: 'imagine' } });
    const typo = parseCommandText('/help imagien', commands);
    expect(typo.ok ? '' : messageOf(typo.failure)).toMatch(/Did you mean imagine\?/);
  });

  it('remix takes the job, then the prose; a button that gives the job leaves every typed word to the prompt', () => {
    expect(parseCommandText('/remix j_abc the same at night --seconds 6', commands)).toEqual({ ok: true, command: 'remix', args: { job: 'j_abc', prompt: 'the same at night', seconds: 6 } });
    expect(parseCommandText('/remix the same at night', commands, { given: { job: 'j_abc' } })).toEqual({ ok: true, command: 'remix', args: { job: 'j_abc', prompt: 'the same at night' } });
    expect(parseCommandText('/edit make it blue', commands, { given: { job: 'j_abc' } })).toEqual({ ok: true, command: 'edit', args: { job: 'j_abc', prompt: 'make it blue' } });
  });
});
