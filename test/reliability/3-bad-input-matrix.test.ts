/**
 * Bad-input matrix, both platforms: hostile attachments, prompts, flags and sizes, amounts, admin commands from
 * members and commands about things the chat does not know. Telegram runs through grammY on the fake Bot API;
 * Discord through discord.js on the fake Discord (`startDiscord`). Every refused case must get a clear message
 * (a plain sentence, no stack trace, JSON or token), cost nothing (ledger unchanged, nothing held) and send nothing
 * to the gateway's paid endpoints; the bot must keep answering.
 */
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDiscord, type DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { MemoryKeyValueStore } from '../../src/platforms/discord/kv-file.js';
import { encodePng } from '../../src/simulator/png.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle, type OptionValue } from '../fakes/discord/index.js';
import { shownTexts } from '../fakes/telegram/index.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { randomBytes } from 'node:crypto';
import { saveSecrets, saveText } from './support/artifacts.js';
import { animatedGif, hugePngHeader, pdf, textBytes } from './support/bad-files.js';
import { startTelegramStack, type TelegramStack } from './support/telegram-stack.js';

const MB = 1024 * 1024;
const PAID = new Set(['image', 'edit', 'video_create', 'chat', 'messages']);

let t: TelegramStack;
let dfake: FakeDiscord;
let dbot: DiscordBot;
let group: Chat.SupergroupChat;
let member: User;
let admin: User;
let png: Buffer;
let passed = 0;
let total = 0;
/** What each case showed (printed with the summary when RELIABILITY_VERBOSE is set). */
const shown: string[] = [];

/** What the user sends, on Telegram. */
type TgInput =
  | { text: string; from?: 'admin' }
  | { document: () => Buffer; name: string; mime: string; caption: string }
  | { album: number; caption: string };

/** What the user sends, on Discord: a slash command with options (attachments as bytes). */
interface DcInput {
  name: string;
  subcommand?: string;
  options: Record<string, OptionValue | { file: () => Buffer; name: string; mime: string }>;
  from?: 'admin';
}

const TG: [string, TgInput, RegExp][] = [
  ['4 photos in an /edit album', { album: 4, caption: '/edit too many' }, /You attached 4 images; at most 3/],
  ['a 9 MB image', { document: () => Buffer.concat([png, Buffer.alloc(9 * MB)]), name: 'big.png', mime: 'image/png', caption: '/edit shrink it' }, /each image can be at most/],
  ['a 25 MB file (over the download limit)', { document: () => Buffer.alloc(25 * MB, 1), name: 'huge.png', mime: 'image/png', caption: '/edit x' }, /each image can be at most 8 MB/],
  ['a zero-byte image', { document: () => Buffer.alloc(0), name: 'empty.png', mime: 'image/png', caption: '/edit x' }, /is empty \(0 bytes\)/],
  ['text named photo.png', { document: textBytes, name: 'photo.png', mime: 'image/png', caption: '/edit x' }, /not an image the gateway can read|looks like a text file/],
  ['a PDF', { document: pdf, name: 'scan.pdf', mime: 'application/pdf', caption: '/edit x' }, /looks like a pdf file/i],
  ['an animated GIF', { document: animatedGif, name: 'anim.gif', mime: 'image/gif', caption: '/edit x' }, /animated gif/i],
  ['a 20000×20000 PNG header', { document: () => hugePngHeader(), name: 'bomb.png', mime: 'image/png', caption: '/edit x' }, /20000x20000 pixels/],
  ['an empty prompt', { text: '/imagine' }, /prompt is (empty|missing)|describe what you want/i],
  ['a 10,000-character prompt', { text: `/imagine ${'a'.repeat(10_000)}` }, /at most [\d,]+ are accepted/],
  ['a prompt of control characters', { text: '/imagine \u0001\u0002\u0007\u001b\u007f' }, /prompt is (empty|missing)|describe what you want/i],
  ['--ar 0:0', { text: '/imagine a cat --ar 0:0' }, /--ar 0:0 is not valid/],
  ['--seconds 99', { text: '/video a cat --seconds 99' }, /99 seconds is not possible/],
  ['--size 99999x1', { text: '/imagine a cat --size 99999x1' }, /--size 99999x1 is not valid|not a size this model accepts/],
  ['--size 4096x4096 on a 1K model', { text: '/imagine a cat --size 4096x4096' }, /not a size this model accepts/],
  ['an unknown flag', { text: '/imagine a cat --foo bar' }, /Unknown flag --foo/],
  ['an unknown model', { text: '/imagine a cat --model alpha-image-3' }, /no model called 'alpha-image-3'/],
  ['--seconds abc', { text: '/video a cat --seconds abc' }, /--seconds abc is not valid|whole number of seconds/],
  ['amount -1', { text: '/budget default -1', from: 'admin' }, /Amount|negative|not understood|at least/i],
  ['amount 1e9', { text: '/budget default 1e9', from: 'admin' }, /Amount|not understood|too large|at most/i],
  ['amount 0.0000001', { text: '/budget default 0.0000001', from: 'admin' }, /Amount|not understood|cent|precision|decimal/i],
  ['amount abc', { text: '/budget default abc', from: 'admin' }, /Amount|not understood/i],
  ['adjust by abc', { text: `/budget adjust 123456 abc`, from: 'admin' }, /Amount|not understood|Unknown user/i],
  ['/budget set for an unknown @user', { text: '/budget set @nobody_here 1', from: 'admin' }, /Nobody called '@nobody_here' has been seen here, so nothing was changed/],
  ['/budget default from a member', { text: '/budget default 5' }, /Only an admin/],
  ['/budget block from a member', { text: '/budget block @someone' }, /Only an admin/],
  ['/usage from a member', { text: '/usage' }, /Only an admin/],
  ['/job of an unknown id', { text: '/job j_doesnotexist123' }, /There is no job 'j_doesnotexist123' here/],
];

const DC: [string, DcInput, RegExp][] = [
  ['4 attachments on /edit', { name: 'edit', options: { prompt: 'x', image1: f('1.png'), image2: f('2.png'), image3: f('3.png'), image4: f('4.png') } }, /4 images/],
  ['a 9 MB attachment', { name: 'edit', options: { prompt: 'x', image1: { file: () => Buffer.concat([png, Buffer.alloc(9 * MB)]), name: 'big.png', mime: 'image/png' } } }, /too large|at most/i],
  ['a zero-byte attachment', { name: 'edit', options: { prompt: 'x', image1: { file: () => Buffer.alloc(0), name: 'empty.png', mime: 'image/png' } } }, /is empty \(0 bytes\)/],
  ['text named photo.png', { name: 'edit', options: { prompt: 'x', image1: { file: textBytes, name: 'photo.png', mime: 'image/png' } } }, /not an image the gateway can read|looks like a text file/],
  ['a PDF', { name: 'edit', options: { prompt: 'x', image1: { file: pdf, name: 'scan.pdf', mime: 'application/pdf' } } }, /looks like a pdf file/i],
  ['an animated GIF', { name: 'edit', options: { prompt: 'x', image1: { file: animatedGif, name: 'anim.gif', mime: 'image/gif' } } }, /animated gif/i],
  ['a 20000×20000 PNG header', { name: 'edit', options: { prompt: 'x', image1: { file: () => hugePngHeader(), name: 'bomb.png', mime: 'image/png' } } }, /20000x20000 pixels/],
  ['an empty prompt', { name: 'imagine', options: { prompt: '' } }, /prompt is (empty|missing)|describe what you want/i],
  ['a 10,000-character prompt', { name: 'imagine', options: { prompt: 'b'.repeat(10_000) } }, /at most [\d,]+ are accepted/],
  ['a prompt of control characters', { name: 'imagine', options: { prompt: '\u0001\u0002\u0007\u001b' } }, /prompt is (empty|missing)|describe what you want/i],
  ['size 99999x1', { name: 'imagine', options: { prompt: 'a cat', size: '99999x1' } }, /not a size this model accepts/],
  ['aspect 0:0', { name: 'imagine', options: { prompt: 'a cat', aspect: '0:0' } }, /aspect 0:0 is not valid|not a supported aspect ratio/],
  ['seconds 99', { name: 'video', options: { prompt: 'a cat', seconds: 99 } }, /99 seconds is not possible/],
  ['an unknown model', { name: 'imagine', options: { prompt: 'a cat', model: 'alpha-image-3' } }, /no model called 'alpha-image-3'/],
  ['amount -1', { name: 'budget', subcommand: 'default', options: { amount: '-1', period: 'day' }, from: 'admin' }, /Amount|negative|not understood|at least/i],
  ['amount 1e9', { name: 'budget', subcommand: 'default', options: { amount: '1e9', period: 'day' }, from: 'admin' }, /Amount|not understood|too large|at most/i],
  ['amount 0.0000001', { name: 'budget', subcommand: 'default', options: { amount: '0.0000001', period: 'day' }, from: 'admin' }, /Amount|not understood|cent|precision|decimal/i],
  ['amount abc', { name: 'budget', subcommand: 'default', options: { amount: 'abc', period: 'day' }, from: 'admin' }, /Amount|not understood/i],
  ['/budget default from a member', { name: 'budget', subcommand: 'default', options: { amount: '5', period: 'day' } }, /admin/i],
  ['/usage from a member', { name: 'usage', options: {} }, /admin/i],
  ['/job of an unknown id', { name: 'job', options: { id: 'j_doesnotexist123' } }, /There is no job 'j_doesnotexist123' here/],
];

function f(name: string): { file: () => Buffer; name: string; mime: string } {
  return { file: () => png, name, mime: 'image/png' };
}

/** A plain sentence: no stack trace, JSON, request id or token. */
function expectClear(text: string): void {
  expect(text.trim().length).toBeGreaterThan(10);
  expect(text).not.toMatch(/\bat \S+ \(|Error:|\{"|request id|sk-[A-Za-z0-9]/);
  expect(text).not.toContain(t.fake.token);
  expect(text).not.toContain(dfake.botToken);
}

async function money(): Promise<{ ledger: number; holds: number; paid: number }> {
  return { ledger: await ledgerNetCharged(t.stack.store), holds: await openHolds(t.stack.store), paid: t.stack.sim.requests().filter((r) => PAID.has(r.endpoint)).length };
}

/** Every text the bot showed for one interaction (replies, edits, follow-ups, embeds), joined. */
function interactionText(h: InteractionHandle): string {
  const strip = (m: { content: string; embeds: readonly unknown[] }) => `${m.content}\n${JSON.stringify(m.embeds)}`;
  return [...h.callbacks().map((c) => String(c.data?.content ?? '') + JSON.stringify(c.data?.embeds ?? [])), ...h.originalEdits().map(strip), ...h.followUps().map(strip)].join('\n');
}

describe('bad-input matrix (Telegram and Discord)', () => {
  beforeAll(async () => {
    t = await startTelegramStack({ env: { DEFAULT_ALLOWANCE: '5' } });
    png = await encodePng(32, 32, { r: 1, g: 2, b: 3 });
    group = t.fake.supergroup({ title: 'Bad inputs' });
    member = t.fake.user({ username: 'member_one' });
    admin = t.fake.user({ username: 'admin_one' });
    t.fake.setChatMember(group.id, admin.id, 'administrator');
    dfake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    dbot = await startDiscord({
      config: { discord: { token: dfake.botToken, applicationId: dfake.applicationId, apiBase: dfake.apiBase, guildId: dfake.guildId }, ownerIds: [], databasePath: t.stack.dbPath },
      core: t.stack.core,
      logger: t.stack.logger,
      secrets: t.stack.secrets,
      registerDelivery: (d) => t.stack.app.registerDelivery(d),
      kv: new MemoryKeyValueStore(),
    });
  });

  afterAll(async () => {
    if (process.env.RELIABILITY_VERBOSE) console.log(shown.join('\n'));
    console.log(`bad-input matrix: ${passed}/${total} cases passed (Telegram ${TG.length + 1}, Discord ${DC.length})`);
    if (dfake) saveText('bad-input-discord-requests', JSON.stringify(dfake.requests().map((r) => ({ ...r, files: undefined }))) + JSON.stringify(dfake.channelMessages().map((m) => ({ content: m.content, embeds: m.embeds }))));
    await dbot?.stop();
    await dfake?.close();
    await t?.close('bad-input');
  });

  it.each(TG)('Telegram: %s', async (_label, input, re) => {
    total += 1;
    const before = await money();
    const { fake } = t;
    const from = 'text' in input && input.from === 'admin' ? admin : member;
    const seen = fake.sent(group.id).length;
    if ('text' in input) fake.sendText({ chat: group, from, text: input.text });
    else if ('album' in input) fake.sendAlbum({ chat: group, from, caption: input.caption, photos: Array.from({ length: input.album }, () => png) });
    else fake.sendDocument({ chat: group, from, bytes: input.document(), fileName: input.name, mimeType: input.mime, caption: input.caption });
    const text = await waitNew(group.id, seen, re);
    expectClear(text);
    shown.push(`TG ${_label}: ${text.slice(0, 160)}`);
    await settle();
    expect(await money()).toEqual(before);
    const ping = fake.sendText({ chat: group, from: member, text: '/balance' });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === ping.message_id, 5000);
    passed += 1;
  });

  it.each(DC)('Discord: %s', async (_label, input, re) => {
    total += 1;
    const before = await money();
    const options: Record<string, OptionValue> = {};
    for (const [k, v] of Object.entries(input.options)) options[k] = typeof v === 'object' && v !== null && 'file' in v ? dfake.addAttachment(v.file(), v.name, v.mime) : (v as OptionValue);
    const h = dfake.slashCommand({ name: input.name, ...(input.subcommand ? { subcommand: input.subcommand } : {}), options, ...(input.from === 'admin' ? { userId: dfake.adminUserId } : {}) });
    const end = Date.now() + 10_000;
    while (!re.test(interactionText(h))) {
      if (Date.now() > end) throw new Error(`no reply matching ${re}; saw: ${interactionText(h).slice(0, 1500)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const text = interactionText(h);
    shown.push(`DC ${_label}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    expectClear(text.replace(/"[a-z_]+":/g, ''));
    await settle();
    expect(await money()).toEqual(before);
    const ping = dfake.slashCommand({ name: 'balance' });
    await ping.waitForOriginalEdit((m) => m.embeds.length > 0 || m.content.length > 0);
    passed += 1;
  });

  it('Telegram: a prompt of only emoji is a real prompt: one image, charged exactly its price on both sides', async () => {
    total += 1;
    const before = await money();
    const cmd = t.fake.sendText({ chat: group, from: member, text: '/imagine 🎨🦊🌈' });
    await t.fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === cmd.message_id, 10_000);
    await settle();
    const after = await money();
    expect(after.ledger - before.ledger).toBe(10_000);
    expect(after.paid - before.paid).toBe(1);
    expect(after.holds).toBe(0);
    passed += 1;
  });

  it('Telegram: a gateway token pasted in a group is deleted with a warning; /token in private stores it masked', async () => {
    const secret = `sk-rel-${randomBytes(16).toString('hex')}`;
    t.stack.sim.addToken(secret, 'media');
    saveSecrets('bad-input-personal-token', [secret]);
    const leak = t.fake.sendText({ chat: group, from: member, text: `here is my key ${secret}` });
    await t.fake.waitFor((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === leak.message_id, 5000);
    await waitNew(group.id, 0, /looked like a gateway token, so I deleted the message/);
    const chat = t.fake.privateChat(member);
    t.fake.sendText({ chat, from: member, text: `/token ${secret}` });
    const confirm = await t.waitText(chat.id, new RegExp(secret.slice(-4)));
    expect(confirm).not.toContain(secret);
    const rows = await t.stack.store.db.selectFrom('tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('only the accepted emoji prompt was charged or sent to the gateway, and no handler crashed', async () => {
    expect(await ledgerNetCharged(t.stack.store)).toBe(10_000);
    expect(await openHolds(t.stack.store)).toBe(0);
    expect(t.stack.sim.spentMicros(t.stack.sim.tokens.media)).toBe(10_000);
    expect(t.stack.sim.requests().filter((r) => PAID.has(r.endpoint))).toHaveLength(1);
    expect(t.lines.join('')).not.toMatch(/telegram handler failed|background task failed/);
  });
});

/** Waits for a bot text in `chatId`, among messages sent after index `seen` (and their edits), matching `re`. */
async function waitNew(chatId: number, seen: number, re: RegExp): Promise<string> {
  const end = Date.now() + 10_000;
  for (;;) {
    const texts = t.fake.sent(chatId).slice(seen).flatMap(shownTexts);
    const hit = texts.find((x) => re.test(x));
    if (hit) return hit;
    if (Date.now() > end) throw new Error(`no reply matching ${re}; saw: ${JSON.stringify(texts).slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Lets any background work of the case finish before money is compared. */
async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 150));
}

