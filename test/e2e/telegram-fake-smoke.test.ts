import { Bot, GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCallbackData, encodeCallbackData } from '../../src/platforms/telegram/util/callback-data.js';
import { retryAfterTransformer } from '../../src/platforms/telegram/util/retry-after.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';

// A real 1x1 PNG followed by random padding, so byte-for-byte equality means something.
const PNG = Buffer.concat([
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31 + 7) % 256)),
]);

describe('fake Telegram Bot API driven by the real grammY bot', () => {
  let fake: FakeTelegram;
  let bot: Bot;
  let user: User;
  let chat: Chat.PrivateChat;
  let polling: Promise<void>;
  const handlerErrors: unknown[] = [];
  const downloads: Buffer[] = [];

  beforeAll(async () => {
    fake = await startFakeTelegram();
    user = fake.user({ firstName: 'Ada', username: 'ada' });
    chat = fake.privateChat(user);
    bot = new Bot(fake.token, { client: { apiRoot: fake.apiRoot } });
    bot.api.config.use(retryAfterTransformer({ maxDelaySeconds: 30 }));

    bot.command('start', (ctx) => ctx.reply('Welcome! Send a photo with /edit to change it.'));
    bot.on('message:photo', async (ctx) => {
      const caption = ctx.msg.caption ?? '';
      if (!ctx.msg.caption_entities?.some((e) => e.type === 'bot_command' && e.offset === 0)) return;
      await ctx.replyWithChatAction('upload_photo');
      const status = await ctx.reply('Working on it…');
      const file = await ctx.getFile();
      const res = await fetch(`${fake.apiRoot}/file/bot${fake.token}/${file.file_path}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      downloads.push(bytes);
      await ctx.api.editMessageText(ctx.chat.id, status.message_id, 'Done.');
      await ctx.replyWithPhoto(new InputFile(bytes, 'out.png'), {
        caption: caption.replace(/^\/edit\s*/, ''),
        reply_markup: new InlineKeyboard().text('Reroll', encodeCallbackData({ command: 'reroll', jobId: 'j_7fk2m9' })),
        reply_parameters: { message_id: ctx.msg.message_id },
      });
    });
    bot.on('callback_query:data', async (ctx) => {
      const data = decodeCallbackData(ctx.callbackQuery.data);
      await ctx.answerCallbackQuery({ text: data ? `${data.command} ${data.jobId}` : 'Unknown button' });
    });
    bot.catch((err) => {
      handlerErrors.push(err.error);
    });

    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    polling = bot.start({ onStart: () => started() });
    await ready;
  });

  afterAll(async () => {
    if (bot?.isRunning()) await bot.stop();
    await polling;
    await fake?.close();
  });

  it('answers /start with a sendMessage in the same chat', async () => {
    const cmd = fake.sendText({ chat, from: user, text: '/start' });
    expect(cmd.entities).toEqual([{ type: 'bot_command', offset: 0, length: 6 }]);
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && c.params.chat_id === chat.id);
    expect(String(call.params.text)).toMatch(/^Welcome!/);
    expect(fake.sent(chat.id).map((m) => m.text)).toContain('Welcome! Send a photo with /edit to change it.');
  });

  it('runs the photo edit flow: getFile + download, chat action, status edit, multipart photo reply with keyboard', async () => {
    const photo = fake.sendPhoto({ chat, from: user, bytes: PNG, caption: '/edit make it blue' });
    expect(photo.caption_entities).toEqual([{ type: 'bot_command', offset: 0, length: 5 }]);
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok, 8000);

    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.equals(PNG)).toBe(true);
    expect(fake.chatActions).toContainEqual(expect.objectContaining({ chatId: chat.id, action: 'upload_photo' }));

    const status = fake.sent(chat.id).find((m) => m.edits.length > 0);
    expect(status?.text).toBe('Done.');
    expect(fake.edits(status!.messageId, chat.id)).toEqual([expect.objectContaining({ method: 'editMessageText', text: 'Done.' })]);

    const reply = fake.sent(chat.id).find((m) => m.method === 'sendPhoto')!;
    expect(reply.caption).toBe('make it blue');
    expect(reply.replyToMessageId).toBe(photo.message_id);
    expect(reply.files).toHaveLength(1);
    expect(reply.files[0]).toMatchObject({ field: 'photo', source: 'upload', fileName: 'out.png' });
    expect(reply.files[0]?.bytes?.equals(PNG)).toBe(true);
    expect(reply.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Reroll', callback_data: 'r:j_7fk2m9' }]] });
    expect(reply.message.photo?.at(-1)).toMatchObject({ width: 1, height: 1, file_size: PNG.length });
  });

  it('answers a callback query from an inline button press', async () => {
    const reply = fake.sent(chat.id).find((m) => m.method === 'sendPhoto')!;
    const query = fake.pressButton({ chat, from: user, message: reply, data: 'r:j_7fk2m9' });
    await fake.waitFor((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === query.id);
    expect(fake.callbackAnswers).toEqual([expect.objectContaining({ callbackQueryId: query.id, text: 'reroll j_7fk2m9' })]);
  });

  it('waits out a 429 retry_after on sendMessage and still delivers the message', async () => {
    fake.rateLimitNext('sendMessage', 1);
    const before = Date.now();
    const msg = await bot.api.sendMessage(chat.id, 'after the flood');
    expect(Date.now() - before).toBeGreaterThanOrEqual(950);
    expect(msg.text).toBe('after the flood');
    const sends = fake.calls.filter((c) => c.method === 'sendMessage' && c.params.text === 'after the flood');
    expect(sends.map((c) => c.errorCode ?? 200)).toEqual([429, 200]);
    expect(sends[0]?.description).toBe('Too Many Requests: retry after 1');
  });

  it('fails getFile on a 25 MB file with the real "file is too big" GrammyError', async () => {
    const big = fake.addFile(Buffer.alloc(25 * 1024 * 1024, 1), { fileName: 'big.mp4', mimeType: 'video/mp4', kind: 'video' });
    const err = await bot.api.getFile(big.file_id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GrammyError);
    expect((err as GrammyError).error_code).toBe(400);
    expect((err as GrammyError).description).toBe('Bad Request: file is too big');
  });

  it('stops cleanly and saw no handler errors', async () => {
    await bot.stop();
    await polling;
    expect(handlerErrors).toEqual([]);
    expect(fake.pendingUpdates).toBe(0);
  });
});
