import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledFfmpeg, FfmpegPathError, locateFfmpeg } from '../../src/jobs/ffmpeg-locator.js';

function fakeBin(dir: string): string {
  const p = join(dir, 'ffmpeg');
  writeFileSync(p, '#!/bin/sh\nexit 0\n');
  chmodSync(p, 0o755);
  return p;
}

describe('locateFfmpeg', () => {
  it('prefers a system ffmpeg on PATH over the packaged one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ffmpeg-'));
    const sys = fakeBin(dir);
    expect(await locateFfmpeg({ pathEnv: dir, bundled: async () => '/packaged/ffmpeg' })).toEqual({ path: sys, source: 'system' });
  });

  it('falls back to the package when PATH has none (a machine without ffmpeg)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'nopath-'));
    const found = await locateFfmpeg({ pathEnv: empty });
    expect(found?.source).toBe('bundled');
    expect(found?.path).toBe(await bundledFfmpeg());
  });

  it('is null when neither exists, and honours FFMPEG_PATH=none', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'nopath-'));
    expect(await locateFfmpeg({ pathEnv: empty, bundled: async () => null })).toBeNull();
    expect(await locateFfmpeg({ configured: 'none' })).toBeNull();
  });

  it('names an FFMPEG_PATH that cannot be executed', async () => {
    await expect(locateFfmpeg({ configured: '/nonexistent/ffmpeg' })).rejects.toThrow(FfmpegPathError);
    await expect(locateFfmpeg({ configured: '/nonexistent/ffmpeg' })).rejects.toThrow(/FFMPEG_PATH.*\/nonexistent\/ffmpeg/);
  });
});
