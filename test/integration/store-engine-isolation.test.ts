import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sqliteEngine, testEngines, type StoreLocation, type TestEngine } from '../support/engines.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * A PostgreSQL deployment loads no SQLite module: opening the store with a `DATABASE_URL` in a fresh process resolves
 * neither `better-sqlite3` nor any file of `src/store/sqlite/`, and opens no native SQLite addon. The same child on a
 * SQLite file is the control: it must see them, so the recorder itself is proven to work.
 */
const child = fileURLToPath(new URL('../fixtures/store/open-store-loads.ts', import.meta.url));
const engines = await testEngines();
const used: { engine: TestEngine; location: StoreLocation }[] = [];
afterAll(async () => {
  for (const u of used) await u.engine.drop(u.location);
});

function loads(location: string): Promise<{ modules: string[]; addons: string[] }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', child, location], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

const sqliteModule = (url: string) => /[/\\]better-sqlite3[/\\]/.test(url) || /[/\\]src[/\\]store[/\\]sqlite[/\\]/.test(url);

async function locationOf(engine: TestEngine): Promise<string> {
  const location = await engine.fresh();
  used.push({ engine, location });
  return location.engine === 'postgres' ? location.url : location.path;
}

describe('which engine modules opening a store loads', () => {
  it('SQLite (control): better-sqlite3, its native addon and src/store/sqlite/ are loaded', async () => {
    const r = await loads(await locationOf(sqliteEngine));
    expect(r.modules.filter(sqliteModule).length).toBeGreaterThan(0);
    expect(r.addons.some((a) => a.includes('better_sqlite3'))).toBe(true);
  }, 60_000);

  it.each(engines.filter((e) => e.name === 'postgres'))('PostgreSQL: nothing of SQLite is loaded ($name)', async (engine) => {
    const r = await loads(await locationOf(engine));
    expect(r.modules.some((u) => /[/\\]src[/\\]store[/\\]postgres[/\\]/.test(u))).toBe(true);
    expect(r.modules.filter(sqliteModule)).toEqual([]);
    expect(r.addons).toEqual([]);
  }, 60_000);
});
