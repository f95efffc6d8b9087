import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type ApiCall, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { appOnSameDatabase } from '../support/more-apps.js';
import { startTelegramFor } from '../support/telegram-bot.js';

type Msg = { message_id: number; text?: string; media_group_id?: string; reply_to_message?: { message_id: number }; reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } };

/**
 * `/imagine --n 4` on Telegram: one album of 4 photos and a message with V1…V4 / U1…U4 (albums carry no keyboard),
 * charged 4 = the simulator's bill; then the bot restarts (a new app and adapter on the same database: no button
 * remembered in memory) and V3 runs once, for its owner only; a stranger's press is refused free. The time from a
 * V press to the status message is measured (printed).
 */
describe('Telegram: several images as an album, V/U buttons across a restart', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle | undefined;
  let later: App | undefined;
  let group: Chat.SupergroupChat;
  let owner: User;
  const logLines: string[] = [];

  const actor = (user: User): Actor => ({ scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' }, user: { platform: 'telegram', externalId: String(user.id) } });
  const isReplyTo = (id: number) => (c: ApiCall) => c.ok && String(c.params.chat_id) === String(group.id) && (c.result as Msg | undefined)?.reply_to_message?.message_id === id;
  const imageCalls = (from: number) => stack.sim.requests().slice(from).filter((r) => r.endpoint === 'image' || r.endpoint === 'edit');
  const buttons = (m: Msg) => (m.reply_markup?.inline_keyboard ?? []).flat();

  beforeAll(async () => {
    stack = await createTestStack({ env: { DEFAULT_ALLOWANCE: '5' } });
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Variations' });
    owner = fake.user({ username: 'owner_of_four' });
    tg = await startTelegramFor(stack, fake, logLines);
  });

  afterAll(async () => {
    await tg?.stop();
    await later?.close();
    await fake?.close();
    await stack?.close();
  });

  let keyboardMessage: Msg;

  it('--n 4 arrives as one album of 4 photos, then one message with the buttons; charged 4 = the simulator bill', async () => {
    const at = stack.sim.requests().length;
    const cmd = fake.sendText({ chat: group, from: owner, text: '/imagine four foxes --n 4' });
    const album = await fake.waitFor((c) => c.method === 'sendMediaGroup' && c.ok, 10_000);
    expect((album.params.media as unknown[]).length).toBe(4);
    expect((album.result as Msg[]).map((m) => m.reply_to_message?.message_id)).toEqual(Array(4).fill(cmd.message_id));
    const text = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && buttons(c.result as Msg).length > 0, 10_000);
    keyboardMessage = text.result as Msg;
    const rows = keyboardMessage.reply_markup!.inline_keyboard.map((r) => r.map((b) => b.text));
    expect(rows).toEqual([['V1', 'V2', 'V3', 'V4'], ['U1', 'U2', 'U3', 'U4'], ['Reroll', 'Edit', 'Animate']]);
    expect(buttons(keyboardMessage).find((b) => b.text === 'V3')?.callback_data).toMatch(/^v3:j_/);
    expect(keyboardMessage.text).toContain('four foxes');
    expect(fake.calls.filter((c) => ['sendPhoto', 'sendDocument'].includes(c.method) && String(c.params.chat_id) === String(group.id))).toEqual([]);
    expect(imageCalls(at)).toHaveLength(4);
    expect((await stack.core.balance(actor(owner))).spentMicros).toBe(40_000);
    expect(await ledgerNetCharged(stack.store, 'operator')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
  });

  it('after a restart, a stranger pressing V3 is refused with an alert and nothing charged; the owner V3 runs once', async () => {
    await tg?.stop();
    tg = undefined;
    await stack.app.close();
    later = await appOnSameDatabase(stack, { DEFAULT_ALLOWANCE: '5' });
    tg = await startTelegramFor(stack, fake, logLines, { app: later });

    const v3 = buttons(keyboardMessage).find((b) => b.text === 'V3')!.callback_data!;
    const stranger = fake.user({ username: 'not_the_owner' });
    const at = stack.sim.requests().length;
    const press = fake.pressButton({ chat: group, from: stranger, message: keyboardMessage.message_id, data: v3 });
    const refusal = await fake.waitFor((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === press.id, 5000);
    expect(refusal.params.show_alert).toBe(true);
    expect(String(refusal.params.text)).toMatch(/Only the member who started job/);
    expect(imageCalls(at)).toEqual([]);
    expect((await later.core.balance(actor(stranger))).spentMicros).toBe(0);

    const pressedAt = Date.now();
    fake.pressButton({ chat: group, from: owner, message: keyboardMessage.message_id, data: v3 });
    const status = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(keyboardMessage.message_id)(c), 10_000);
    const clickToStatusMs = status.at - pressedAt;
    const photo = await fake.waitFor((c) => c.method === 'sendPhoto' && isReplyTo(keyboardMessage.message_id)(c), 10_000);
    console.log(`[measure] Telegram V3 press → status message: ${clickToStatusMs} ms; → result photo: ${photo.at - pressedAt} ms`);
    expect(imageCalls(at).map((r) => [r.endpoint, r.imageParts])).toEqual([['edit', 1]]);
    expect((await later.core.balance(actor(owner))).spentMicros).toBe(50_000);
    const again = buttons(photo.result as Msg).map((b) => b.text);
    expect(again.slice(0, 2)).toEqual(['Vary', 'Upscale']);
    expect(await ledgerNetCharged(later.store, 'operator')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
    expect(await openHolds(later.store)).toBe(0);
  });

  it("a group admin pressing U2 of another member's job runs it once, paid by the admin (asked of getChatMember)", async () => {
    const app = later!;
    const admin = fake.user({ username: 'group_mod' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    const u2 = buttons(keyboardMessage).find((b) => b.text === 'U2')!.callback_data!;
    const at = stack.sim.requests().length;
    const asked = fake.calls.filter((c) => c.method === 'getChatMember').length;
    const seen = new Set(fake.calls);
    fake.pressButton({ chat: group, from: admin, message: keyboardMessage.message_id, data: u2 });
    const photo = await fake.waitFor((c) => !seen.has(c) && c.method === 'sendPhoto' && isReplyTo(keyboardMessage.message_id)(c), 10_000);
    expect(photo.ok).toBe(true);
    expect(imageCalls(at).map((r) => [r.endpoint, r.imageParts])).toEqual([['edit', 1]]);
    expect(fake.calls.filter((c) => c.method === 'getChatMember').length).toBeGreaterThan(asked);
    expect((await app.core.balance(actor(admin))).spentMicros).toBeGreaterThan(0);
    expect((await app.core.balance(actor(owner))).spentMicros).toBe(50_000);
    expect(await ledgerNetCharged(app.store, 'operator')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
    expect(await openHolds(app.store)).toBe(0);
  });
});
