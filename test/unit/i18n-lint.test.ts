import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Entry, type Pattern, type PatternElement, type Expression, type Variant } from '@fluent/syntax';
import { describe, expect, it } from 'vitest';

/**
 * The message files are complete and consistent: every `.ftl` parses cleanly, every shipped locale has exactly
 * English's messages (and attributes) with the same placeholders, and every message id the code names exists.
 * Runs in `npm test`, so a missing key or a misspelt placeholder fails the build.
 */

const ROOT = join(import.meta.dirname, '..', '..', 'locales');
const LOCALES = readdirSync(ROOT).filter((c) => readdirSync(join(ROOT, c)).some((f) => f.endsWith('.ftl')));

/** id (or id.attr) → the variables its pattern uses (including inside selectors). */
type Catalogue = Map<string, Set<string>>;

function varsOfExpression(e: Expression, out: Set<string>): void {
  if (e.type === 'VariableReference') out.add(e.id.name);
  else if (e.type === 'SelectExpression') {
    varsOfExpression(e.selector, out);
    for (const v of e.variants as Variant[]) varsOfPattern(v.value, out);
  } else if (e.type === 'FunctionReference') for (const a of e.arguments.positional) varsOfExpression(a, out);
  else if (e.type === 'Placeable') varsOfExpression(e.expression as Expression, out);
}

function varsOfPattern(p: Pattern | null, out: Set<string>): void {
  for (const el of (p?.elements ?? []) as PatternElement[]) if (el.type === 'Placeable') varsOfExpression(el.expression as Expression, out);
}

function load(code: string): { catalogue: Catalogue; junk: string[] } {
  const catalogue: Catalogue = new Map();
  const junk: string[] = [];
  for (const file of readdirSync(join(ROOT, code)).filter((f) => f.endsWith('.ftl'))) {
    const res = parse(readFileSync(join(ROOT, code, file), 'utf8'), {});
    for (const entry of res.body as Entry[]) {
      if (entry.type === 'Junk') junk.push(`${code}/${file}: ${entry.annotations.map((a) => a.message).join('; ')} near ${JSON.stringify(entry.content.slice(0, 60))}`);
      if (entry.type !== 'Message' && entry.type !== 'Term') continue;
      const id = entry.type === 'Term' ? `-${entry.id.name}` : entry.id.name;
      if (catalogue.has(id)) junk.push(`${code}/${file}: ${id} is defined twice`);
      const vars = new Set<string>();
      varsOfPattern(entry.value, vars);
      catalogue.set(id, vars);
      for (const attr of entry.attributes) {
        const av = new Set<string>();
        varsOfPattern(attr.value, av);
        catalogue.set(`${id}.${attr.id.name}`, av);
      }
    }
  }
  return { catalogue, junk };
}

const english = load('en');

describe('message files', () => {
  it('English ships, with a few hundred messages', () => {
    expect(LOCALES).toContain('en');
    expect(english.catalogue.size).toBeGreaterThan(150);
  });

  it.each(LOCALES)('%s parses without errors or duplicate ids', (code) => {
    expect(load(code).junk).toEqual([]);
  });

  it.each(LOCALES.filter((c) => c !== 'en'))('%s has every English message, no others, with the same placeholders', (code) => {
    const { catalogue } = load(code);
    const missing = [...english.catalogue.keys()].filter((id) => !catalogue.has(id));
    const extra = [...catalogue.keys()].filter((id) => !english.catalogue.has(id));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    const differ = [...english.catalogue].filter(([id, vars]) => [...vars].sort().join() !== [...(catalogue.get(id) ?? [])].sort().join()).map(([id]) => id);
    expect(differ).toEqual([]);
  });

  it('every message id named in the code exists in English', () => {
    const ids = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts')) {
          const text = readFileSync(p, 'utf8');
          for (const m of text.matchAll(/\b(?:t\([^,()]+|en\(|phrase\()\s*,?\s*'([a-z][a-z0-9-]*(?:\.[a-z]+)?)'/g)) ids.add(m[1]!);
        }
      }
    };
    walk(join(import.meta.dirname, '..', '..', 'src'));
    expect(ids.size).toBeGreaterThan(100);
    expect([...ids].filter((id) => !english.catalogue.has(id))).toEqual([]);
  });
});
