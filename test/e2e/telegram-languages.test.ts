import type { Chat, Message, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/core/i18n/catalog.js';
import { availableText, languageName } from '../../src/core/use-cases/language.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import type { ApiCall } from '../fakes/telegram/types.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { useLocales } from '../support/locales.js';
import { startTelegramFor } from '../support/telegram-bot.js';

type Msg = { message_id: number; text?: string; reply_to_message?: { message_id: number } };

/**
 * Telegram speaks the member's language: `from.language_code` ("es"), then the community default an admin sets
 * (`/setup language`), then the member's own choice (`/language`); unknown codes get English. Strict against the
 * shipped Spanish and Chinese files when they exist, otherwise against a test-only fixture of them.
 */
describe('Telegram: the member gets their language', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let admin: User;
  let spanish: User;
  let unknown: User;
  let locales: ReturnType<typeof useLocales>;
  const logLines: string[] = [];

  async function say(chat: Chat, from: User, text: string): Promise<string> {
    const msg: Message = fake.sendText({ chat, from, text });
    const call = await fake.waitFor((c: ApiCall) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg | undefined)?.reply_to_message?.message_id === msg.message_id, 5000);
    return String((call.result as Msg).text);
  }
  const current = (code: string, source: string) => t(code, 'language-current', { name: languageName(code, code), code, source, available: availableText() });

  beforeAll(async () => {
    locales = useLocales(['es', 'zh-CN']);
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Idiomas' });
    admin = fake.user({ username: 'jefa', languageCode: 'en' });
    spanish = fake.user({ username: 'ana', languageCode: 'es' });
    unknown = fake.user({ username: 'zed', languageCode: 'xx' });
    fake.setChatMember(group.id, admin.id, 'creator');
    tg = await startTelegramFor(stack, fake, logLines, { tuning: { quickAnswerMs: 800 } });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
    locales?.restore();
  });

  it('a member whose app is in Spanish is answered in Spanish; an unknown code gets English', async () => {
    const es = await say(group, spanish, '/language');
    expect(es).toBe(current('es', 'platform'));
    expect(es).not.toBe(current('en', 'platform'));
    expect(await say(group, unknown, '/language')).toBe(current('en', 'default'));
  });

  it('/setup language sets the community default over the app language; /language overrides it; reset goes back', async () => {
    const set = await say(group, admin, '/setup language zh-CN');
    expect(set).toBe(t('zh-CN', 'language-community-set', { name: languageName('zh-CN', 'zh-CN'), code: 'zh-CN' }));
    expect(await say(group, spanish, '/language')).toBe(current('zh-CN', 'community'));
    expect(await say(group, spanish, '/language es')).toBe(t('es', 'language-set', { name: languageName('es', 'es'), code: 'es' }));
    expect(await say(group, spanish, '/language')).toBe(current('es', 'member'));
    expect(await say(group, spanish, '/language reset')).toContain('zh-CN');
    expect(await say(group, spanish, '/language xx')).toContain("'xx'");
  });

  it('a non-admin cannot set the community default, and is told so in their own language', async () => {
    // The community default (zh-CN) set above is still in effect: the member picks Spanish for themselves first.
    await say(group, spanish, '/language es');
    expect(await say(group, spanish, '/setup language es')).toContain(t('es', 'failure-not-admin'));
  });
});
