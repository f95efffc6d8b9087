import { UsageError } from './errors.js';

/** A command line split into positional words and `--flags`. */
export interface ParsedArgs {
  positional: string[];
  /** `--name value` or `--name=value`; a boolean flag has the value `true`. */
  flags: Map<string, string | true>;
}

/**
 * Splits argv into positionals and `--flags`. Only words starting with `--` are flags, so signed amounts such as
 * `-0.50` stay positional. A flag listed in `booleans` takes no value; any other flag takes the next word.
 * @throws UsageError for a value flag with no value or a flag not in `known`.
 */
export function parseArgs(argv: readonly string[], known: readonly string[], booleans: readonly string[] = []): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/i.exec(word);
    if (!m) {
      positional.push(word);
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    if (!known.includes(name) && !booleans.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (booleans.includes(name)) {
      flags.set(name, true);
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    flags.set(name, value);
  }
  return { positional, flags };
}

/** The string value of a flag, or undefined. */
export function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/**
 * Checks the positional count: at least `min`, at most `max` (default `min`).
 * @throws UsageError quoting `form`.
 */
export function expectArity(args: ParsedArgs, min: number, max: number, form: string): void {
  const n = args.positional.length;
  if (n < min || n > max) throw new UsageError(`usage: ${form}`);
}
