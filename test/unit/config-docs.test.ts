import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA } from '../../src/config.js';
import { documentedVariables, renderEnvExample, updateReadme } from '../../src/config-docs.js';

const root = new URL('../../', import.meta.url);
const read = (p: string) => readFileSync(new URL(p, root), 'utf8');

describe('configuration docs are generated from the schema', () => {
  it('every variable has its own description (no two share one)', () => {
    const vars = documentedVariables();
    expect(vars.map((v) => v.name)).toEqual(Object.keys(CONFIG_SCHEMA.shape));
    const seen = new Map<string, string>();
    for (const v of vars) {
      expect(v.description.length, v.name).toBeGreaterThan(20);
      expect(seen.get(v.description), `${v.name} repeats the description of ${seen.get(v.description)}`).toBeUndefined();
      seen.set(v.description, v.name);
    }
  });

  it('README.md holds the current table, one row per variable (run npm run docs:config if this fails)', () => {
    const readme = read('README.md');
    expect(updateReadme(readme)).toBe(readme);
    for (const name of Object.keys(CONFIG_SCHEMA.shape)) expect(readme).toContain(`| \`${name}\` |`);
  });

  it('.env.example lists every variable (run npm run docs:config if this fails)', () => {
    const env = read('.env.example');
    expect(env).toBe(renderEnvExample());
    for (const name of Object.keys(CONFIG_SCHEMA.shape)) expect(env).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
  });

  it('documents the defaults the parser applies', () => {
    const byName = new Map(documentedVariables().map((v) => [v.name, v]));
    expect(byName.get('GATEWAY_CONCURRENCY')?.defaultText).toBe('4');
    expect(byName.get('SHUTDOWN_GRACE_MS')?.defaultText).toBe('20000');
    expect(byName.get('HEALTH_PORT')?.defaultText).toBeUndefined();
    expect(byName.get('TELEGRAM_FULL_QUALITY')?.defaultText).toBe('false');
  });
});
