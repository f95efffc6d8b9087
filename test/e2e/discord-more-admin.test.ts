import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle, type MessageSnapshot } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack } from '../support/harness.js';

type Stack = Awaited<ReturnType<typeof createTestStack>>;
const EPHEMERAL = 64;

/** Parses RFC 4180 CSV as written by the usage report (quoted cells, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else if (c !== '\r') cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** /budget, /usage, /setup and /token: real discord.js → fake Discord, real core → simulator. */
describe('Discord adapter: budgets, usage, setup, personal tokens', () => {
  let stack: Stack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const actorOf = (userId: string): Actor => ({
    scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' },
    user: { platform: 'discord', externalId: userId },
  });
  const balance = (userId: string) => stack.core.balance(actorOf(userId));

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  /** Runs an admin slash command as the guild owner; returns its ephemeral answer. */
  async function admin(name: string, subcommand: string | undefined, options: Record<string, string | { user: string }> = {}): Promise<MessageSnapshot> {
    const h = fake.slashCommand({ name, ...(subcommand ? { subcommand } : {}), userId: fake.adminUserId, options });
    const cb = await h.waitForCallback();
    expect(cb.type).toBe(5);
    expect(cb.data?.flags).toBe(EPHEMERAL);
    return h.waitForOriginalEdit((m) => m.content.length > 0);
  }

  /** The private answer of a public-deferred command (ephemeral follow-up) or of an immediate reply. */
  async function privateAnswer(h: InteractionHandle): Promise<{ content: string; flags: number }> {
    const cb = await h.waitForCallback();
    if (cb.type === 4) return { content: String(cb.data?.content ?? ''), flags: Number(cb.data?.flags ?? 0) };
    return h.waitForFollowUp();
  }

  async function imagine(userId: string, prompt: string): Promise<MessageSnapshot> {
    const h = fake.slashCommand({ name: 'imagine', userId, options: { prompt, size: '256x256' } });
    return h.waitForOriginalEdit((m) => m.attachments.length > 0);
  }

  it('/budget block refuses that member\'s /imagine privately and charges nothing; unblock restores it', async () => {
    const user = fake.addMember(fake.guildId, { username: 'troll' });
    const blocked = await admin('budget', 'block', { user: { user } });
    expect(blocked.content).toMatch(/no longer/i);
    const paid = () => stack.sim.requests().filter((r) => r.endpoint !== 'models').length;
    const before = paid();
    const refused = await privateAnswer(fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'spam' } }));
    expect(refused.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(refused.content).toMatch(/block|not allowed|can't|cannot/i);
    expect(paid()).toBe(before);
    expect((await balance(user)).spentMicros).toBe(0);
    expect((await balance(user)).heldMicros).toBe(0);

    expect((await admin('budget', 'unblock', { user: { user } })).content).toMatch(/again/i);
    await imagine(user, 'a peace offering');
    expect((await balance(user)).spentMicros).toBe(10_000);
  });

  it('/budget adjust, pool and show change and report the numbers', async () => {
    const user = fake.addMember(fake.guildId, { username: 'worker' });
    await imagine(user, 'a hammer');
    const adjusted = await admin('budget', 'adjust', { user: { user }, amount: '0.25', note: 'helped moderate' });
    expect(adjusted.content).toContain('$0.25');
    const b = await balance(user);
    // Default allowance $1/day: $1 − $0.01 spent + $0.25 given back.
    expect(b.remainingMicros).toBe(1_000_000 - 10_000 + 250_000);

    const pool = await admin('budget', 'pool', { amount: '20', period: 'month' });
    expect(pool.content).toContain('$20.00');

    const all = await admin('budget', 'show', undefined);
    expect(all.content).toContain('$20.00');
    const one = await admin('budget', 'show', { user: { user } });
    expect(one.content).toContain('$0.01');

    const bad = await admin('budget', 'adjust', { user: { user }, amount: 'lots', note: 'x' });
    expect(bad.content).toMatch(/amount|dollars|number/i);
    expect((await balance(user)).remainingMicros).toBe(1_000_000 - 10_000 + 250_000);
  });

  it('/usage returns a summary and a CSV whose rows match the ledger', async () => {
    const a = fake.addMember(fake.guildId, { username: 'spender-a' });
    const b = fake.addMember(fake.guildId, { username: 'spender-b' });
    await imagine(a, 'one');
    await imagine(a, 'two');
    await imagine(b, 'three');

    const h = fake.slashCommand({ name: 'usage', userId: fake.adminUserId, options: { period: 'month' } });
    const reply = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply.content.length).toBeGreaterThan(0);
    const csvFile = reply.attachments.find((x) => x.filename.endsWith('.csv'))!;
    expect(csvFile).toBeDefined();
    const rows = parseCsv(csvFile.bytes.toString('utf8'));
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    expect(col('spent_micros')).toBeGreaterThanOrEqual(0);

    const ledger = await stack.store.db
      .selectFrom('ledger_entries')
      .innerJoin('users', 'users.id', 'ledger_entries.user_id')
      .innerJoin('scopes', 'scopes.id', 'ledger_entries.scope_id')
      .where('scopes.external_id', '=', fake.guildId)
      .where('ledger_entries.kind', '=', 'charge')
      .select(['users.external_id as ext', 'users.id as uid', 'ledger_entries.amount_micros as amount'])
      .execute();
    const byUser = new Map<string, number>();
    for (const e of ledger) byUser.set(e.ext, (byUser.get(e.ext) ?? 0) + Math.abs(e.amount));
    const names = new Map([[a, 'spender-a'], [b, 'spender-b']]);
    for (const [ext, username] of names) {
      const r = rows.find((x) => x[col('username')] === username);
      expect(r, `CSV row for ${ext}`).toBeDefined();
      expect(Number(r![col('spent_micros')])).toBe(byUser.get(ext));
    }
    expect(byUser.get(a)).toBe(20_000);
    expect(byUser.get(b)).toBe(10_000);
    const total = rows.find((r) => r[0] === 'TOTAL')!;
    expect(Number(total[col('spent_micros')])).toBe([...byUser.values()].reduce((s, v) => s + v, 0));
  });

  it('/setup timezone applies a real zone and refuses a bad one; /setup show is masked; /setup unlink removes it', async () => {
    const ok = await admin('setup', 'timezone', { tz: 'Europe/Paris' });
    expect(ok.content).toContain('Europe/Paris');
    const scope = await stack.store.db.selectFrom('scopes').where('external_id', '=', fake.guildId).select('timezone').executeTakeFirstOrThrow();
    expect(scope.timezone).toBe('Europe/Paris');

    const bad = await admin('setup', 'timezone', { tz: 'Mars/Olympus' });
    expect(bad.content).toMatch(/time zone/i);
    expect((await stack.store.db.selectFrom('scopes').where('external_id', '=', fake.guildId).select('timezone').executeTakeFirstOrThrow()).timezone).toBe('Europe/Paris');

    expect((await admin('setup', 'show', undefined)).content).toMatch(/no gateway token/i);
    const secret = stack.sim.tokens.media;
    const open = fake.slashCommand({ name: 'setup', subcommand: 'token', userId: fake.adminUserId });
    const modal = await open.waitForCallback();
    const submit = fake.modalSubmit({ customId: String(modal.data?.custom_id), fields: { token: secret }, userId: fake.adminUserId });
    await submit.waitForOriginalEdit((m) => m.content.length > 0);

    const shown = await admin('setup', 'show', undefined);
    expect(shown.content).toContain(secret.slice(-4));
    expect(shown.content).not.toContain(secret);
    const unlinked = await admin('setup', 'unlink', undefined);
    expect(unlinked.content).toMatch(/removed/i);
    expect(unlinked.content).not.toContain(secret);
    expect((await admin('setup', 'show', undefined)).content).toMatch(/no gateway token/i);

    // A member is refused by the core, privately (deferred ephemerally, then the refusal).
    const member = fake.slashCommand({ name: 'setup', subcommand: 'show' });
    const cb = await member.waitForCallback();
    expect(cb.data?.flags).toBe(EPHEMERAL);
    const refusal = await member.waitForOriginalEdit((m) => m.content.length > 0);
    expect(refusal.content).toMatch(/admin/i);
    expect(refusal.content).not.toContain(secret.slice(-4));
  });

  it('/token link in a DM stores a personal token that the next /imagine uses; /token unlink forgets it', async () => {
    const user = fake.addMember(fake.guildId, { username: 'byok' });
    const personal = `sk-personal-${Date.now()}-abcdef123456`;
    stack.sim.addToken(personal, 'media');

    const open = fake.slashCommand({ name: 'token', subcommand: 'link', userId: user, guildId: null });
    const modal = await open.waitForCallback();
    expect(modal.type).toBe(9);
    const submit = fake.modalSubmit({ customId: String(modal.data?.custom_id), fields: { token: personal }, userId: user, guildId: null });
    expect((await submit.waitForCallback()).data?.flags).toBe(EPHEMERAL);
    const linked = await submit.waitForOriginalEdit((m) => m.content.length > 0);
    expect(linked.content).toContain(personal.slice(-4));
    expect(linked.content).not.toContain(personal);

    const before = stack.sim.requests().length;
    await imagine(user, 'on my own dime');
    const used = stack.sim.requests().slice(before).filter((r) => r.endpoint === 'image');
    expect(used.map((r) => r.token)).toEqual([personal]);
    expect(stack.sim.spentMicros(personal)).toBe(10_000);

    const unlink = fake.slashCommand({ name: 'token', subcommand: 'unlink', userId: user, guildId: null });
    expect((await unlink.waitForCallback()).data?.flags).toBe(EPHEMERAL);
    expect((await unlink.waitForOriginalEdit((m) => m.content.length > 0)).content).toMatch(/removed/i);

    const after = stack.sim.requests().length;
    await imagine(user, 'back on the server');
    expect(stack.sim.requests().slice(after).filter((r) => r.endpoint === 'image').map((r) => r.token)).toEqual([stack.sim.tokens.media]);
    expect(stack.logs()).not.toContain(personal);
  });
});
