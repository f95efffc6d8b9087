import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'data', 'output', 'coverage']);

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(md|ts|mjs|json|ya?ml|sh|service)$|^Dockerfile$|^\.dockerignore$|^\.env\.example$|^run$/.test(name)) out.push(p);
  }
  return out;
}

describe('the repository is self-contained', () => {
  const all = files(ROOT);

  it('no file points at a folder outside the repository (e.g. ../shared/…)', () => {
    const offenders = all.filter((f) => /\.\.\/shared\//.test(readFileSync(f, 'utf8')) && !f.endsWith('repo-links.test.ts'));
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('every relative Markdown link resolves to a file inside the repository', () => {
    const broken: string[] = [];
    for (const f of all.filter((x) => x.endsWith('.md'))) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const abs = resolve(dirname(f), target);
        const inside = !relative(ROOT, abs).startsWith('..');
        let exists = false;
        try {
          statSync(abs);
          exists = true;
        } catch {
          // missing
        }
        if (!inside || !exists) broken.push(`${relative(ROOT, f)} → ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the docs the README promises exist', () => {
    for (const d of ['self-hosting', 'discord', 'telegram', 'gateway', 'budgets', 'backups', 'upgrades', 'troubleshooting']) {
      expect(statSync(join(ROOT, 'docs', `${d}.md`)).size, d).toBeGreaterThan(500);
    }
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/```bash\nnpm install\nnpm start\n```/);
    expect(readme).toContain('npm test');
  });
});
