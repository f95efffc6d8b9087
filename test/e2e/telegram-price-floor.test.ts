import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import type { ApiCall } from '../fakes/telegram/types.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged } from '../support/ledger.js';
import { startTelegramFor } from '../support/telegram-bot.js';

type Msg = { message_id: number; text?: string; reply_to_message?: { message_id: number } };

/**
 * Who may spend the operator's token (issue 21, N1): anyone can create a Telegram group and be its admin there, so a
 * community admin's price may not go below what the gateway bills the operator while the operator's token pays.
 * The gateway (simulator) bills alpha-image-2 $0.01 per image.
 */
describe('a stranger\'s group cannot undercut the operator\'s cost', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let owner: User;
  const logLines: string[] = [];

  const isReplyTo = (chat: Chat, id: number) => (c: ApiCall) => c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg | undefined)?.reply_to_message?.message_id === id;
  async function say(chat: Chat, from: User, text: string): Promise<string> {
    const msg = fake.sendText({ chat, from, text });
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(chat, msg.message_id)(c), 5000);
    return String((call.result as Msg).text);
  }
  const actor = (chat: Chat, user: User): Actor => ({ scope: { platform: 'telegram', externalId: String(chat.id), kind: 'group' }, user: { platform: 'telegram', externalId: String(user.id) } });
  /** Makes `n` images for `who` and returns [what the ledger charged, what the gateway billed the operator]. */
  async function images(who: Actor, n: number, token: string): Promise<[number, number]> {
    const charged = await ledgerNetCharged(stack.store);
    const billed = stack.sim.spentMicros(token);
    for (let i = 0; i < n; i++) {
      const r = await stack.core.imagine({ ...who, prompt: `a cheap harbour ${i}`, model: 'alpha-image-2' });
      if (!r.ok) throw new Error(r.failure.code);
    }
    return [(await ledgerNetCharged(stack.store)) - charged, stack.sim.spentMicros(token) - billed];
  }

  beforeAll(async () => {
    fake = await startFakeTelegram();
    owner = fake.user({ username: 'operator' });
    stack = await createTestStack({ env: { OWNER_IDS: `telegram:${owner.id}`, DEFAULT_ALLOWANCE: '5' } });
    tg = await startTelegramFor(stack, fake, logLines);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('the admin of a new group is refused below the gateway\'s price, told the lowest allowed; nothing is stored', async () => {
    const group = fake.supergroup({ title: 'Free images' });
    const stranger = fake.user({ username: 'stranger' });
    fake.setChatMember(group.id, stranger.id, 'creator');
    const reply = await say(group, stranger, '/prices set alpha-image-2 0.000001');
    expect(reply).toMatch(/cannot cost less than the gateway charges for it: at least \$0\.01 per image/);
    expect(reply).not.toMatch(/now costs/);
    expect(await say(group, stranger, '/prices set alpha-image-2 0.0099')).toMatch(/at least \$0\.01 per image/);
    expect(await say(group, stranger, '/prices set alpha-image-2 0.5 second')).toMatch(/at least \$0\.01 per image/);
    expect(await stack.store.modelSettings.all()).toEqual([]);
    // Members there pay at least what the gateway bills the operator.
    const member = fake.user({ username: 'friend' });
    const [charged, billed] = await images(actor(group, member), 3, stack.sim.tokens.media);
    expect(billed).toBe(30_000);
    expect(charged).toBeGreaterThanOrEqual(billed);
    // At or above the cost is the admin's choice.
    expect(await say(group, stranger, '/prices set alpha-image-2 0.02')).toMatch(/alpha-image-2 now costs \$0\.02 per image here/);
    expect(await images(actor(group, member), 1, stack.sim.tokens.media)).toEqual([20_000, 10_000]);
  });

  it('at job time a below-cost admin price is ignored while the operator\'s token pays (a price stored earlier, or while the group had its own token)', async () => {
    const group = fake.supergroup({ title: 'Old prices' });
    const admin = fake.user({ username: 'old-admin' });
    fake.setChatMember(group.id, admin.id, 'creator');
    const scope = await stack.store.directory.ensureScope({ platform: 'telegram', externalId: String(group.id) });
    await stack.store.modelSettings.setPrice('someone', scope.id, 'alpha-image-2', { unit: 'image', unitMicros: 1 });
    stack.app.catalog.book.setAdminSettings(await stack.store.modelSettings.all());
    const [charged, billed] = await images(actor(group, admin), 5, stack.sim.tokens.media);
    expect(billed).toBe(50_000);
    expect(charged).toBe(50_000);
    const models = await stack.core.models(actor(group, admin));
    expect(models.ok && models.value.find((m) => m.id === 'alpha-image-2')?.priceText).not.toMatch(/set by an admin/);
  });

  it('a community that linked its own token prices freely; the operator\'s token is not spent', async () => {
    const group = fake.supergroup({ title: 'Own token' });
    const admin = fake.user({ username: 'own-admin' });
    fake.setChatMember(group.id, admin.id, 'creator');
    const own = 'sk-own-community-token-0001';
    stack.sim.addToken(own, 'media');
    expect((await stack.core.linkToken(actor(group, admin), own, false)).ok).toBe(true);
    expect(await say(group, admin, '/prices set alpha-image-2 0.001')).toMatch(/alpha-image-2 now costs \$0\.001 per image here/);
    const operatorBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    expect(await images(actor(group, admin), 2, own)).toEqual([2_000, 20_000]);
    expect(stack.sim.spentMicros(stack.sim.tokens.media)).toBe(operatorBefore);
    // Unlinked: the operator's token pays again, and the cheap price no longer applies.
    expect((await stack.core.unlinkToken(actor(group, admin), false)).ok).toBe(true);
    expect(await images(actor(group, admin), 1, stack.sim.tokens.media)).toEqual([10_000, 10_000]);
  });

  it('an owner may set any price, even below cost on the operator\'s token', async () => {
    const group = fake.supergroup({ title: 'Owner\'s own group' });
    fake.setChatMember(group.id, owner.id, 'creator');
    expect(await say(group, owner, '/prices set alpha-image-2 0.001')).toMatch(/alpha-image-2 now costs \$0\.001 per image here/);
    expect(await images(actor(group, owner), 1, stack.sim.tokens.media)).toEqual([1_000, 10_000]);
  });

  it('a model whose cost the bot cannot know is not priced by a community admin on the operator\'s token', async () => {
    const group = fake.supergroup({ title: 'Unknown model' });
    const admin = fake.user({ username: 'unknown-admin' });
    fake.setChatMember(group.id, admin.id, 'creator');
    expect(await say(group, admin, '/prices set mystery-model-9 0.001 image')).toMatch(/does not know what the gateway charges for mystery-model-9/);
  });
});
