import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';

let fake: FakeTelegram;
afterEach(async () => {
  await fake?.close();
});

async function call(method: string, body?: Record<string, unknown> | FormData | URLSearchParams, token = fake.token) {
  const init: RequestInit = { method: 'POST' };
  if (body instanceof FormData || body instanceof URLSearchParams) init.body = body;
  else if (body) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const res = await fetch(`${fake.apiRoot}/bot${token}/${method}`, init);
  return { status: res.status, json: (await res.json()) as { ok: boolean; result?: any; error_code?: number; description?: string; parameters?: any } };
}

describe('fake Telegram server basics', () => {
  it('has a realistic token and answers getMe; wrong token 401, unknown method 404', async () => {
    fake = await startFakeTelegram();
    expect(fake.token).toMatch(/^123456789:AA[A-Za-z0-9_-]{33}$/);
    expect(fake.token.split(':')[1]).toHaveLength(35);
    expect(fake.apiRoot).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await call('getMe')).json.result).toMatchObject({ id: 123456789, is_bot: true, username: 'media_test_bot' });
    expect(await call('getMe', undefined, '123456789:AAwrong')).toEqual({ status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(await call('noSuchMethod')).toEqual({ status: 404, json: { ok: false, error_code: 404, description: 'Not Found: method not found' } });
    expect((await call('GETME')).json.ok).toBe(true);
  });

  it('accepts JSON, urlencoded and multipart bodies, with per-chat message ids', async () => {
    fake = await startFakeTelegram();
    const u = fake.user();
    const chat = fake.privateChat(u);
    const group = fake.supergroup();
    expect(group.id).toBeLessThan(-1_000_000_000_000);
    fake.sendText({ chat, from: u, text: 'hi' });
    const a = await call('sendMessage', { chat_id: chat.id, text: 'json' });
    const b = await call('sendMessage', new URLSearchParams({ chat_id: String(chat.id), text: 'form' }));
    const fd = new FormData();
    fd.set('chat_id', String(group.id));
    fd.set('text', 'multipart');
    fd.set('reply_markup', JSON.stringify({ inline_keyboard: [[{ text: 'Go', callback_data: 'r:j_1' }]] }));
    const c = await call('sendMessage', fd);
    expect([a.json.result.message_id, b.json.result.message_id, c.json.result.message_id]).toEqual([2, 3, 1]);
    expect(fake.sent().map((m) => [m.chatId, m.text])).toEqual([[chat.id, 'json'], [chat.id, 'form'], [group.id, 'multipart']]);
    expect(fake.sent(group.id)[0]?.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Go', callback_data: 'r:j_1' }]] });
    expect((await call('sendMessage', { chat_id: 42, text: 'x' })).json.description).toBe('Bad Request: chat not found');
  });

  it('validates like Telegram: empty text, callback_data over 64 bytes, broken HTML, missing reply target', async () => {
    fake = await startFakeTelegram();
    const chat = fake.privateChat(fake.user());
    expect((await call('sendMessage', { chat_id: chat.id, text: ' ' })).json.description).toBe('Bad Request: message text is empty');
    const long = { inline_keyboard: [[{ text: 'x', callback_data: 'x'.repeat(65) }]] };
    expect((await call('sendMessage', { chat_id: chat.id, text: 'a', reply_markup: long })).json.description).toBe('Bad Request: BUTTON_DATA_INVALID');
    expect((await call('sendMessage', { chat_id: chat.id, text: 'a <b>b', parse_mode: 'HTML' })).json.description).toMatch(/^Bad Request: can't parse entities/);
    expect((await call('sendMessage', { chat_id: chat.id, text: '1 < 2', parse_mode: 'HTML' })).json.description).toMatch(/^Bad Request: can't parse entities/);
    expect((await call('sendMessage', { chat_id: chat.id, text: 'v1.0', parse_mode: 'MarkdownV2' })).json.description).toMatch(/Character '\.' is reserved/);
    expect((await call('sendMessage', { chat_id: chat.id, text: '<b>ok</b> &amp; <a href="https://x">l</a>', parse_mode: 'HTML' })).json.ok).toBe(true);
    expect((await call('sendMessage', { chat_id: chat.id, text: 'r', reply_parameters: { message_id: 999 } })).json.description).toBe('Bad Request: message to be replied not found');
    expect((await call('sendMessage', { chat_id: chat.id, text: 'r', reply_parameters: { message_id: 999, allow_sending_without_reply: true } })).json.ok).toBe(true);
  });

  it('edits with Telegram semantics: not modified, keyboard removed when omitted, user messages not editable; deletes once', async () => {
    fake = await startFakeTelegram();
    const u = fake.user();
    const chat = fake.privateChat(u);
    const userMsg = fake.sendText({ chat, from: u, text: 'hello' });
    const kb = { inline_keyboard: [[{ text: 'A', callback_data: 'a:j' }]] };
    const sent = (await call('sendMessage', { chat_id: chat.id, text: 'Working', reply_markup: kb })).json.result;
    const id = sent.message_id;
    expect((await call('editMessageText', { chat_id: chat.id, message_id: id, text: 'Working', reply_markup: kb })).json.description).toMatch(/^Bad Request: message is not modified/);
    const edited = await call('editMessageText', { chat_id: chat.id, message_id: id, text: 'Done' });
    expect(edited.json.result).toMatchObject({ text: 'Done' });
    expect(edited.json.result.reply_markup).toBeUndefined();
    expect((await call('editMessageReplyMarkup', { chat_id: chat.id, message_id: id, reply_markup: kb })).json.ok).toBe(true);
    expect((await call('editMessageCaption', { chat_id: chat.id, message_id: id, caption: 'c' })).json.description).toBe('Bad Request: there is no caption in the message to edit');
    expect((await call('editMessageText', { chat_id: chat.id, message_id: userMsg.message_id, text: 'x' })).json.description).toBe("Bad Request: message can't be edited");
    expect((await call('editMessageText', { chat_id: chat.id, message_id: 77, text: 'x' })).json.description).toBe('Bad Request: message to edit not found');
    expect(fake.edits(id).map((e) => e.method)).toEqual(['editMessageText', 'editMessageReplyMarkup']);
    expect(fake.sent(chat.id)[0]).toMatchObject({ text: 'Done', replyMarkup: kb });
    expect((await call('deleteMessage', { chat_id: chat.id, message_id: id })).json.result).toBe(true);
    expect((await call('deleteMessage', { chat_id: chat.id, message_id: id })).json.description).toBe('Bad Request: message to delete not found');
    expect(fake.deleted).toEqual([expect.objectContaining({ chatId: chat.id, messageId: id })]);
    expect(fake.sent(chat.id)[0]?.deleted).toBe(true);
  });

  it('stores uploads, file_id and loopback-URL sends; sendMediaGroup with attach://; getFile and download', async () => {
    fake = await startFakeTelegram();
    const chat = fake.supergroup();
    const doc = Buffer.from('%PDF-1.4 fake');
    const fd = new FormData();
    fd.set('chat_id', String(chat.id));
    fd.set('caption', 'here');
    fd.set('document', new Blob([doc], { type: 'application/pdf' }), 'report.pdf');
    const sent = (await call('sendDocument', fd)).json.result;
    expect(sent.document).toMatchObject({ file_name: 'report.pdf', mime_type: 'application/pdf', file_size: doc.length });
    const file = (await call('getFile', { file_id: sent.document.file_id })).json.result;
    const dl = await fetch(`${fake.apiRoot}/file/bot${fake.token}/${file.file_path}`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(doc)).toBe(true);
    expect((await fetch(`${fake.apiRoot}/file/botWRONG/${file.file_path}`)).status).toBe(404);

    const again = (await call('sendDocument', { chat_id: chat.id, document: sent.document.file_id })).json.result;
    expect(again.document.file_id).toBe(sent.document.file_id);
    const viaUrl = (await call('sendPhoto', { chat_id: chat.id, photo: `${fake.apiRoot}/file/bot${fake.token}/${file.file_path}` })).json.result;
    expect(viaUrl.photo).toHaveLength(2);
    expect((await call('sendPhoto', { chat_id: chat.id, photo: 'https://example.com/x.png' })).json.description).toBe('Bad Request: failed to get HTTP URL content');
    expect((await call('sendPhoto', { chat_id: chat.id, photo: 'nope' })).json.description).toBe('Bad Request: wrong file identifier/HTTP URL specified');

    const album = new FormData();
    album.set('chat_id', String(chat.id));
    album.set('media', JSON.stringify([{ type: 'photo', media: 'attach://p0', caption: 'two' }, { type: 'photo', media: 'attach://p1' }]));
    album.set('p0', new Blob([Buffer.from('one')]), 'a.png');
    album.set('p1', new Blob([Buffer.from('two')]), 'b.png');
    const msgs = (await call('sendMediaGroup', album)).json.result;
    expect(msgs).toHaveLength(2);
    expect(msgs[0].media_group_id).toBe(msgs[1].media_group_id);
    const recs = fake.sent(chat.id).filter((m) => m.method === 'sendMediaGroup');
    expect(recs.map((r) => [r.caption, r.files[0]?.bytes?.toString(), r.files[0]?.fileName])).toEqual([['two', 'one', 'a.png'], [undefined, 'two', 'b.png']]);
  });

  it('enforces upload limits: photo over the photo limit 400, any upload over the request limit 413', async () => {
    fake = await startFakeTelegram({ photoLimitBytes: 1000, uploadLimitBytes: 5000 });
    const chat = fake.supergroup();
    const send = (method: string, field: string, size: number) => {
      const fd = new FormData();
      fd.set('chat_id', String(chat.id));
      fd.set(field, new Blob([Buffer.alloc(size, 7)]), 'f.bin');
      return call(method, fd);
    };
    expect((await send('sendPhoto', 'photo', 2000)).json.description).toBe('Bad Request: PHOTO_INVALID_DIMENSIONS');
    expect((await send('sendDocument', 'document', 2000)).json.ok).toBe(true);
    const big = await send('sendDocument', 'document', 6000);
    expect(big).toEqual({ status: 413, json: { ok: false, error_code: 413, description: 'Request Entity Too Large' } });
  });

  it('self-hosted mode raises the upload and download limits', async () => {
    fake = await startFakeTelegram({ selfHosted: true });
    const f = fake.addFile(Buffer.alloc(21 * 1024 * 1024), { fileName: 'v.mp4', kind: 'video' });
    expect((await call('getFile', { file_id: f.file_id })).json.result.file_path).toBe(f.file_path);
    await fake.close();
    fake = await startFakeTelegram();
    const g = fake.addFile(Buffer.alloc(21 * 1024 * 1024), { fileName: 'v.mp4', kind: 'video' });
    expect((await call('getFile', { file_id: g.file_id })).json).toEqual({ ok: false, error_code: 400, description: 'Bad Request: file is too big' });
  });

  it('rate limits the next call of a method with retry_after', async () => {
    fake = await startFakeTelegram();
    const chat = fake.privateChat(fake.user());
    fake.rateLimitNext('sendMessage', 7);
    expect(await call('sendMessage', { chat_id: chat.id, text: 'x' })).toEqual({
      status: 429,
      json: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } },
    });
    expect((await call('sendMessage', { chat_id: chat.id, text: 'x' })).json.ok).toBe(true);
  });

  it('reports chat members from the table, chats, commands, actions, webhook info', async () => {
    fake = await startFakeTelegram();
    const owner = fake.user({ firstName: 'Olga' });
    const group = fake.supergroup({ title: 'Artists', username: 'artists' });
    fake.setChatMember(group.id, owner.id, 'creator');
    expect((await call('getChatMember', { chat_id: group.id, user_id: owner.id })).json.result).toMatchObject({ status: 'creator', user: { id: owner.id } });
    expect((await call('getChatMember', { chat_id: '@artists', user_id: fake.user().id })).json.result.status).toBe('member');
    expect((await call('getChatMember', { chat_id: group.id, user_id: fake.bot.id })).json.result.status).toBe('administrator');
    expect((await call('getChat', { chat_id: group.id })).json.result).toMatchObject({ id: group.id, type: 'supergroup', title: 'Artists' });
    expect((await call('getChat', { chat_id: -5 })).json.description).toBe('Bad Request: chat not found');
    const commands = [{ command: 'image', description: 'Make an image' }];
    expect((await call('setMyCommands', { commands })).json.result).toBe(true);
    expect((await call('getMyCommands')).json.result).toEqual(commands);
    expect(fake.commands()).toEqual(commands);
    expect((await call('setMyCommands', { commands: [{ command: 'Bad-Name', description: 'x' }] })).json.description).toBe('Bad Request: BOT_COMMAND_INVALID');
    expect((await call('sendChatAction', { chat_id: group.id, action: 'upload_photo' })).json.result).toBe(true);
    expect((await call('sendChatAction', { chat_id: group.id, action: 'dancing' })).json.ok).toBe(false);
    expect(fake.chatActions.map((a) => a.action)).toEqual(['upload_photo']);
    expect((await call('setWebhook', { url: 'https://example.com/hook' })).json.result).toBe(true);
    expect((await call('getWebhookInfo')).json.result).toMatchObject({ url: 'https://example.com/hook', pending_update_count: 0 });
    expect((await call('getUpdates')).json).toMatchObject({ ok: false, error_code: 409 });
    await call('deleteWebhook');
    expect((await call('getUpdates')).json).toEqual({ ok: true, result: [] });
  });
});

describe('fake Telegram long polling and update builders', () => {
  it('returns queued updates at once and honours offset and limit', async () => {
    fake = await startFakeTelegram();
    const u = fake.user({ username: 'ada' });
    const chat = fake.privateChat(u);
    fake.sendText({ chat, from: u, text: '/image@media_test_bot a cat' });
    fake.sendText({ chat, from: u, text: 'plain' });
    const first = (await call('getUpdates', { timeout: 30, limit: 1 })).json.result;
    expect(first).toHaveLength(1);
    expect(first[0].message.entities).toEqual([{ type: 'bot_command', offset: 0, length: 21 }]);
    const rest = (await call('getUpdates', { offset: first[0].update_id + 1, timeout: 30 })).json.result;
    expect(rest.map((x: any) => x.message.text)).toEqual(['plain']);
    expect(rest[0].message.entities).toBeUndefined();
    expect((await call('getUpdates', { offset: rest[0].update_id + 1 })).json.result).toEqual([]);
    expect(fake.pendingUpdates).toBe(0);
  });

  it('holds a poll until an update arrives, times out empty, and close() releases a waiting poll', async () => {
    fake = await startFakeTelegram();
    const u = fake.user();
    const chat = fake.privateChat(u);
    const waiting = call('getUpdates', { timeout: 30 });
    await new Promise((r) => setTimeout(r, 50));
    fake.sendText({ chat, from: u, text: 'wake' });
    expect((await waiting).json.result[0].message.text).toBe('wake');

    const started = Date.now();
    const empty = await call('getUpdates', { offset: (await waiting).json.result[0].update_id + 1, timeout: 1 });
    expect(empty.json.result).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const pending = call('getUpdates', { timeout: 30 });
    await new Promise((r) => setTimeout(r, 50));
    const closing = Date.now();
    await fake.close();
    expect((await pending).json).toEqual({ ok: true, result: [] });
    expect(Date.now() - closing).toBeLessThan(1000);
  });

  it('a second poll ends the first with 409, and allowed_updates filters types', async () => {
    fake = await startFakeTelegram();
    const u = fake.user();
    const chat = fake.privateChat(u);
    const first = call('getUpdates', { timeout: 30 });
    await new Promise((r) => setTimeout(r, 50));
    const second = call('getUpdates', { timeout: 30, allowed_updates: ['callback_query'] });
    expect((await first).json).toMatchObject({ ok: false, error_code: 409 });
    const msg = fake.sendText({ chat, from: u, text: 'ignored' });
    await call('sendMessage', { chat_id: chat.id, text: 'bot' });
    const bot = fake.sent(chat.id)[0]!;
    const q = fake.pressButton({ chat, from: u, message: bot, data: 'r:j' });
    const got = (await second).json.result;
    expect(got.map((x: any) => Object.keys(x).filter((k) => k !== 'update_id')[0])).toEqual(['callback_query']);
    expect(got[0].callback_query).toMatchObject({ id: q.id, data: 'r:j', message: { message_id: bot.messageId } });
    expect(msg.message_id).toBe(1);
    expect((await call('answerCallbackQuery', { callback_query_id: q.id, text: 'ok' })).json.result).toBe(true);
    expect((await call('answerCallbackQuery', { callback_query_id: q.id })).json.description).toMatch(/query is too old/);
  });

  it('builds albums, photos with sizes, documents, replies and raw updates', async () => {
    fake = await startFakeTelegram();
    const u = fake.user();
    const group = fake.supergroup();
    const album = fake.sendAlbum({ chat: group, from: u, caption: '/edit merge', photos: [Buffer.from('a'), Buffer.from('b'), Buffer.from('c')] });
    expect(album.map((m) => m.message_id)).toEqual([1, 2, 3]);
    expect(new Set(album.map((m) => m.media_group_id)).size).toBe(1);
    expect(album.map((m) => m.caption)).toEqual(['/edit merge', undefined, undefined]);
    expect(album[0]?.caption_entities).toEqual([{ type: 'bot_command', offset: 0, length: 5 }]);
    expect(album[0]?.photo?.length).toBe(2);
    const added = fake.addFile(Buffer.from('img'), { kind: 'photo' });
    const p = fake.sendPhoto({ chat: group, from: u, photoFileId: added.file_id, replyTo: album[0]!.message_id });
    expect(p.photo?.at(-1)?.file_id).toBe(added.file_id);
    expect(p.reply_to_message?.message_id).toBe(1);
    const d = fake.sendDocument({ chat: group, from: u, bytes: Buffer.from('doc'), fileName: 'a.png', mimeType: 'image/png' });
    expect(d.document).toMatchObject({ file_name: 'a.png', mime_type: 'image/png', file_size: 3 });
    const raw = fake.sendRaw({ my_chat_member: { chat: group, from: u, date: 1, old_chat_member: { status: 'left', user: u }, new_chat_member: { status: 'member', user: u } } });
    const updates = (await call('getUpdates')).json.result;
    expect(updates).toHaveLength(6);
    expect(updates.at(-1).update_id).toBe(raw.update_id);
  });
});
