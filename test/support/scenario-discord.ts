import type { Actor } from '../../src/core/api/actor.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import { findCommand } from '../../src/core/commands/registry.js';
import { startDiscord } from '../../src/platforms/discord/discord-bot.js';
import { MemoryKeyValueStore } from '../../src/platforms/discord/kv-file.js';
import { startFakeDiscord, type CommandOptionJson, type InteractionHandle, type MessageSnapshot, type OptionValue } from '../fakes/discord/index.js';
import { createTestStack, type TestStackOptions } from './harness.js';
import { RecordingDispatcher } from './scenario-recorder.js';
import { needleOf, plain, until, type Mark, type ScenarioDriver, type Shown, type Who } from './scenario.js';

/** Discord option types: 1 subcommand, 11 attachment. */
const SUBCOMMAND = 1;
const ATTACHMENT = 11;
/** Discord's modal callback type. */
const MODAL = 9;

type Embed = { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text?: string } };
type Button = { type: number; label?: string; custom_id?: string };

/** The interaction a step went through, and the message that showed its reply. */
interface DiscordRef {
  readonly handle: InteractionHandle;
  readonly message: MessageSnapshot;
}

const hasMp4 = (m: MessageSnapshot | undefined) => m?.attachments.some((a) => a.filename.endsWith('.mp4')) === true;

/** What a message shows as plain text: its content and its embeds (title, description, fields, footer). */
function textOf(m: MessageSnapshot): string {
  const embeds = (m.embeds as Embed[]).flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`), e.footer?.text ?? '']);
  return plain([m.content, ...embeds].join('\n'));
}

function buttonsOf(m: MessageSnapshot): Button[] {
  return (m.components as { components?: Button[] }[]).flatMap((row) => row.components ?? []).filter((c) => c.type === 2);
}

/**
 * The Discord surface: the real discord.js adapter against the fake Discord. A typed step is parsed with the shared
 * text grammar only to know what the user fills in, then sent as the slash command with those options (checked
 * against the options Discord registered); an attachment is re-uploaded to the fake CDN; actions are button clicks
 * (and the modal an action with input opens). The admin is the guild owner (Manage Server); the member has none.
 */
export async function discordDriver(opts: TestStackOptions = {}): Promise<ScenarioDriver> {
  const stack = await createTestStack(opts);
  const fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
  const dispatcher = new RecordingDispatcher(stack);
  const bot = await startDiscord({
    config: { discord: { token: fake.botToken, applicationId: fake.applicationId, apiBase: fake.apiBase, guildId: fake.guildId }, ownerIds: [], databasePath: stack.dbPath },
    core: stack.core,
    dispatcher,
    logger: stack.logger,
    secrets: stack.secrets,
    registerDelivery: (d) => stack.app.registerDelivery(d),
    kv: new MemoryKeyValueStore(),
  });
  const users: Record<Who, string> = { admin: fake.adminUserId, member: fake.memberUserId };
  const actor = (who: Who): Actor => ({ scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' }, user: { platform: 'discord', externalId: users[who] } });
  const okUploads = (from: number) => fake.requests().slice(from).filter((r) => r.status >= 200 && r.status < 300);

  /** Waits for the dispatcher's reply #`index` and the message of `h` that shows it. */
  async function shownOn(h: InteractionHandle, index: number): Promise<Shown> {
    const reply = await dispatcher.reply(index);
    const needle = needleOf(reply);
    const message = await until(() => [...h.followUps(), ...h.originalEdits()].reverse().find((m) => textOf(m).includes(needle)), `Discord to show "${needle}"`);
    return { reply, text: textOf(message), ref: { handle: h, message } satisfies DiscordRef, actions: buttonsOf(message).map((b) => b.label ?? '') };
  }

  /** The registered options of a command (or subcommand) as Discord shows them to the user. */
  function registeredOptions(command: string, sub?: string): CommandOptionJson[] {
    const json = fake.commands(fake.guildId).find((c) => c.name === command);
    if (!json) throw new Error(`/${command} is not registered on Discord`);
    const top = json.options ?? [];
    if (!sub) return top;
    const s = top.find((o) => o.type === SUBCOMMAND && o.name === sub);
    if (!s) throw new Error(`/${command} ${sub} is not registered on Discord`);
    return s.options ?? [];
  }

  return {
    surface: 'discord',
    stack,
    actor,
    mark: () => fake.requests().length,
    filesSince: (mark: Mark) => okUploads(mark as number).reduce((n, r) => n + r.files.length, 0),
    async command(who, text, attach) {
      const parsed = parseCommandText(text, dispatcher.commands);
      if (!parsed.ok) throw new Error(`the scenario's ${text} does not parse: ${parsed.failure.code}`);
      const registered = registeredOptions(parsed.command, parsed.subcommand);
      const options: Record<string, OptionValue> = {};
      for (const [name, value] of Object.entries(parsed.args)) {
        if (!registered.some((o) => o.name === name)) throw new Error(`/${parsed.command} has no Discord option ${name}`);
        if (typeof value === 'string' || typeof value === 'number') options[name] = value;
      }
      if (attach) {
        const image = (attach.ref as DiscordRef).message.attachments[0];
        const option = registered.find((o) => o.type === ATTACHMENT);
        const def = findCommand(dispatcher.commands, parsed.command);
        if (!image || !option || !def?.args?.some((a) => a.kind === 'attachment')) throw new Error(`cannot attach an image to /${parsed.command}`);
        options[option.name] = fake.addAttachment(image.bytes, image.filename, image.contentType || 'image/png');
      }
      const index = dispatcher.replies.length;
      const h = fake.slashCommand({ name: parsed.command, ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}), userId: users[who], options });
      return shownOn(h, index);
    },
    async action(who, on, label, input) {
      const { message } = on.ref as DiscordRef;
      const button = buttonsOf(message).find((b) => b.label === label);
      if (!button?.custom_id) throw new Error(`no "${label}" button on the Discord message`);
      const index = dispatcher.replies.length;
      const click = fake.button({ customId: button.custom_id, userId: users[who], message });
      if (input === undefined) return shownOn(click, index);
      const modal = await click.waitForCallback();
      if (modal.type !== MODAL) throw new Error(`"${label}" answered ${modal.type}, not a modal asking for input`);
      const rows = (modal.data?.components ?? []) as { components?: { custom_id?: string }[] }[];
      const field = rows[0]?.components?.[0]?.custom_id;
      if (!field) throw new Error('the modal has no text input');
      const submit = fake.modalSubmit({ customId: String(modal.data?.custom_id), userId: users[who], fields: { [field]: input }, message });
      return shownOn(submit, index);
    },
    async videoDelivered(mark, before) {
      await until(() => (okUploads(mark as number).some((r) => r.files.some((f) => f.filename.endsWith('.mp4'))) ? true : undefined), 'an mp4 posted on Discord');
      // The interaction's own response while its token lives, else a channel message (see DiscordDelivery).
      const current = (before.ref as DiscordRef).handle.original();
      const message = hasMp4(current) ? current : fake.channelMessages().reverse().find(hasMp4);
      if (!message) throw new Error('the mp4 upload is on no message');
      return { ...before, text: textOf(message), ref: { handle: (before.ref as DiscordRef).handle, message } satisfies DiscordRef, actions: buttonsOf(message).map((b) => b.label ?? '') };
    },
    async close() {
      await bot.stop();
      await fake.close();
      await stack.close();
    },
  };
}
