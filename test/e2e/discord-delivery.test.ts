import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../src/core/api/jobs.js';
import { failureNotice, videoReply } from '../../src/core/jobs/late-replies.js';
import { DeliveryError } from '../../src/core/ports/delivery.js';
import { fail } from '../../src/core/failures.js';
import { createLogger, SecretSet } from '../../src/log.js';
import { DEFAULT_UPLOAD_LIMIT_BYTES, type DiscordAddress } from '../../src/platforms/discord/address.js';
import { DiscordDelivery } from '../../src/platforms/discord/delivery.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle } from '../fakes/discord/index.js';

/**
 * The Discord `Delivery` against the fake Discord over real HTTP (discord.js REST): original response while the
 * interaction is valid, channel message with a mention after, DM when the channel is gone, `gone` only when the
 * DM fails too, `too_large` before any upload.
 */
describe('DiscordDelivery routing', () => {
  let fake: FakeDiscord;
  let rest: REST;
  let delivery: DiscordDelivery;
  let dir: string;
  let mp4: string;
  const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
  const job: JobView = {
    id: 'j_test0001',
    kind: 'video',
    status: 'delivering',
    state: 'delivering',
    money: { outcome: 'charged', micros: 250_000 },
    model: 'gamma-video-1',
    prompt: 'a boat',
    progress: 100,
    seconds: 5,
    size: '1280x720',
    estimateMicros: 250_000,
    chargedMicros: 250_000,
    createdAt: Date.now(),
    finishedAt: null,
    userExternalId: '',
  };

  beforeAll(async () => {
    fake = await startFakeDiscord({ waitTimeoutMs: 4000 });
    rest = new REST({ api: fake.apiBase, retries: 1, timeout: 5000 }).setToken(fake.botToken);
    const logger = createLogger({ level: 'silent', format: 'json', secrets: new SecretSet(), destination: new Writable({ write: (_c, _e, cb) => cb() }) });
    delivery = new DiscordDelivery({ rest, logger });
    dir = mkdtempSync(join(tmpdir(), 'discord-delivery-'));
    mp4 = join(dir, 'out.mp4');
    writeFileSync(mp4, MP4);
  });

  afterAll(async () => {
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function deferred(): Promise<InteractionHandle> {
    const h = fake.slashCommand({ name: 'video', options: { prompt: 'a boat' } });
    await rest.post(Routes.interactionCallback(h.id, h.token), { body: { type: 5 }, auth: false });
    return h;
  }

  function target(h: InteractionHandle | undefined, over: Partial<DiscordAddress> = {}): DiscordAddress {
    return {
      surface: 'discord',
      channelId: fake.channelId,
      userId: fake.memberUserId,
      guildId: fake.guildId,
      uploadLimitBytes: DEFAULT_UPLOAD_LIMIT_BYTES,
      ...(h ? { interaction: { applicationId: fake.applicationId, token: h.token, expiresAt: Date.now() + 14 * 60_000 } } : {}),
      ...over,
    };
  }
  const file = () => ({ path: mp4, bytes: MP4.length, mime: 'video/mp4' });

  it('edits the original response while the interaction token is valid', async () => {
    const h = await deferred();
    const { messageIds } = await delivery.post(target(h), videoReply(job, file()));
    const edit = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(messageIds).toEqual([edit.id]);
    expect(edit.attachments[0]?.bytes.equals(MP4)).toBe(true);
    expect(edit.content).toContain(`<@${fake.memberUserId}>`);
    expect(fake.channelMessages(fake.channelId).filter((m) => m.attachments.length > 0)).toHaveLength(0);
  });

  it('posts a channel message mentioning the requester once the token is past its 15 minutes', async () => {
    const h = await deferred();
    const t = target(h, { interaction: { applicationId: fake.applicationId, token: h.token, expiresAt: Date.now() - 1 } });
    const { messageIds } = await delivery.post(t, videoReply({ ...job, id: 'j_test0002' }, file()));
    const msg = await fake.waitForChannelMessage(fake.channelId, (m) => m.id === messageIds[0]);
    expect(msg.content).toContain(`<@${fake.memberUserId}>`);
    expect(msg.attachments[0]?.bytes.equals(MP4)).toBe(true);
    expect(h.originalEdits()).toHaveLength(0);
  });

  it('falls back to the channel when Discord says the webhook token is invalid', async () => {
    const h = await deferred();
    h.expire();
    const { messageIds } = await delivery.post(target(h), videoReply({ ...job, id: 'j_test0003' }, file()));
    expect(fake.channelMessages(fake.channelId).some((m) => m.id === messageIds[0])).toBe(true);
  });

  it('sends a DM when the channel is gone, and reports gone when the DM fails too', async () => {
    const gone = target(undefined, { channelId: '999999999999999999' });
    const { messageIds } = await delivery.post(gone, videoReply({ ...job, id: 'j_test0004' }, file()));
    const dm = await fake.waitForDm(fake.memberUserId, (m) => m.id === messageIds[0]);
    expect(dm.attachments[0]?.bytes.equals(MP4)).toBe(true);

    const nobody = target(undefined, { channelId: '999999999999999999', userId: '888888888888888888' });
    const err = await delivery.post(nobody, videoReply(job, file())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect((err as DeliveryError).kind).toBe('gone');
  });

  it('refuses a file over the stored upload limit before uploading', async () => {
    const before = fake.requests().length;
    const t = target(undefined, { uploadLimitBytes: MP4.length - 1 });
    expect(delivery.uploadLimitBytes(t)).toBe(MP4.length - 1);
    const { uploadLimitBytes: _none, ...unrecorded } = target(undefined);
    expect(delivery.uploadLimitBytes(unrecorded)).toBe(DEFAULT_UPLOAD_LIMIT_BYTES);
    const err = await delivery.post(t, videoReply(job, file())).catch((e: unknown) => e);
    expect((err as DeliveryError).kind).toBe('too_large');
    expect(fake.requests().length).toBe(before);
  });

  it('retries a 429 on the channel upload and still delivers', async () => {
    fake.rateLimitNext(/^POST \/channels\/\d+\/messages$/, 0.2);
    const { messageIds } = await delivery.post(target(undefined), videoReply({ ...job, id: 'j_test0005' }, file()));
    const posts = fake.requests().filter((r) => r.method === 'POST' && r.path === `/channels/${fake.channelId}/messages`);
    expect(posts.slice(-2).map((r) => r.status)).toEqual([429, 200]);
    expect(fake.channelMessages(fake.channelId).some((m) => m.id === messageIds[0])).toBe(true);
  });

  it('still delivers to addresses stored before the command layer (platform/chatId/userExternalId)', async () => {
    const h = await deferred();
    const legacy = {
      surface: 'discord',
      platform: 'discord',
      chatId: fake.channelId,
      userExternalId: fake.memberUserId,
      interaction: { applicationId: fake.applicationId, token: h.token, expiresAt: Date.now() - 1 },
    };
    expect(delivery.uploadLimitBytes(legacy)).toBe(DEFAULT_UPLOAD_LIMIT_BYTES);
    const { messageIds } = await delivery.post(legacy, videoReply({ ...job, id: 'j_test0006' }, file()));
    const msg = await fake.waitForChannelMessage(fake.channelId, (m) => m.id === messageIds[0]);
    expect(msg.content).toContain(`<@${fake.memberUserId}>`);
    expect(msg.attachments[0]?.bytes.equals(MP4)).toBe(true);
  });

  it('a channel upload retried after a client timeout posts once (nonce + enforce_nonce)', async () => {
    // The fake creates the message at once but answers after 800 ms; this client gives up after 250 ms and retries.
    const impatient = new REST({ api: fake.apiBase, retries: 2, timeout: 250 }).setToken(fake.botToken);
    const logger = createLogger({ level: 'silent', format: 'json', secrets: new SecretSet(), destination: new Writable({ write: (_c, _e, cb) => cb() }) });
    const slow = new DiscordDelivery({ rest: impatient, logger });
    const path = `/channels/${fake.channelId}/messages`;
    const before = fake.requests().filter((r) => r.method === 'POST' && r.path === path).length;
    fake.delayNext(`POST ${path}`, 800);
    const { messageIds } = await slow.post(target(undefined), videoReply({ ...job, id: 'j_slowupload1' }, file()));
    const posts = fake.requests().filter((r) => r.method === 'POST' && r.path === path).slice(before);
    expect(posts.length).toBeGreaterThan(1);
    expect(posts.every((r) => (r.json as { nonce?: string; enforce_nonce?: boolean }).enforce_nonce === true)).toBe(true);
    const copies = fake.channelMessages(fake.channelId).filter((m) => m.attachments.some((a) => a.filename === 'video-j_slowupload1.mp4'));
    expect(copies.map((m) => m.id)).toEqual(messageIds);
  });

  it('shows progress and failures on the original response', async () => {
    const h = await deferred();
    await delivery.progress(target(h), { ...job, progress: 40 });
    const p = await h.waitForOriginalEdit((m) => m.content.includes('40%'));
    expect(p.content).toContain('▰▰▰▰▱');
    const failed = fail('task_failed_refunded', {});
    await delivery.post(target(h), failureNotice(job, failed, `explained ${failed.code} (ref ${failed.ref})`));
    const f = await h.waitForOriginalEdit((m) => m.content.includes('explained task_failed_refunded'));
    expect(f.content).toContain(`<@${fake.memberUserId}>`);
  });
});
