/**
 * Secrets sweep, run last (files run in name order): every log line captured from every bot and app the suite
 * started, every message the fake platforms received, and raw copies of every database file (main, -wal, -shm,
 * taken while open and after close) must not contain any bot or gateway token in clear.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { allEvidence, allSecrets, artifactsDir } from './support/artifacts.js';

/** Names of evidence files containing one of `secrets` in clear (raw bytes). */
export function leaks(evidence: { file: string; bytes: Buffer }[], secrets: string[]): string[] {
  const out: string[] = [];
  for (const e of evidence) for (const s of secrets) if (e.bytes.includes(Buffer.from(s, 'utf8'))) out.push(`${e.file} contains a secret ending …${s.slice(-4)}`);
  return out;
}

describe('secrets sweep over the whole reliability suite', () => {
  // The evidence holds raw database copies: removed after the sweep unless RELIABILITY_KEEP_ARTIFACTS is set.
  afterAll(() => {
    if (!process.env.RELIABILITY_KEEP_ARTIFACTS) rmSync(artifactsDir(), { recursive: true, force: true });
  });

  it('the scan itself finds a planted secret', () => {
    expect(leaks([{ file: 'canary', bytes: Buffer.from('{"msg":"x","token":"sk-canary-123456789"}') }], ['sk-canary-123456789'])).toHaveLength(1);
  });

  it('no log line, sent message or database page contains a token in clear', () => {
    const evidence = allEvidence();
    const secrets = allSecrets();
    const dbFiles = evidence.filter((e) => /-db-/.test(e.file));
    const logFiles = evidence.filter((e) => /-logs-/.test(e.file));
    const sentFiles = evidence.filter((e) => /-sent-|-requests-/.test(e.file));
    console.log(`secrets sweep: ${secrets.length} secrets × ${evidence.length} files (${dbFiles.length} database files, ${logFiles.length} logs, ${sentFiles.length} sent-message dumps), ${Math.round(evidence.reduce((n, e) => n + e.bytes.length, 0) / 1024)} KiB`);
    // Run alone, there is nothing to sweep: the matrices must run first (`npm run test:reliability`).
    expect(dbFiles.length).toBeGreaterThan(0);
    expect(logFiles.length).toBeGreaterThan(0);
    expect(sentFiles.length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThan(0);
    expect(leaks(evidence, secrets)).toEqual([]);
  });
});
