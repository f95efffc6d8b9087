import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { isPrivateDelivery, withPrivateChoice } from '../../src/core/jobs/private-delivery.js';
import { toDiscordAddress } from '../../src/platforms/discord/address.js';
import { toTelegramAddress } from '../../src/platforms/telegram/address.js';

const on = { private: { value: 'on', source: 'member' as const } };
const off = { private: { value: 'off', source: 'member' as const } };
const actor = (kind: Actor['scope']['kind']): Actor => ({ scope: { platform: 'telegram', externalId: '-100', kind }, user: { platform: 'telegram', externalId: '42' } });

/** Issue 23: the `private` choice recorded with a job's delivery address, and read back by both surfaces. */
describe('private late delivery: the address flag', () => {
  const tg = { surface: 'telegram', chatId: '-100', userId: '42', statusMessageId: '7' };

  it('is added only in a community with the setting on', () => {
    expect(withPrivateChoice(tg, actor('group'), on)).toEqual({ ...tg, private: true });
    expect(withPrivateChoice(tg, actor('guild'), on)).toEqual({ ...tg, private: true });
    expect(withPrivateChoice(tg, actor('group'), off)).toBe(tg);
    expect(withPrivateChoice(tg, actor('group'), {})).toBe(tg);
    expect(withPrivateChoice(tg, actor('private'), on)).toBe(tg);
    expect(withPrivateChoice(tg, actor('console'), on)).toBe(tg);
  });

  it('survives the JSON the job store keeps, on both surfaces; older addresses read as not private', () => {
    const stored = JSON.parse(JSON.stringify(withPrivateChoice(tg, actor('group'), on))) as typeof tg;
    expect(isPrivateDelivery(stored)).toBe(true);
    expect(toTelegramAddress(stored).private).toBe(true);
    expect(toTelegramAddress(tg).private).toBeUndefined();
    const dc = { surface: 'discord', channelId: '1', userId: '2', guildId: '3', uploadLimitBytes: 1 };
    expect(toDiscordAddress(JSON.parse(JSON.stringify({ ...dc, private: true })) as typeof dc).private).toBe(true);
    expect(toDiscordAddress(dc).private).toBeUndefined();
    // Only the literal true counts: a string from a hand-edited row does not.
    expect(toDiscordAddress({ ...dc, private: 'yes' }).private).toBeUndefined();
  });
});
