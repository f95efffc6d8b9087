import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/ports/clock.js';
import { DeliveryRouter } from '../../src/jobs/delivery-router.js';
import { OutputStore, safeName, SYNC_WRITE_MAX_BYTES } from '../../src/jobs/output-store.js';

let root: string;
let outputs: OutputStore;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'outputs-'));
  outputs = new OutputStore(root, systemClock);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('OutputStore', () => {
  it('saves, lists and removes a job’s files under <root>/<jobId>/', async () => {
    const saved = await outputs.save('j_abc', 'image-1.png', new Uint8Array([1, 2, 3]));
    expect(saved).toEqual({ path: join(root, 'j_abc', 'image-1.png'), bytes: 3 });
    expect([...readFileSync(saved.path)]).toEqual([1, 2, 3]);
    const tmp = await outputs.tempPath('j_abc', 'video.mp4');
    writeFileSync(tmp, Buffer.alloc(10));
    writeFileSync(`${tmp}.part`, Buffer.alloc(4)); // an unfinished download is not an output
    expect(await outputs.list('j_abc')).toEqual([
      { path: saved.path, filename: 'image-1.png', bytes: 3 },
      { path: tmp, filename: 'video.mp4', bytes: 10 },
    ]);
    expect(await outputs.list('j_none')).toEqual([]);
    await outputs.remove('j_abc');
    await outputs.remove('j_abc');
    expect(await outputs.list('j_abc')).toEqual([]);
  });

  it('writes a small file before save() returns (no thread-pool round trip) and a large one asynchronously, both whole and without a .part', async () => {
    const small = outputs.save('j_small', 'image-1.png', new Uint8Array(SYNC_WRITE_MAX_BYTES).fill(7));
    // Still synchronous here: the small file is already in place under its final name.
    expect(readFileSync(join(root, 'j_small', 'image-1.png')).length).toBe(SYNC_WRITE_MAX_BYTES);
    expect((await small).bytes).toBe(SYNC_WRITE_MAX_BYTES);
    const large = outputs.save('j_large', 'image-1.png', new Uint8Array(SYNC_WRITE_MAX_BYTES + 1).fill(9));
    expect(existsSync(join(root, 'j_large', 'image-1.png'))).toBe(false);
    const saved = await large;
    expect(readFileSync(saved.path).length).toBe(SYNC_WRITE_MAX_BYTES + 1);
    await outputs.save('j_large', 'image-1.png', new Uint8Array([1])); // replaces it
    expect([...readFileSync(saved.path)]).toEqual([1]);
    expect((await outputs.list('j_large')).map((o) => o.filename)).toEqual(['image-1.png']);
    expect(existsSync(`${saved.path}.part`)).toBe(false);
  });

  it('removeIfEmpty drops an empty job folder and keeps one with a file in it', async () => {
    const path = await outputs.tempPath('j_empty', 'video.mp4');
    expect(existsSync(outputs.dirOf('j_empty'))).toBe(true);
    await outputs.removeIfEmpty('j_empty');
    expect(existsSync(outputs.dirOf('j_empty'))).toBe(false);
    await outputs.removeIfEmpty('j_empty'); // absent: no error
    expect(outputs.pathOf('j_empty', 'video.mp4')).toBe(path);
    expect(existsSync(outputs.dirOf('j_empty')), 'pathOf creates nothing').toBe(false);
    await outputs.save('j_full', 'a.png', new Uint8Array([1]));
    await outputs.removeIfEmpty('j_full');
    expect(await outputs.list('j_full')).toHaveLength(1);
  });

  it('sanitizes job ids and filenames so nothing leaves the root', async () => {
    const p = await outputs.tempPath('../../etc', '../passwd');
    expect(p.startsWith(root + sep)).toBe(true);
    expect(p).toBe(join(root, '_.._etc', '_passwd'));
    expect(safeName('..', 'x')).toBe('x');
    expect(safeName('a b/c\u0000.mp4', 'x')).toBe('a_b_c_.mp4');
    expect(safeName('.hidden', 'x')).toBe('hidden');
  });
});

describe('DeliveryRouter', () => {
  it('maps a surface id to its delivery', () => {
    const r = new DeliveryRouter();
    const d = { surface: 'telegram', progress: async () => {}, post: async () => ({ messageIds: [] }), uploadLimitBytes: () => 1 };
    r.register(d);
    expect(r.for('telegram')).toBe(d);
    expect(r.for('discord')).toBeUndefined();
  });
});
