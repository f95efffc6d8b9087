import { describe, expect, it } from 'vitest';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import { commandRegistry, findCommand } from '../../src/core/commands/registry.js';
import type { ArgSpec, CommandDefinition } from '../../src/core/commands/types.js';

const commands = commandRegistry();
const NAME = /^[a-z0-9_]{1,32}$/;
const ARG_NAME = /^[a-z0-9_-]{1,32}$/;

/** Every (sub)command with its args, label and usage lines. */
const units = commands.flatMap((c) =>
  c.subcommands
    ? c.subcommands.map((s) => ({ label: `${c.name} ${s.name}`, def: c, args: s.args ?? [], usage: [s.usage], description: s.description }))
    : [{ label: c.name, def: c, args: c.args ?? [], usage: c.usage, description: c.description }],
);

describe('command definitions', () => {
  it('lists every chat command once, in a stable order', () => {
    const names = commands.map((c) => c.name);
    expect(names).toEqual(['imagine', 'edit', 'video', 'ask', 'balance', 'jobs', 'job', 'models', 'budget', 'usage', 'setup', 'token', 'reroll', 'animate', 'help']);
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
      if (a.kind === 'model') expect(a.modelKind).toBeDefined();
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
    expect(video?.maxCount).toBe(1);
    const edit = findCommand(commands, 'edit')?.args?.find((a) => a.kind === 'attachment');
    expect(edit?.maxCount).toBe(3);
  });

  it('admin commands are admin-only in every subcommand, and reach-through commands are hidden', () => {
    for (const name of ['budget', 'usage', 'setup']) {
      const c = findCommand(commands, name)!;
      expect(c.role).toBe('admin');
      for (const s of c.subcommands ?? []) expect(s.role, `${name} ${s.name}`).toBe('admin');
    }
    expect(findCommand(commands, 'reroll')?.hidden).toBe(true);
    expect(findCommand(commands, 'animate')?.hidden).toBe(true);
  });
});
