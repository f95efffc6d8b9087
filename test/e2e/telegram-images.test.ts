import { readFile } from 'node:fs/promises';
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { encodePng } from '../../src/simulator/png.js';
import { shownTexts, startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { startTelegramFor } from '../support/telegram-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

const MB = 1024 * 1024;
const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Signature and IHDR dimensions of a PNG. */
function pngSize(bytes: Buffer | undefined): { width: number; height: number } {
  expect(bytes).toBeDefined();
  expect(bytes!.subarray(0, 8).equals(PNG_SIG)).toBe(true);
  expect(bytes!.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes!.readUInt32BE(16), height: bytes!.readUInt32BE(20) };
}

/** /imagine, /edit (captions, albums, documents), flags and flood control: real grammY → fake Bot API, real core → simulator. */
describe('Telegram adapter: images', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  const logLines: string[] = [];
  let src: Buffer;

  const actor = (chat: Chat, user: User): Actor => ({
    scope: { platform: 'telegram', externalId: String(chat.id), kind: chat.type === 'private' ? 'private' : 'group' },
    user: { platform: 'telegram', externalId: String(user.id) },
  });
  const spent = async (user: User) => (await stack.core.balance(actor(group, user))).spentMicros;
  const mediaRequests = (from: number) => stack.sim.requests().slice(from).filter((r) => ['image', 'edit', 'video_create', 'chat', 'messages'].includes(r.endpoint));
  const repliesTo = (msgId: number) => fake.sent(group.id).filter((m) => m.replyToMessageId === msgId);

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Painters' });
    src = await encodePng(64, 48, { r: 200, g: 40, b: 90 });
    tg = await startTelegramFor(stack, fake, logLines, { tuning: { albumQuietMs: 150 } });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('sets the command menus by audience at start, generated from the registry', () => {
    const names = (scope?: object) => fake.commands(scope).map((c) => c.command);
    expect(names()).toEqual(expect.arrayContaining(['imagine', 'edit', 'video', 'ask', 'balance', 'help']));
    expect(names()).not.toContain('budget');
    expect(names()).not.toContain('token');
    expect(names({ type: 'all_chat_administrators' })).toEqual(expect.arrayContaining(['imagine', 'edit', 'video', 'ask', 'balance', 'budget', 'usage', 'setup']));
    expect(names({ type: 'all_private_chats' })).toContain('token');
    expect(names({ type: 'all_private_chats' })).not.toContain('budget');
    // hidden commands (reached through buttons) are in no menu
    for (const scope of [undefined, { type: 'all_chat_administrators' }, { type: 'all_private_chats' }]) expect(names(scope)).not.toContain('reroll');
  });

  it('/imagine in a group posts a PNG photo with caption and buttons, and charges $0.01', async () => {
    const user = fake.user({ username: 'fox_fan' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a red fox --size 512x512' });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && String(c.params.chat_id) === String(group.id), 8000);
    const photo = fake.sent(group.id).find((m) => m.method === 'sendPhoto' && m.replyToMessageId === cmd.message_id)!;
    expect(pngSize(photo.files[0]?.bytes)).toEqual({ width: 512, height: 512 });
    expect(photo.caption).toContain('alpha-image-2');
    expect(photo.caption).toContain('$0.01');
    expect(JSON.stringify(photo.replyMarkup)).toMatch(/"callback_data":"r:[A-Za-z0-9_-]+"/);
    expect(fake.chatActions).toContainEqual(expect.objectContaining({ chatId: group.id, action: 'upload_photo' }));
    const status = repliesTo(cmd.message_id).find((m) => m.method === 'sendMessage')!;
    expect(status.text).toBe('Working on it…');
    await fake.waitFor((c) => c.method === 'deleteMessage' && c.params.message_id === status.messageId);
    expect(await spent(user)).toBe(10_000);

    const reroll = fake.pressButton({ chat: group, from: user, message: photo, data: String((photo.replyMarkup!.inline_keyboard.flat().find((b) => b.text === 'Reroll') as { callback_data?: string }).callback_data) });
    await fake.waitFor((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === reroll.id);
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === photo.messageId, 8000);
    expect(await spent(user)).toBe(20_000);
  });

  it('an album of 2 photos with an /edit caption sends 2 image parts and answers with one edited image', async () => {
    const user = fake.user({ username: 'editor' });
    const before = stack.sim.requests().length;
    const parts = fake.sendAlbum({ chat: group, from: user, caption: '/edit make it blue', photos: [src, src] });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === parts[0]!.message_id, 8000);
    const edits = stack.sim.requests().slice(before).filter((r) => r.endpoint === 'edit');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.imageParts).toBe(2);
    const photo = fake.sent(group.id).find((m) => m.method === 'sendPhoto' && m.replyToMessageId === parts[0]!.message_id)!;
    expect(pngSize(photo.files[0]?.bytes).width).toBeGreaterThan(0);
    expect(JSON.stringify(photo.replyMarkup)).toContain('"a:');
    expect(await spent(user)).toBe(10_000);

    // Reroll re-runs the edit with the same two kept reference images, no re-upload needed.
    const rerollData = String((photo.replyMarkup!.inline_keyboard.flat().find((b) => b.text === 'Reroll') as { callback_data?: string }).callback_data);
    expect(rerollData).toMatch(/^r:/);
    const atReroll = stack.sim.requests().length;
    const press = fake.pressButton({ chat: group, from: user, message: photo, data: rerollData });
    const answer = await fake.waitFor((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === press.id);
    expect(answer.params.text).toBe('Reroll…');
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === photo.messageId, 8000);
    const again = stack.sim.requests().slice(atReroll).filter((r) => r.endpoint === 'edit');
    expect(again.map((r) => r.imageParts)).toEqual([2]);
    expect(again[0]?.model).toBe('alpha-image-2');
    const kept = await stack.core.jobRequest(actor(group, user), rerollData.slice(2));
    if (!kept.ok) throw new Error(kept.failure.code);
    expect(kept.value.references?.map((r) => r.filename)).toEqual(['ref-1.png', 'ref-2.png']);
    for (const r of kept.value.references ?? []) expect((await readFile(r.path)).equals(src)).toBe(true);
    expect(kept.value.outputs?.some((o) => o.filename.startsWith('ref-'))).toBe(false);
    expect(await spent(user)).toBe(20_000);
  });

  it('a reply to a photo document with /edit uses that document as the reference', async () => {
    const user = fake.user();
    const before = stack.sim.requests().length;
    const doc = fake.sendDocument({ chat: group, from: user, bytes: src, fileName: 'original.png', mimeType: 'image/png' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/edit add a hat', replyTo: doc });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === cmd.message_id, 8000);
    expect(stack.sim.requests().slice(before).filter((r) => r.endpoint === 'edit').map((r) => r.imageParts)).toEqual([1]);
  });

  it('an album of 10 photos or a 19 MB file is refused before any download: nothing fetched, charged or sent to the gateway', async () => {
    const user = fake.user();
    const before = stack.sim.requests().length;
    const callsBefore = fake.calls.length;
    // Both are refused by the core from the declared count and sizes, in a reply (no status message: nothing started).
    const parts = fake.sendAlbum({ chat: group, from: user, caption: '/edit too many', photos: Array.from({ length: 10 }, () => src) });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && /at most 3/.test(String(c.params.text)), 8000);
    const refusal = repliesTo(parts[0]!.message_id).find((m) => m.method === 'sendMessage')!;
    expect(refusal.text).toMatch(/You attached 10 images; at most 3 can be used\..*Nothing was charged\.\nReference [A-Z0-9]+: /s);

    const big = fake.sendDocument({ chat: group, from: user, bytes: Buffer.alloc(19 * MB, 7), fileName: 'huge.png', mimeType: 'image/png', caption: '/edit shrink' });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && /huge\.png/.test(String(c.params.text)), 8000);
    const bigRefusal = repliesTo(big.message_id).find((m) => m.method === 'sendMessage')!;
    expect(bigRefusal.text).toMatch(/'huge\.png' is 19 MB; each image can be at most \d+ MB\./);
    expect(fake.calls.slice(callsBefore).filter((c) => c.method === 'getFile')).toEqual([]);
    expect(fake.sent(group.id).filter((m) => m.method === 'sendPhoto' && (m.replyToMessageId === big.message_id || m.replyToMessageId === parts[0]!.message_id))).toEqual([]);
    expect(mediaRequests(before)).toEqual([]);
    expect(await spent(user)).toBe(0);
  });

  it('bad flags get clear messages listing the valid ones; nothing charged or sent', async () => {
    const user = fake.user();
    const before = stack.sim.requests().length;
    const texts: string[] = [];
    for (const text of ['/imagine a cat --ar 0:0', '/imagine a cat --foo bar', '/video a cat --seconds 99']) {
      const cmd = fake.sendText({ chat: group, from: user, text });
      // The flag's form is checked by the grammar; the range of --seconds by the dispatcher, before anything starts.
      const reply = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === cmd.message_id, 5000);
      texts.push(String((reply.result as { text?: string }).text));
    }
    // The valid flags listed are the command's own (the old list named every flag of every command).
    expect(texts[0]).toMatch(/--ar 0:0 is not valid.*Valid flags: --ar W:H, --size WxH, --model ID, --n N/s);
    expect(texts[1]).toMatch(/Unknown flag --foo\. Valid flags:/);
    expect(texts[2]).toMatch(/99 seconds is not possible: videos last \d+ to \d+ seconds/);
    expect(mediaRequests(before)).toEqual([]);
    expect(await spent(user)).toBe(0);
  });

  it('a failed job\'s status message is edited once, to the failure text; the failure is not posted again', async () => {
    const user = fake.user();
    stack.sim.addFault({ kind: 'routing', endpoint: 'image', times: 1 });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a routed fox' });
    const edit = await fake.waitFor((c) => c.method === 'editMessageText' && c.ok && String(c.params.chat_id) === String(group.id) && /cannot reach it/.test(String(c.params.text)), 8000);
    const status = repliesTo(cmd.message_id).find((m) => m.method === 'sendMessage')!;
    expect(Number(edit.params.message_id)).toBe(status.messageId);
    await new Promise((r) => setTimeout(r, 300));
    expect(status.original.text).toBe('Working on it…');
    expect(fake.edits(status.messageId, group.id).map((e) => e.text)).toEqual([status.text]);
    expect(fake.calls.filter((c) => c.method === 'editMessageText' && Number(c.params.message_id) === status.messageId)).toHaveLength(1);
    // One message for the request: the status message, now showing the failure (no second copy, no photo).
    expect(repliesTo(cmd.message_id).map((m) => m.messageId)).toEqual([status.messageId]);
    expect(fake.sent(group.id).flatMap(shownTexts).filter((x) => /cannot reach it/.test(x))).toHaveLength(1);
    expect(await spent(user)).toBe(0);
  });

  it('a 429 with retry_after on sendPhoto is waited out and the photo still arrives', async () => {
    const user = fake.user();
    fake.rateLimitNext('sendPhoto', 1);
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine flood control' });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === cmd.message_id, 8000);
    const tries = fake.calls.filter((c) => c.method === 'sendPhoto' && (c.errorCode === 429 || (c.result as { reply_to_message?: { message_id: number } } | undefined)?.reply_to_message?.message_id === cmd.message_id));
    expect(tries.map((c) => c.errorCode ?? 200)).toEqual([429, 200]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
    expect(logLines.join('')).toContain('telegram flood control');
  });

  it('logs never contain the bot token, and no handler or background task failed', () => {
    expect(logLines.join('') + stack.logs()).not.toContain(fake.token);
    expect(logLines.join('')).not.toMatch(/telegram handler failed|background task failed/);
  });
});
