import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply, ReplyFile } from '../../src/core/commands/types.js';
import { DEFAULT_UPLOAD_LIMIT_BYTES, toDiscordAddress } from '../../src/platforms/discord/address.js';
import { incomingFileOf } from '../../src/platforms/discord/attachments.js';
import {
  actionCustomId,
  contextModalId,
  inputModalId,
  parseActionCustomId,
  parseContextModalId,
  parseInputModalId,
  parseSecretModalId,
  secretModalId,
} from '../../src/platforms/discord/custom-ids.js';
import { escapeText, renderReply } from '../../src/platforms/discord/reply-render.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';

const png = (name: string, size: number): ReplyFile => ({ name, mime: 'image/png', kind: 'image', bytes: new Uint8Array(size), size });

describe('Discord custom ids', () => {
  it('round-trips actions: job-only args as the bare id, others as a query, the input argument last', () => {
    const reroll = actionCustomId({ label: 'Reroll', command: 'reroll', args: { job: 'j_abc123' } });
    expect(reroll).toBe('mb:reroll:j_abc123');
    expect(parseActionCustomId(reroll!)).toEqual({ command: 'reroll', args: { job: 'j_abc123' } });

    const edit = actionCustomId({ label: 'Edit', command: 'edit', args: { job: 'j_abc123' }, input: { arg: 'prompt', label: 'What should change?' } });
    expect(edit).toBe('mb:edit:j_abc123:prompt');
    expect(parseActionCustomId(edit!)).toEqual({ command: 'edit', args: { job: 'j_abc123' }, input: 'prompt' });

    const sub = actionCustomId({ label: 'Show', command: 'budget', subcommand: 'show', args: { user: '42', period: 'day' } });
    expect(parseActionCustomId(sub!)).toEqual({ command: 'budget', subcommand: 'show', args: { user: '42', period: 'day' } });

    expect(actionCustomId({ label: 'x', command: 'reroll', args: { job: 'j'.repeat(120) } })).toBeUndefined();
    expect(parseActionCustomId('something-else')).toBeUndefined();
  });

  it('reads buttons made before the command layer: Refresh shows the job, Edit without an input marker still parses', () => {
    expect(parseActionCustomId('mb:refresh:j_old1')).toEqual({ command: 'job', args: { job: 'j_old1' } });
    expect(parseActionCustomId('mb:edit:j_old1')).toEqual({ command: 'edit', args: { job: 'j_old1' } });
  });

  it('round-trips modal ids', () => {
    const ref = { command: 'edit', args: { job: 'j_x' }, input: 'prompt' };
    expect(parseInputModalId(inputModalId(ref))).toEqual(ref);
    expect(parseSecretModalId(secretModalId('setup', 'token', 'token'))).toEqual({ command: 'setup', subcommand: 'token', arg: 'token' });
    expect(parseSecretModalId(secretModalId('token', undefined, 'token'))).toEqual({ command: 'token', arg: 'token' });
    expect(parseContextModalId(contextModalId('Ab_9-x'))).toBe('Ab_9-x');
    expect(parseInputModalId(secretModalId('setup', 'token', 'token'))).toBeUndefined();
  });
});

describe('Discord delivery address', () => {
  it('reads its own shape and the shape stored before the command layer', () => {
    const hook = { applicationId: '1', token: 't', expiresAt: 5 };
    expect(toDiscordAddress({ surface: 'discord', channelId: 'c', userId: 'u', guildId: 'g', interaction: hook, uploadLimitBytes: 100 })).toEqual({
      surface: 'discord',
      channelId: 'c',
      userId: 'u',
      guildId: 'g',
      interaction: hook,
      uploadLimitBytes: 100,
    });
    expect(toDiscordAddress({ surface: 'discord', platform: 'discord', chatId: 'c', userExternalId: 'u', statusMessageId: 'm' })).toEqual({
      surface: 'discord',
      channelId: 'c',
      userId: 'u',
      statusMessageId: 'm',
      uploadLimitBytes: DEFAULT_UPLOAD_LIMIT_BYTES,
    });
    // A malformed interaction is dropped rather than trusted.
    expect(toDiscordAddress({ surface: 'discord', channelId: 'c', userId: 'u', interaction: { token: 't' } }).interaction).toBeUndefined();
  });
});

describe('Reply → Discord messages', () => {
  const result = (over: Partial<Reply> = {}): Reply => ({
    visibility: 'public',
    tone: 'result',
    title: 'Image ready',
    blocks: ['a *fox*'],
    fields: [{ name: 'Cost', value: '$0.01' }],
    actions: [{ label: 'Reroll', command: 'reroll', args: { job: 'j_1' } }],
    jobId: 'j_1',
    ...over,
  });

  it('renders a result as an embed with fields, footer, buttons and files; escapes markdown', () => {
    const { first, more } = renderReply(result({ files: [png('a.png', 10)] }), { uploadLimitBytes: 1000 });
    expect(first.embeds[0]).toMatchObject({ title: 'Image ready', description: 'a \\*fox\\*', footer: { text: 'Job j_1' } });
    expect(first.embeds[0]?.fields).toEqual([{ name: 'Cost', value: '$0.01', inline: true }]);
    expect(JSON.stringify(first.components)).toContain('mb:reroll:j_1');
    expect(first.files.map((f) => f.name)).toEqual(['a.png']);
    expect(more).toEqual([]);
  });

  it('sends 10 files per message, names files over the upload limit with /job, never uploads them', () => {
    const files = [...Array.from({ length: 12 }, (_, k) => png(`${k}.png`, 10)), png('big.png', 5000)];
    const { first, more } = renderReply(result({ files }), { uploadLimitBytes: 1000 });
    expect(first.files).toHaveLength(10);
    expect(more.map((m) => m.files.length)).toEqual([2]);
    expect([first, ...more].flatMap((m) => m.files.map((f) => f.name))).not.toContain('big.png');
    expect(first.content).toMatch(/1 image exceeds this chat's 1,000 B upload limit; use \/job j_1 later\./);
  });

  it('keeps embeds within Discord limits (description, fields, 6000 in all)', () => {
    const long = 'x'.repeat(9000);
    const fields = Array.from({ length: 30 }, (_, k) => ({ name: `f${k}`, value: long }));
    const { first } = renderReply(result({ blocks: [long], fields }), { uploadLimitBytes: 1000 });
    const e = first.embeds[0]!;
    const total = (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0) + (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    expect(e.fields?.length).toBe(5);
    for (const f of e.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(1024);
    expect((e.description ?? '').length).toBeLessThanOrEqual(4096);

    const many = renderReply(result({ blocks: [long], fields: Array.from({ length: 30 }, (_, k) => ({ name: `f${k}`, value: 'v' })) }), { uploadLimitBytes: 1000 });
    expect(many.first.embeds[0]?.fields).toHaveLength(25);
    expect(many.first.embeds[0]?.description).toHaveLength(4096);
  });

  it('renders errors and short info as plain text without buttons or files; long text goes in an embed', () => {
    const error = renderReply({ visibility: 'private', tone: 'error', blocks: ['Only an admin of this community can do that.'], actions: result().actions!, files: [png('a.png', 1)] }, { uploadLimitBytes: 1000 });
    expect(error.first).toMatchObject({ content: 'Only an admin of this community can do that.', embeds: [], components: [], files: [] });
    const info = renderReply({ visibility: 'private', tone: 'info', title: 'Commands', blocks: ['/imagine — Make an image'] }, { uploadLimitBytes: 1000 });
    expect(info.first.content).toBe('**Commands**\n\n/imagine — Make an image');
    const long = renderReply({ visibility: 'private', tone: 'info', blocks: ['y'.repeat(3000)] }, { uploadLimitBytes: 1000 });
    expect(long.first.content).toBe('');
    expect(long.first.embeds[0]?.description).toHaveLength(3000);
  });

  it('escapes markdown but leaves ids with inner underscores copyable', () => {
    expect(escapeText('j_abc_def')).toBe('j_abc_def');
    expect(escapeText('_x_ *y* `z` ~~s~~ |h|')).toBe('\\_x\\_ \\*y\\* \\`z\\` \\~\\~s\\~\\~ \\|h\\|');
    expect(escapeText('# title\n> quote')).toBe('\\# title\n\\> quote');
  });
});

describe('Discord attachments as IncomingFile (the capped downloader)', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('declares size and type, downloads on fetch, and refuses more than maxBytes even when the declared size lied', async () => {
    const bytes = Buffer.alloc(5000, 7);
    const att = fake.addAttachment(bytes, 'p.png', 'image/png');
    const file = incomingFileOf({ name: att.filename, url: att.url, size: att.size, contentType: att.content_type });
    expect([file.declaredBytes, file.declaredType]).toEqual([5000, 'image/png']);
    const got = await file.fetch(10_000);
    expect(got.ok && Buffer.from(got.value).equals(bytes)).toBe(true);

    const declaredSmall = incomingFileOf({ name: 'p.png', url: att.url, size: 10 });
    const cut = await declaredSmall.fetch(1000);
    expect(!cut.ok && cut.failure.code).toBe('attachment_too_large');

    const declaredBig = await file.fetch(4999);
    expect(!declaredBig.ok && declaredBig.failure.code).toBe('attachment_too_large');

    const gone = await incomingFileOf({ name: 'x.png', url: `${fake.origin}/attachments/0/x.png`, size: 1 }).fetch(1000);
    expect(!gone.ok && gone.failure).toMatchObject({ code: 'attachment_download_failed', details: { reason: 'expired' } });
  });
});
