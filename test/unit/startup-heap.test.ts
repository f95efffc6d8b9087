import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MODULE = pathToFileURL(join(ROOT, 'src/app/startup-heap.ts')).href;

/**
 * In a fresh process: the young generation's committed size (MiB) after an allocation burst while start-up holds it,
 * then after another burst once released. `nodeArgs` are the child's own flags.
 */
function youngGenerationMiB(nodeArgs: string[] = []): { held: number; released: number } {
  const script = `
    const v8 = await import('node:v8');
    const { releaseYoungGeneration } = await import(${JSON.stringify(MODULE)});
    const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20;
    const burst = () => { let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 50000) keep = []; } };
    burst();
    const held = young();
    releaseYoungGeneration();
    burst();
    console.log(JSON.stringify({ held, released: young() }));`;
  const r = spawnSync(process.execPath, [...nodeArgs, '--import', LOADER, '--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim()) as { held: number; released: number };
}

describe('start-up young generation', () => {
  it('stays at its initial size during start-up and grows again once released', () => {
    const { held, released } = youngGenerationMiB();
    // The loader's own start grows it once before the module is read (the built bot imports it first): at most 4 MiB.
    expect(held).toBeLessThanOrEqual(4);
    expect(released).toBeGreaterThanOrEqual(16);
  });

  it('is left alone when the operator set a semi-space flag', () => {
    const { held } = youngGenerationMiB(['--max-semi-space-size=8']);
    expect(held).toBeGreaterThan(8);
  });
});
