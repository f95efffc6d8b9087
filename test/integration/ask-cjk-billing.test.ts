import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/core/messages/failure-text.js';
import { formatMoney } from '../../src/core/i18n/format.js';
import { askHoldMicros, chatCostMicros } from '../../src/core/money/chat-cost.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { gatewayLosses, ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';

/** The neutral text model's price: $0.002 per 1,000 tokens, prompt and answer alike. */
const PER_1K = 2_000;
const ALLOWANCE = 50_000;

let t: TestStack;

beforeAll(async () => {
  t = await createTestStack({ startPoller: false, env: { DEFAULT_ALLOWANCE: '0.05' } });
});
afterAll(() => t?.close());

/**
 * `/ask` in CJK against a gateway that bills by characters (the simulator's `bill_by_chars` and `no_usage` faults:
 * one token per character of the prompt and of the answer, and a model that writes 20,000 characters unless
 * `max_tokens` stops it). The hold is an upper bound of what the gateway can bill, so a member's allowance is never
 * overspent at the gateway and no loss is left to record.
 */
describe('ask: CJK against a gateway billing by characters', () => {
  it('the simulator bills one token per character and honours max_tokens', async () => {
    const prompt = '日本の山について教えてください';
    t.sim.clearRequests();
    const res = await fetch(`${t.sim.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.sim.tokens.text}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'text-chat-mini', messages: [{ role: 'user', content: `${prompt}[[fault:bill_by_chars]]` }], max_tokens: 50 }),
    });
    const body = (await res.json()) as { choices: { message: { content: string }; finish_reason: string }[]; usage: { prompt_tokens: number; completion_tokens: number } };
    expect(res.status).toBe(200);
    expect(body.choices[0]!.finish_reason).toBe('length');
    expect([...body.choices[0]!.message.content]).toHaveLength(50);
    expect(body.usage).toMatchObject({ prompt_tokens: [...`\n${prompt}[[fault:bill_by_chars]]`].length, completion_tokens: 50 });
    expect(t.sim.requests().at(-1)?.maxTokens).toBe(50);
  });

  it('a member with a $0.05 allowance cannot make the gateway bill more than the holds; the refusal is true', async () => {
    t.sim.addFault({ kind: 'bill_by_chars', endpoint: 'chat' });
    const member = t.actor({ user: 'mei' });
    // 3,900 CJK characters: ~1 token each at this gateway, where the old hold (chars / 4 + 1024) assumed ~4 per token.
    const prompt = '山'.repeat(3_900);
    const oldHold = chatCostMicros(Math.ceil(prompt.length / 4) + 1024, 0, PER_1K);
    const billedBefore = t.sim.spentMicros(t.sim.tokens.media);
    let answered = 0;
    let refusal: string | undefined;
    for (let i = 0; i < 20 && refusal === undefined; i++) {
      const billed = t.sim.spentMicros(t.sim.tokens.media);
      const r = await t.core.ask({ ...member, prompt });
      if (!r.ok) {
        expect(r.failure.code).toBe('budget_exhausted');
        refusal = describeFailure(r.failure).text;
        expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(billed); // refused before the gateway was called
        break;
      }
      answered++;
      const thisBill = t.sim.spentMicros(t.sim.tokens.media) - billed;
      const hold = askHoldMicros(prompt, PER_1K, 1024);
      // The gateway billed 3,901 prompt characters and a 1,024-character answer (stopped by max_tokens)…
      expect(thisBill).toBe(chatCostMicros(3_901, 1_024, PER_1K));
      expect(t.sim.requests().at(-1)?.maxTokens).toBe(1024);
      // …more than the old hold would have covered, but within the hold, and exactly what the member was charged.
      expect(thisBill).toBeGreaterThan(oldHold);
      expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
        { kind: 'hold', amount: hold },
        { kind: 'charge', amount: thisBill },
      ]);
      expect(r.value.costMicros).toBe(thisBill);
    }
    expect(answered).toBeGreaterThan(0);
    const billed = t.sim.spentMicros(t.sim.tokens.media) - billedBefore;
    // The words are true: the next question's hold, and what is really left of the $0.05.
    expect(refusal).toContain(`This would cost ${formatMoney('en', askHoldMicros(prompt, PER_1K, 1024))} but you have ${formatMoney('en', ALLOWANCE - billed)} left.`);
    expect(billed).toBeLessThanOrEqual(ALLOWANCE);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(billed);
    expect(await gatewayLosses(t.store)).toBe(0);
    expect(await openHolds(t.store)).toBe(0);
    expect((await t.core.balance(member)).spentMicros).toBe(billed);
    t.sim.clearFaults();
  });

  it('an answer without usage is charged from the bot’s own count: never $0, never past the hold, at least the bill', async () => {
    t.sim.addFault({ kind: 'no_usage', endpoint: 'chat' });
    const member = t.actor({ user: 'jun' });
    const prompt = '海'.repeat(2_000);
    const billedBefore = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.ask({ ...member, prompt });
    t.sim.clearFaults();
    if (!r.ok) throw new Error(r.failure.code);
    const billed = t.sim.spentMicros(t.sim.tokens.media) - billedBefore;
    expect(billed).toBe(chatCostMicros(2_001, 1_024, PER_1K));
    const hold = askHoldMicros(prompt, PER_1K, 1024);
    // The bot counts UTF-8 bytes (3 per CJK character) where this gateway counts characters: a conservative charge,
    // within the hold, so nothing the gateway billed is left unrecorded (no loss) and nothing is free.
    expect(r.value.costMicros).toBeGreaterThanOrEqual(billed);
    expect(r.value.costMicros).toBeLessThanOrEqual(hold);
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: hold },
      { kind: 'charge', amount: r.value.costMicros },
    ]);
    expect(await gatewayLosses(t.store)).toBe(0);
    expect(await openHolds(t.store)).toBe(0);
  });

  it('an answer whose usage says 0 tokens is counted like one without usage, not given away', async () => {
    t.sim.addFault({ kind: 'zero_usage', endpoint: 'chat' });
    const member = t.actor({ user: 'aiko' });
    const prompt = '川'.repeat(1_000);
    const billedBefore = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.ask({ ...member, prompt });
    t.sim.clearFaults();
    if (!r.ok) throw new Error(r.failure.code);
    const billed = t.sim.spentMicros(t.sim.tokens.media) - billedBefore;
    expect(billed).toBe(chatCostMicros(1_001, 1_024, PER_1K));
    expect(r.value.costMicros).toBeGreaterThanOrEqual(billed);
    expect(r.value.costMicros).toBeLessThanOrEqual(askHoldMicros(prompt, PER_1K, 1024));
    expect(r.value.totalTokens).toBeGreaterThan(0);
    expect(await gatewayLosses(t.store)).toBe(0);
    expect(await openHolds(t.store)).toBe(0);
  });
});
