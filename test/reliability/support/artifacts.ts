/**
 * Evidence every reliability file leaves for the final secrets sweep (`zz-secrets.test.ts`): captured log text,
 * every message the fakes received from the bots, raw copies of the SQLite files (main, -wal, -shm) taken while the
 * app was still open and again after it closed, and the list of secrets those files must not contain.
 * The directory comes from `RELIABILITY_ARTIFACTS` (set by `vitest.reliability.config.ts`); secrets are kept in
 * `secrets/` which the sweep reads but never scans.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

let seq = 0;

/** The artifacts directory (created on first use). */
export function artifactsDir(): string {
  const dir = process.env.RELIABILITY_ARTIFACTS;
  if (!dir) throw new Error('RELIABILITY_ARTIFACTS is not set: run with `npm run test:reliability`');
  mkdirSync(join(dir, 'evidence'), { recursive: true });
  mkdirSync(join(dir, 'secrets'), { recursive: true });
  return dir;
}

function name(label: string, ext: string): string {
  seq += 1;
  return `${label.replace(/[^A-Za-z0-9_-]+/g, '_')}-${process.pid}-${seq}.${ext}`;
}

/** Saves text evidence (logs, sent messages as JSON). */
export function saveText(label: string, text: string): void {
  writeFileSync(join(artifactsDir(), 'evidence', name(label, 'txt')), text);
}

/** Copies the database file and its -wal/-shm companions as they are on disk now. */
export function saveDatabase(label: string, dbPath: string): void {
  const dir = join(artifactsDir(), 'evidence');
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    const f = `${dbPath}${suffix}`;
    if (existsSync(f)) copyFileSync(f, join(dir, name(`${label}-db${suffix || '-main'}`, 'bin')));
  }
}

/** Records secrets (bot tokens, gateway tokens) that no evidence file may contain. Empty values are ignored. */
export function saveSecrets(label: string, secrets: (string | undefined)[]): void {
  const list = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 8);
  writeFileSync(join(artifactsDir(), 'secrets', name(label, 'json')), JSON.stringify(list));
}

/** Every recorded secret. */
export function allSecrets(): string[] {
  const dir = join(artifactsDir(), 'secrets');
  return [...new Set(readdirSync(dir).flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as string[]))];
}

/** Every evidence file: its name and raw bytes. */
export function allEvidence(): { file: string; bytes: Buffer }[] {
  const dir = join(artifactsDir(), 'evidence');
  return readdirSync(dir).map((f) => ({ file: f, bytes: readFileSync(join(dir, f)) }));
}
