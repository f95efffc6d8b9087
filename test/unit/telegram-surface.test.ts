import { describe, expect, it } from 'vitest';
import { commandRegistry } from '../../src/core/commands/registry.js';
import type { Reply } from '../../src/core/commands/types.js';
import { MemoryCoordination } from '../../src/core/coordination/memory-coordination.js';
import { ActionTable, PendingInputs } from '../../src/platforms/telegram/actions.js';
import { toTelegramAddress } from '../../src/platforms/telegram/address.js';
import { htmlChunks, htmlClipped, plainText } from '../../src/platforms/telegram/format.js';
import { commandMenus } from '../../src/platforms/telegram/menus.js';
import { TELEGRAM_SURFACE } from '../../src/platforms/telegram/surface.js';

const reply = (r: Partial<Reply>): Reply => ({ visibility: 'public', tone: 'info', blocks: [], ...r });
/** What Telegram counts: the text after HTML parsing. */
const parsedLength = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;|&gt;|&amp;/g, '_').length;

describe('Telegram rendering of neutral replies', () => {
  it('escapes HTML, bolds the title, and writes fields as name: value lines', () => {
    const r = reply({ title: 'Job <1>', blocks: ['a & b', '<script>'], fields: [{ name: 'Cost', value: '$0.01' }, { name: 'Model', value: 'x<y>' }] });
    expect(htmlChunks(r)).toEqual(['<b>Job &lt;1&gt;</b>\n\na &amp; b\n\n&lt;script&gt;\n\nCost: $0.01\nModel: x&lt;y&gt;']);
    expect(plainText(r)).toBe('Job <1>\n\na & b\n\n<script>\n\nCost: $0.01\nModel: x<y>');
  });

  it('splits a long reply into messages of at most 4096 parsed characters, at paragraph then line boundaries', () => {
    const para = (c: string) => `${c.repeat(2000)}`;
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i} ${'<&>'.repeat(5)}`).join('\n');
    const chunks = htmlChunks(reply({ title: 'Long', blocks: [para('a'), para('b'), para('c'), lines] }));
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(parsedLength(c)).toBeLessThanOrEqual(4096);
    expect(chunks[0]).toMatch(/^<b>Long<\/b>\n\na{2000}\n\nb{2000}$/);
    const joined = chunks.join('\n\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(joined).toContain('line 299 <&><&>');
    // one unbroken paragraph longer than a message is cut hard
    const hard = htmlChunks(reply({ blocks: ['x'.repeat(9000)] }));
    expect(hard.map((c) => c.length)).toEqual([4096, 4096, 808]);
  });

  it('fits a caption in 1024 characters or says it was clipped (the text then goes in its own message)', () => {
    expect(htmlClipped(reply({ title: 'Image ready', blocks: ['a fox'] }))).toEqual({ html: '<b>Image ready</b>\n\na fox', clipped: false });
    const long = htmlClipped(reply({ blocks: ['y'.repeat(2000)] }));
    expect(long.clipped).toBe(true);
    expect(long.html.length).toBeLessThanOrEqual(1024);
  });

  it('writes the token flows the Telegram way in command hints', () => {
    expect(TELEGRAM_SURFACE.commandHint('setup', 'token')).toBe('/setup');
    expect(TELEGRAM_SURFACE.commandHint('token', 'link')).toBe('/token');
    expect(TELEGRAM_SURFACE.commandHint('budget', 'set')).toBe('/budget set');
  });
});

describe('Telegram buttons for neutral actions', () => {
  const table = () => new ActionTable(commandRegistry());

  it('encodes job actions compactly (restart-proof) and decodes them into the command with its job argument', async () => {
    const t = table();
    expect(t.dataFor({ label: 'Reroll', command: 'reroll', args: { job: 'j_abc' } })).toBe('r:j_abc');
    expect(t.dataFor({ label: 'Animate', command: 'animate', args: { job: 'j_abc' } })).toBe('a:j_abc');
    expect(t.dataFor({ label: 'Refresh', command: 'job', args: { job: 'j_abc' } })).toBe('f:j_abc');
    // a fresh table (after a restart) still knows them; Edit needs the instruction typed
    const fresh = table();
    expect(await fresh.resolve('r:j_abc')).toEqual({ label: 'reroll', command: 'reroll', args: { job: 'j_abc' } });
    expect(await fresh.resolve('e:j_abc')).toMatchObject({ command: 'edit', args: { job: 'j_abc' }, input: { arg: 'prompt' } });
    expect(await fresh.resolve('z:j_abc')).toBeUndefined();
  });

  it('keeps other actions in memory, within 64 bytes, and forgets the oldest past its bound', async () => {
    const t = new ActionTable(commandRegistry(), { maxRemembered: 2 });
    const a = t.dataFor({ label: 'Show', command: 'budget', subcommand: 'show', args: { user: '@someone_with_a_long_name' } });
    expect(a).toMatch(/^x:/);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(64);
    expect(await t.resolve(a)).toMatchObject({ command: 'budget', subcommand: 'show' });
    t.dataFor({ label: 'One', command: 'models', args: {} });
    t.dataFor({ label: 'Two', command: 'jobs', args: {} });
    expect(await t.resolve(a)).toBeUndefined();
  });

  it('takes a force-reply answer once, only from the user who pressed, before it expires; /cancel drops the user\'s open ones', async () => {
    let now = 0;
    const inputs = new PendingInputs({ coordination: new MemoryCoordination({ now: () => now }), ttlMs: 1000 });
    const action = { label: 'Edit', command: 'edit', args: { job: 'j_1' }, input: { arg: 'prompt', label: 'What should change?' } };
    await inputs.expect(-100, 5, 42, action);
    expect(await inputs.take(-100, 5, 43)).toBeUndefined();
    expect((await inputs.take(-100, 5, 42))?.action).toEqual(action);
    expect(await inputs.take(-100, 5, 42)).toBeUndefined();
    await inputs.expect(-100, 6, 42, action);
    now = 1001;
    expect(await inputs.take(-100, 6, 42)).toBeUndefined();
    await inputs.expect(-100, 7, 42, action);
    await inputs.expect(-100, 8, 42, action);
    await inputs.expect(-100, 9, 43, action);
    expect(await inputs.cancel(-100, 42)).toBe(2);
    expect(await inputs.take(-100, 7, 42)).toBeUndefined();
    expect((await inputs.take(-100, 9, 43))?.userId).toBe(43);
  });
});

describe('Telegram delivery addresses and menus', () => {
  it('reads its own address and a row stored before the surface field existed', () => {
    expect(toTelegramAddress({ surface: 'telegram', chatId: '-1001', userId: '7', statusMessageId: '9' })).toEqual({ surface: 'telegram', chatId: '-1001', userId: '7', statusMessageId: '9' });
    expect(toTelegramAddress({ surface: 'telegram', platform: 'telegram', chatId: '-1001', userExternalId: '7', replyToMessageId: '3' } as never)).toEqual({
      surface: 'telegram', chatId: '-1001', userId: '7', replyToMessageId: '3',
    });
    expect(() => toTelegramAddress({ surface: 'discord', channelId: '1' })).toThrow(TypeError);
  });

  it('generates menus by audience from the registry, within Telegram limits', () => {
    const menus = commandMenus(commandRegistry());
    // Three audiences for the default language, then the same three for each shipped language_code.
    const defaults = menus.filter((m) => m.languageCode === undefined);
    expect(defaults.map((m) => m.scope.type)).toEqual(['default', 'all_chat_administrators', 'all_private_chats']);
    expect(menus.length % 3).toBe(0);
    const [members, admins, privates] = defaults.map((m) => m.commands.map((c) => c.command));
    expect(members).toContain('imagine');
    expect(members).not.toContain('budget');
    expect(admins).toEqual(expect.arrayContaining([...(members ?? []), 'budget', 'usage', 'setup']));
    expect(privates).toContain('token');
    for (const m of menus) for (const c of m.commands) {
      expect(c.command).toMatch(/^[a-z0-9_]{1,32}$/);
      expect(c.description.length).toBeGreaterThan(0);
      expect(c.description.length).toBeLessThanOrEqual(256);
    }
  });
});
