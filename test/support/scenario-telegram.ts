import { Writable } from 'node:stream';
import type { Chat, User } from 'grammy/types';
import type { Actor } from '../../src/core/api/actor.js';
import { createLogger, SecretSet } from '../../src/log.js';
import { startTelegram } from '../../src/platforms/telegram/telegram-bot.js';
import { shownTexts, startFakeTelegram, type SentMessage } from '../fakes/telegram/index.js';
import { createTestStack, type TestStackOptions } from './harness.js';
import { RecordingDispatcher } from './scenario-recorder.js';
import { needleOf, plain, until, type Mark, type ScenarioDriver, type Shown, type Who } from './scenario.js';

const MB = 1024 * 1024;

/** Send methods that carry one file each (a media group carries one per item). */
const FILE_METHODS = new Set(['sendPhoto', 'sendVideo', 'sendDocument', 'sendAnimation', 'sendAudio']);

/** A Telegram mark: how many bot messages and API calls there were. */
interface TelegramMark {
  readonly sent: number;
  readonly calls: number;
}

/** Everything a bot message showed over its life (first text or caption, then every edit), as plain text. */
function textOf(m: SentMessage): string {
  return plain(shownTexts(m).join('\n'));
}

function buttonsOf(m: SentMessage): { text: string; data?: string }[] {
  return (m.replyMarkup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, ...('callback_data' in b ? { data: b.callback_data } : {}) }));
}

/**
 * The Telegram surface: the real grammY adapter against the fake Bot API, in a supergroup. A typed step is a text
 * message (a photo with the command as caption when it attaches the earlier result's image); actions are presses of
 * the result's inline buttons, and an action asking for input is answered by replying to the bot's force-reply
 * prompt. The admin is a chat administrator (`getChatMember`); the member is a plain member.
 */
export async function telegramDriver(opts: TestStackOptions = {}): Promise<ScenarioDriver & { logLines: string[] }> {
  const stack = await createTestStack(opts);
  const fake = await startFakeTelegram();
  const dispatcher = new RecordingDispatcher(stack);
  const logLines: string[] = [];
  const secrets = new SecretSet();
  const destination = new Writable({ write: (c: Buffer, _e, cb) => (logLines.push(c.toString()), cb()) });
  const tg = await startTelegram({
    config: {
      telegram: { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: undefined, webhookPort: 0, uploadLimitBytes: 50 * MB, photoLimitBytes: 10 * MB, fullQuality: false },
      ownerIds: [],
    },
    core: stack.core,
    dispatcher,
    logger: createLogger({ level: 'debug', format: 'json', secrets, destination }),
    secrets,
    registerDelivery: (d) => stack.app.registerDelivery(d),
    tuning: { throttle: { groupIntervalMs: 50, privateIntervalMs: 20 }, chatActionIntervalMs: 200, chatActionDelayMs: 0, statusDelayMs: 0 },
  });
  const group: Chat.SupergroupChat = fake.supergroup({ title: 'Scenario' });
  const users: Record<Who, User> = { admin: fake.user({ username: 'scenario_admin' }), member: fake.user({ username: 'scenario_member' }) };
  fake.setChatMember(group.id, users.admin.id, 'administrator');
  const actor = (who: Who): Actor => ({ scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' }, user: { platform: 'telegram', externalId: String(users[who].id) } });
  const mark = (): TelegramMark => ({ sent: fake.sent(group.id).length, calls: fake.calls.length });
  const okCalls = (m: TelegramMark) => fake.calls.slice(m.calls).filter((c) => c.ok);

  /** Waits for the dispatcher's reply #`index` and the bot message (sent since `m`) that shows it. */
  async function shown(m: TelegramMark, index: number): Promise<Shown> {
    const reply = await dispatcher.reply(index);
    const needle = needleOf(reply);
    const message = await until(() => fake.sent(group.id).slice(m.sent).reverse().find((s) => textOf(s).includes(needle)), `Telegram to show "${needle}"`);
    return { reply, text: textOf(message), ref: message, actions: buttonsOf(message).map((b) => b.text) };
  }

  return {
    surface: 'telegram',
    stack,
    logLines,
    actor,
    mark,
    filesSince: (m: Mark) =>
      okCalls(m as TelegramMark).reduce((n, c) => n + (c.method === 'sendMediaGroup' ? (c.params.media as unknown[]).length : FILE_METHODS.has(c.method) ? 1 : 0), 0),
    async command(who, text, attach) {
      const m = mark();
      const index = dispatcher.replies.length;
      if (attach) {
        const bytes = (attach.ref as SentMessage).files[0]?.bytes;
        if (!bytes) throw new Error('the earlier Telegram result carries no file');
        fake.sendPhoto({ chat: group, from: users[who], bytes, caption: text });
      } else {
        fake.sendText({ chat: group, from: users[who], text });
      }
      return shown(m, index);
    },
    async action(who, on, label, input) {
      const message = on.ref as SentMessage;
      const data = buttonsOf(message).find((b) => b.text === label)?.data;
      if (!data) throw new Error(`no "${label}" button on the Telegram message`);
      const m = mark();
      const index = dispatcher.replies.length;
      fake.pressButton({ chat: group, from: users[who], message, data });
      if (input === undefined) return shown(m, index);
      const ask = await fake.waitFor((c) => c.ok && c.method === 'sendMessage' && fake.calls.indexOf(c) >= m.calls && JSON.stringify(c.params.reply_markup ?? '').includes('force_reply'));
      const promptId = (ask.result as { message_id: number }).message_id;
      const prompt = fake.sent(group.id).find((s) => s.messageId === promptId);
      if (!prompt) throw new Error('the force-reply prompt was not recorded');
      fake.sendText({ chat: group, from: users[who], text: input, replyTo: prompt });
      return shown(m, index);
    },
    async videoDelivered(m, before) {
      const call = await until(() => okCalls(m as TelegramMark).find((c) => c.method === 'sendVideo'), 'a video sent on Telegram');
      const id = (call.result as { message_id: number }).message_id;
      const message = fake.sent(group.id).find((s) => s.messageId === id);
      if (!message) throw new Error('the sent video was not recorded');
      return { ...before, text: textOf(message), ref: message, actions: buttonsOf(message).map((b) => b.text) };
    },
    async close() {
      await tg.stop();
      await fake.close();
      await stack.close();
    },
  };
}
