import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileFetcher } from '../../src/platforms/telegram/files.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';

const MB = 1024 * 1024;

/** The capped `getFile` downloader against the fake Bot API (public limits: getFile serves up to 20 MB). */
describe('FileFetcher', () => {
  let fake: FakeTelegram;
  let fetcher: FileFetcher;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    // As for a self-hosted server: the fetcher itself would take 50 MB; the fake still serves only 20.
    fetcher = new FileFetcher({ api: new Api(fake.token, { apiRoot: fake.apiRoot }), apiRoot: fake.apiRoot, token: fake.token, maxBytes: 50 * MB });
  });
  afterAll(() => fake?.close());

  it('downloads a file within the cap, byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const f = fake.addFile(bytes, { fileName: 'a.png', mimeType: 'image/png', kind: 'document' });
    const got = await fetcher.incoming({ fileId: f.file_id, name: 'a.png', size: bytes.length }).fetch(10 * MB);
    expect(got.ok && Buffer.from(got.value).equals(bytes)).toBe(true);
  });

  it("names Telegram's 20 MB getFile limit when the server refuses, and refuses past the caller's cap without asking", async () => {
    const big = fake.addFile(Buffer.alloc(21 * MB, 1), { fileName: 'big.png', kind: 'document' });
    const refused = await fetcher.fetch({ fileId: big.file_id, name: 'big.png' }, 30 * MB);
    expect(refused).toMatchObject({ ok: false, failure: { code: 'attachment_download_failed', details: { reason: 'too_big_for_platform', limitBytes: 20 * MB } } });

    const calls = fake.calls.filter((c) => c.method === 'getFile').length;
    const capped = await fetcher.fetch({ fileId: big.file_id, name: 'big.png', size: 21 * MB }, 8 * MB);
    expect(capped).toMatchObject({ ok: false, failure: { code: 'attachment_too_large', details: { maxBytes: 8 * MB, gotBytes: 21 * MB, name: 'big.png' } } });
    expect(fake.calls.filter((c) => c.method === 'getFile')).toHaveLength(calls);
  });

  it('cuts a download whose size was not declared once it passes the cap', async () => {
    const f = fake.addFile(Buffer.alloc(3 * MB, 2), { fileName: 'c.png', kind: 'document' });
    const got = await fetcher.fetch({ fileId: f.file_id, name: 'c.png' }, 1 * MB);
    expect(got).toMatchObject({ ok: false, failure: { code: 'attachment_too_large', details: { maxBytes: MB } } });
    const gone = await fetcher.fetch({ fileId: 'no-such-file', name: 'x' }, MB);
    expect(gone).toMatchObject({ ok: false, failure: { code: 'attachment_download_failed' } });
  });
});
