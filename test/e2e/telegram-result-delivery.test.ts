/**
 * Issue 11 on Telegram: an image or answer the bot made is delivered, or the user is told the truth, whatever
 * Telegram answers: a 429 asking for 60 s (past the 30 s the retry transformer waits), three 429s in a row, a 413 for
 * the photo and the document. Real grammY → fake Bot API, real core → simulator; after every scenario the ledger
 * plus the recorded gateway losses equal the simulator's bill and no hold is left open.
 */
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { DbProbe, until } from '../reliability/support/db-probe.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

describe('Telegram: results kept and delivered durably', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let probe: DbProbe;
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    tg = await startTelegramFor(stack, fake, logLines);
    probe = new DbProbe(stack.dbPath);
  });

  afterAll(async () => {
    probe?.close();
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  /** A fresh user in a fresh private chat. */
  function chat(name: string): { user: User; chat: Chat.PrivateChat } {
    const user = fake.user({ firstName: name });
    return { user, chat: fake.privateChat(user) };
  }

  const texts = (c: Chat) => fake.sent(c.id).map((m) => m.text ?? m.caption ?? '').join('\n');
  const okCalls = (method: string, c: Chat) => fake.calls.filter((x) => x.method === method && x.ok && String(x.params.chat_id) === String(c.id));

  /** Ledger + gateway losses = what the simulator billed; no hold open. */
  async function moneyBalances(): Promise<void> {
    const losses = await stack.store.budgets.gatewayLosses();
    expect(probe.ledgerNet() + losses.certainMicros).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
    expect(probe.openHolds()).toBe(0);
  }

  it('a 429 with retry_after 60 on sendPhoto: the kept image is posted by the delivery step at Telegram\'s time, charged once', async () => {
    const { user, chat: c } = chat('Sixty');
    fake.rateLimitNext('sendPhoto', 60);
    fake.sendText({ chat: c, from: user, text: '/imagine a patient fox' });
    const job = await until('the job handed over', () => {
      const j = probe.jobsOfChat(c.id)[0];
      return j?.status === 'delivering' && j.lease_owner === null ? j : undefined;
    });
    expect(job.next_poll_at!).toBeGreaterThan(Date.now() + 50_000);
    expect(job.charged_micros).toBe(10_000);
    await until('the status says the truth', () => /ready and was charged/.test(texts(c)) || fake.calls.some((x) => x.method === 'editMessageText' && /ready and was charged/.test(String(x.params.text))));
    expect(okCalls('sendPhoto', c)).toHaveLength(0);
    await moneyBalances();
    // Time passes: the 60 s are up.
    await stack.store.jobs.update(job.id, ['delivering'], { nextPollAt: Date.now() });
    await until('the photo', () => okCalls('sendPhoto', c).length > 0, 8000);
    await until('delivered', () => probe.jobsOfChat(c.id)[0]?.status === 'delivered');
    expect(okCalls('sendPhoto', c)).toHaveLength(1);
    expect(probe.ledgerNet(job.id)).toBe(10_000);
    await moneyBalances();
  });

  it('three 429s in a row: retried at retry_after, posted once', async () => {
    const { user, chat: c } = chat('Three');
    fake.rateLimitNext('sendPhoto', 1, 3);
    fake.sendText({ chat: c, from: user, text: '/imagine a persistent owl' });
    await until('the photo', () => okCalls('sendPhoto', c).length > 0, 12_000);
    await until('delivered', () => probe.jobsOfChat(c.id)[0]?.status === 'delivered');
    expect(okCalls('sendPhoto', c)).toHaveLength(1);
    expect(probe.ledgerNet(probe.jobsOfChat(c.id)[0]!.id)).toBe(10_000);
    await moneyBalances();
  });

  it('413 for the photo: sent as a document instead, charged', async () => {
    const { user, chat: c } = chat('Doc');
    fake.errorNext('sendPhoto', 413, 'Request Entity Too Large');
    fake.sendText({ chat: c, from: user, text: '/imagine a large heron' });
    await until('the document', () => okCalls('sendDocument', c).length > 0, 8000);
    await until('delivered', () => probe.jobsOfChat(c.id)[0]?.status === 'delivered');
    await moneyBalances();
  });

  it('413 for the photo and the document, every time: not charged, the gateway bill recorded as a loss, and the user told so', async () => {
    const { user, chat: c } = chat('Huge');
    fake.errorNext('sendPhoto', 413, 'Request Entity Too Large', 2);
    fake.errorNext('sendDocument', 413, 'Request Entity Too Large', 2);
    const before = await stack.store.budgets.gatewayLosses();
    fake.sendText({ chat: c, from: user, text: '/imagine an enormous whale' });
    const job = await until('undeliverable', () => {
      const j = probe.jobsOfChat(c.id)[0];
      return j?.status === 'undeliverable' ? j : undefined;
    }, 8000);
    await until('the user told', () => /could not be posted because it is larger than this chat accepts\. You were not charged/.test(texts(c)));
    expect(texts(c)).not.toMatch(/Nothing was charged.*try again|Please send it again/i);
    expect(probe.ledgerNet(job.id)).toBe(0);
    const after = await stack.store.budgets.gatewayLosses();
    expect(after.certainMicros - before.certainMicros).toBe(10_000);
    await moneyBalances();
  });

  it('/ask whose answer cannot be posted at once is delivered later, charged once', async () => {
    const { user, chat: c } = chat('Asker');
    // The status line and the answer both meet flood control (which one comes first does not matter).
    fake.rateLimitNext('sendMessage', 45, 2);
    fake.sendText({ chat: c, from: user, text: '/ask what is a heron?' });
    const job = await until('handed over', () => {
      const j = probe.jobsOfChat(c.id)[0];
      return j?.status === 'delivering' && j.lease_owner === null ? j : undefined;
    });
    expect(job.next_poll_at!).toBeGreaterThan(Date.now() + 30_000);
    // Time passes (as often as Telegram asks).
    await until('delivered', () => {
      void stack.store.jobs.update(job.id, ['delivering'], { nextPollAt: Date.now() });
      return probe.jobsOfChat(c.id)[0]?.status === 'delivered';
    }, 8000);
    expect(texts(c)).toContain('You said: "what is a heron?"');
    expect(probe.ledgerNet(job.id)).toBeGreaterThan(0);
    await moneyBalances();
  });

  /** A message's caption or text and buttons with the job ids taken out, to compare a direct post with a late one. */
  const JOB_ID = /j_[a-z2-7]{8}/gi;
  const shape = (m: { caption?: string; text?: string; replyMarkup?: unknown }) => ({
    words: (m.caption ?? m.text ?? '').replace(JOB_ID, '<job>'),
    buttons: JSON.stringify(m.replyMarkup ?? null).replace(JOB_ID, '<job>'),
  });

  it('an image whose sendPhoto meets a 429 is posted later with the same caption facts and buttons as a direct post', async () => {
    const direct = chat('Direct');
    fake.sendText({ chat: direct.chat, from: direct.user, text: '/imagine a twin lynx' });
    await until('the direct photo', () => okCalls('sendPhoto', direct.chat).length > 0, 8000);
    await until('delivered directly', () => probe.jobsOfChat(direct.chat.id)[0]?.status === 'delivered');
    const directPhoto = fake.sent(direct.chat.id).find((m) => m.method === 'sendPhoto')!;

    const late = chat('Late');
    fake.rateLimitNext('sendPhoto', 60);
    fake.sendText({ chat: late.chat, from: late.user, text: '/imagine a twin lynx' });
    const job = await until('handed over', () => {
      const j = probe.jobsOfChat(late.chat.id)[0];
      return j?.status === 'delivering' && j.lease_owner === null ? j : undefined;
    });
    await stack.store.jobs.update(job.id, ['delivering'], { nextPollAt: Date.now() });
    await until('the late photo', () => okCalls('sendPhoto', late.chat).length > 0, 8000);
    await until('delivered late', () => probe.jobsOfChat(late.chat.id)[0]?.status === 'delivered');
    const latePhoto = fake.sent(late.chat.id).find((m) => m.method === 'sendPhoto')!;

    expect(directPhoto.caption).toMatch(/Model: .*\n?.*Cost: \$0\.01/s);
    expect(directPhoto.caption).toContain('Left:');
    expect(JSON.stringify(directPhoto.replyMarkup)).toMatch(/Reroll.*Edit.*Animate/);
    expect(shape(latePhoto)).toEqual(shape(directPhoto));
    // The late buttons work like the direct ones: they name the late job.
    expect(JSON.stringify(latePhoto.replyMarkup)).toContain(job.id);
    await moneyBalances();
  });

  it('an answer posted late carries the same (no) buttons as a direct answer, and its model and cost', async () => {
    const direct = chat('DirectAsk');
    fake.sendText({ chat: direct.chat, from: direct.user, text: '/ask what is a kestrel?' });
    await until('answered directly', () => probe.jobsOfChat(direct.chat.id)[0]?.status === 'delivered', 8000);
    const directAnswer = fake.sent(direct.chat.id).find((m) => /kestrel/.test(m.text ?? '') && m.method === 'sendMessage' && /Cost/.test(m.text ?? ''))!;

    const late = chat('LateAsk');
    fake.rateLimitNext('sendMessage', 45, 2);
    fake.sendText({ chat: late.chat, from: late.user, text: '/ask what is a kestrel?' });
    const job = await until('handed over', () => {
      const j = probe.jobsOfChat(late.chat.id)[0];
      return j?.status === 'delivering' && j.lease_owner === null ? j : undefined;
    });
    await until('delivered late', () => {
      void stack.store.jobs.update(job.id, ['delivering'], { nextPollAt: Date.now() });
      return probe.jobsOfChat(late.chat.id)[0]?.status === 'delivered';
    }, 8000);
    const lateAnswer = fake.sent(late.chat.id).find((m) => /kestrel/.test(m.text ?? '') && /Cost/.test(m.text ?? ''))!;
    expect(shape(lateAnswer).buttons).toBe(shape(directAnswer).buttons);
    expect(lateAnswer.replyMarkup).toBeUndefined();
    for (const fact of ['Model:', 'Cost: $', `Job: ${job.id}`]) expect(lateAnswer.text).toContain(fact);
    await moneyBalances();
  });

  it('no handler or background task failed, and the bot token never reached a log', () => {
    expect(logLines.join('') + stack.logs()).not.toContain(fake.token);
    expect(logLines.join('')).not.toMatch(/telegram handler failed|background task failed/);
  });
});
