/**
 * Fault matrix: every simulator fault on every job kind where it means something, driven through the real Telegram
 * adapter (fake Bot API) against an in-process app. Each case checks the final state (result posted, or the right
 * failure text), that the user's ledger moved only for a delivered result, that the ledger plus explained gaps equals
 * what the gateway billed, and that the bot still answers `/balance` afterwards.
 *
 * Explained gaps (the gateway billed something the bot never saw): a create/ask whose answer came after the bot's
 * deadline (no idempotency key, the gateway still made it), and a task that never ends (the bot releases the hold at
 * its deadline; the gateway refunds only at its own, much later, deadline).
 */
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/simulator/png.js';
import type { SimEndpoint, SimFaultKind, SimFaultRule } from '../../src/simulator/index.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { startTelegramStack, type TelegramStack } from './support/telegram-stack.js';

type Kind = 'imagine' | 'edit' | 'video' | 'ask';
interface Case {
  label: string;
  kind: Kind;
  rule?: SimFaultRule;
  marker?: SimFaultKind;
  /** `ok`: the result is posted and charged; otherwise the failure text shown. */
  expect: 'ok' | RegExp;
  /** The gateway bills what the bot never saw (see the module comment). */
  gap?: 'late_answer' | 'never_ends';
}

const TIMEOUT_MS = 1500;
const SLOW_MS = 2000;
const MODEL: Record<Kind, string> = { imagine: 'alpha-image-2', edit: 'alpha-image-2', video: 'gamma-video-1', ask: 'text-chat-mini' };
const ENDPOINT: Record<Kind, SimEndpoint | undefined> = { imagine: 'image', edit: 'edit', video: 'video_create', ask: undefined };
const TEXT = {
  busy: /The gateway is busy right now/,
  down: /could not be reached or answered with an error/,
  timeout: /did not answer in time/,
  noChannel: /the group this token belongs to cannot reach it/,
  tokenRejected: /refused the bot's own token/,
  quota: /run out of credit/,
  refused: /safety filter refused/,
};
/** Persistent request-level faults and the text each must produce. */
const REQUEST_FAULTS: [SimFaultKind, RegExp][] = [
  ['rate_limit', TEXT.busy],
  ['rate_limit_no_header', TEXT.busy],
  ['server_error', TEXT.down],
  ['bad_gateway', TEXT.down],
  ['unavailable', TEXT.busy],
  ['routing', TEXT.noChannel],
  ['auth', TEXT.tokenRejected],
  ['quota', TEXT.quota],
  ['content_policy', TEXT.refused],
  ['malformed', TEXT.down],
  ['slow', TEXT.timeout],
  ['reset', TEXT.down],
];

const CASES: Case[] = [
  ...(['imagine', 'edit', 'video', 'ask'] as const).flatMap((kind) =>
    REQUEST_FAULTS.map(([fault, text]): Case => {
      const c: Case = { label: `${fault} on ${kind}`, kind, rule: { kind: fault, model: MODEL[kind], ...(ENDPOINT[kind] ? { endpoint: ENDPOINT[kind] } : {}), ...(fault === 'slow' ? { slowMs: SLOW_MS } : {}) }, expect: text };
      if (fault === 'slow' && (kind === 'video' || kind === 'ask')) c.gap = 'late_answer';
      return c;
    }),
  ),
  { label: 'task_fail on video (refunded)', kind: 'video', marker: 'task_fail', expect: /The video could not be made.*refunded/s },
  { label: 'task_never_ends on video (expired, released)', kind: 'video', marker: 'task_never_ends', expect: /not ready in time.*nothing was charged/s, gap: 'never_ends' },
  { label: 'truncated_mp4 every time on video (made, charged, not delivered)', kind: 'video', marker: 'truncated_mp4', expect: /made and paid for, but the bot could not download it/ },
  { label: 'truncated_mp4 once on video (downloaded again, delivered)', kind: 'video', rule: { kind: 'truncated_mp4', endpoint: 'video_content', times: 1 }, expect: 'ok' },
  ...(['rate_limit', 'rate_limit_no_header', 'server_error', 'bad_gateway', 'unavailable', 'malformed', 'reset'] as const).map(
    (fault): Case => ({ label: `${fault} twice on video polls (retried, delivered)`, kind: 'video', rule: { kind: fault, endpoint: 'video_poll', times: 2 }, expect: 'ok' }),
  ),
  ...(['rate_limit_no_header', 'server_error', 'reset'] as const).flatMap((fault) =>
    (['imagine', 'edit', 'ask'] as const).map((kind): Case => ({ label: `${fault} once on ${kind} (retried, succeeds)`, kind, rule: { kind: fault, model: MODEL[kind], times: 1 }, expect: 'ok' })),
  ),
];

let t: TelegramStack;
let png: Buffer;
let gap = 0;
let passed = 0;

const ledgerVsGateway = async () => (await ledgerNetCharged(t.stack.store)) + gap - t.stack.sim.spentMicros(t.stack.sim.tokens.media);

describe('fault matrix: every gateway fault on every job kind, through Telegram', () => {
  beforeAll(async () => {
    t = await startTelegramStack({
      env: { DEFAULT_ALLOWANCE: '100', GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS), JOB_DEADLINE_MS: '4000', MAX_JOBS_PER_USER: '4' },
    });
    png = await encodePng(64, 48, { r: 10, g: 200, b: 90 });
    expect((await t.stack.core.models({ scope: { platform: 'telegram', externalId: '1', kind: 'private' }, user: { platform: 'telegram', externalId: '1' } })).ok).toBe(true);
  });

  afterAll(async () => {
    console.log(`fault matrix: ${passed}/${CASES.length} cases passed (explained gateway-only charges: ${gap} µ$)`);
    await t?.close('faults');
  });

  it.each(CASES.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const { fake, stack } = t;
    stack.sim.clearFaults();
    const user: User = fake.user();
    const chat: Chat.PrivateChat = fake.privateChat(user);
    if (c.rule) stack.sim.addFault(c.rule);
    const prompt = `fault case ${c.label.replace(/[^a-z0-9 ]/gi, '')}${c.marker ? ` [[fault:${c.marker}]]` : ''}`;
    const before = stack.sim.requests().length;
    if (c.kind === 'edit') fake.sendPhoto({ chat, from: user, bytes: png, caption: `/edit ${prompt}` });
    else fake.sendText({ chat, from: user, text: c.kind === 'video' ? `/video ${prompt} --seconds 4` : `/${c.kind} ${prompt}` });

    if (c.expect === 'ok') {
      const method = c.kind === 'video' ? 'sendVideo' : c.kind === 'ask' ? 'sendMessage' : 'sendPhoto';
      const done = await fake.waitFor((x) => x.method === method && x.ok && Number(x.params.chat_id) === chat.id && (method !== 'sendMessage' || /You said/.test(String(x.params.text))), 15_000);
      expect(done.ok).toBe(true);
      if (c.kind === 'video') await waitJobEnd(chat, user);
      expect((await stack.core.balance(t.actor(chat, user))).spentMicros).toBeGreaterThan(0);
    } else {
      const text = await t.waitText(chat.id, c.expect, 15_000);
      // The failure is shown once: the status message edited to it (or one message from the video's delivery).
      expect(t.texts(chat.id).filter((x) => x === text)).toHaveLength(1);
      if (c.gap !== 'never_ends' && !/paid for/.test(text)) expect(text).toMatch(/nothing was charged/i);
      expect(text).toMatch(/Reference [A-Z0-9]+: /);
      expect(text).not.toMatch(/sk-|request id|\{|at .*\(/);
      if (c.kind === 'video') await waitJobEnd(chat, user);
      const bal = await stack.core.balance(t.actor(chat, user));
      if (/paid for/.test(text)) expect(bal.spentMicros).toBe(200_000);
      else expect(bal.spentMicros).toBe(0);
      expect(fake.calls.filter((x) => ['sendPhoto', 'sendVideo'].includes(x.method) && x.ok && Number(x.params.chat_id) === chat.id)).toEqual([]);
    }
    expect(bal0(await stack.core.balance(t.actor(chat, user)))).toBe(0);

    if (c.gap) {
      // Let the late answer land (or the endless task stay charged), then account for exactly that.
      await new Promise((r) => setTimeout(r, c.gap === 'late_answer' ? SLOW_MS + 300 : 0));
      const diff = -(await ledgerVsGateway());
      const creates = stack.sim.requests().slice(before).filter((r) => r.endpoint === (c.kind === 'video' ? 'video_create' : 'chat'));
      if (c.kind === 'video') expect(diff).toBe(200_000);
      else expect(diff > 0 && diff <= creates.length * 1_000).toBe(true);
      gap += diff;
    }
    expect(await ledgerVsGateway()).toBe(0);
    expect(await openHolds(stack.store)).toBe(0);

    stack.sim.clearFaults();
    const ping = fake.sendText({ chat, from: user, text: '/balance' });
    await fake.waitFor((x) => x.method === 'sendMessage' && x.ok && (x.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === ping.message_id, 5000);
    passed += 1;
  });
});

/** Held money of a balance (must be 0 once the job ended). */
function bal0(b: { heldMicros: number }): number {
  return b.heldMicros;
}

/** Waits until the chat's video job reached a final status. */
async function waitJobEnd(chat: Chat, user: User): Promise<void> {
  const end = Date.now() + 15_000;
  for (;;) {
    const jobs = await t.stack.core.jobs(t.actor(chat, user));
    if (jobs.length > 0 && jobs.every((j) => ['delivered', 'refunded', 'expired', 'released', 'undeliverable', 'failed', 'succeeded'].includes(j.status))) return;
    if (Date.now() > end) throw new Error(`video job did not end: ${JSON.stringify(jobs.map((j) => j.status))}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}
