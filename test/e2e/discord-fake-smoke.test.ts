import { createHash } from 'node:crypto';
import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';

/** What the bot-side handlers observed, keyed by interaction id, for assertions on the discord.js side. */
interface Seen {
  attachmentSizeLimit?: number;
  canManageGuild?: boolean;
  prompt?: string | null;
  downloaded?: Buffer;
  modalValue?: string;
  focused?: string;
  targetAttachmentName?: string;
}

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('fake Discord driven by the real discord.js client', () => {
  let fake: FakeDiscord;
  let client: Client;
  const seen = new Map<string, Seen>();
  const handlerErrors: unknown[] = [];

  async function onInteraction(interaction: Interaction): Promise<void> {
    const s: Seen = {};
    seen.set(interaction.id, s);
    s.attachmentSizeLimit = interaction.attachmentSizeLimit;
    s.canManageGuild = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
    if (interaction.isAutocomplete()) {
      s.focused = String(interaction.options.getFocused());
      await interaction.respond([{ name: 'alpha-image-2', value: 'alpha-image-2' }]);
    } else if (interaction.isChatInputCommand() && interaction.commandName === 'edit') {
      await interaction.deferReply();
      s.prompt = interaction.options.getString('prompt');
      const att = interaction.options.getAttachment('image1', true);
      const res = await fetch(att.url);
      s.downloaded = Buffer.from(await res.arrayBuffer());
      const out = Buffer.concat([Buffer.from('out:'), s.downloaded]);
      await interaction.editReply({ content: `done: ${s.prompt}`, files: [{ attachment: out, name: 'out.png' }] });
    } else if (interaction.isChatInputCommand() && interaction.commandName === 'ask') {
      const input = new TextInputBuilder().setCustomId('question').setLabel('Question').setStyle(TextInputStyle.Paragraph);
      await interaction.showModal(
        new ModalBuilder().setCustomId('ask-modal').setTitle('Ask').addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)),
      );
    } else if (interaction.isModalSubmit()) {
      s.modalValue = interaction.fields.getTextInputValue('question');
      await interaction.reply({ content: `you asked: ${s.modalValue}` });
    } else if (interaction.isButton()) {
      await interaction.reply({ content: 'only you can see this', flags: MessageFlags.Ephemeral });
    } else if (interaction.isMessageContextMenuCommand()) {
      s.targetAttachmentName = interaction.targetMessage.attachments.first()?.name;
      await interaction.reply({ content: `editing ${s.targetAttachmentName}`, flags: MessageFlags.Ephemeral });
    }
  }

  beforeAll(async () => {
    fake = await startFakeDiscord();
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase, timeout: 5_000, retries: 1 } });
    client.on(Events.InteractionCreate, (i) => {
      onInteraction(i).catch((err: unknown) => handlerErrors.push(err));
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(fake.botToken);
    await ready;
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
    expect(handlerErrors).toEqual([]);
  });

  it('logs in over the gateway and caches the seeded guild', () => {
    expect(client.user?.id).toBe(fake.botUserId);
    expect(client.application?.id).toBe(fake.applicationId);
    const guild = client.guilds.cache.get(fake.guildId);
    expect(guild?.name).toBe('Test Guild');
    expect(guild?.channels.cache.get(fake.channelId)?.name).toBe('general');
    expect(guild?.members.me?.permissions.has(PermissionFlagsBits.AttachFiles)).toBe(true);
    expect(fake.identifies()[0]?.intents).toBe(GatewayIntentBits.Guilds);
    expect(fake.requests().find((r) => r.path === '/gateway/bot')?.hasAuth).toBe(true);
  });

  it('stores commands registered through REST', async () => {
    await client.application?.commands.set(
      [
        {
          name: 'edit',
          description: 'Edit an image',
          options: [
            { name: 'prompt', description: 'What to change', type: ApplicationCommandOptionType.String, required: true },
            { name: 'image1', description: 'The image', type: ApplicationCommandOptionType.Attachment, required: true },
          ],
        },
        { name: 'ask', description: 'Ask a question' },
        {
          name: 'imagine',
          description: 'Make an image',
          options: [
            { name: 'prompt', description: 'Scene', type: ApplicationCommandOptionType.String, required: true },
            { name: 'model', description: 'Model', type: ApplicationCommandOptionType.String, autocomplete: true },
          ],
        },
      ],
      fake.guildId,
    );
    expect(fake.commands(fake.guildId).map((c) => c.name)).toEqual(['edit', 'ask', 'imagine']);
    expect(fake.commandPutCount(fake.guildId)).toBe(1);
  });

  it('defers, downloads the attachment, and edits the reply with a file, retrying a 429', async () => {
    const input = fake.addAttachment(PNG_1x1, 'in.png', 'image/png');
    expect(input.width).toBe(1);
    fake.rateLimitNext(/^PATCH \/webhooks\/\d+\/[^/]+\/messages\/@original$/, 0.1);
    const handle = fake.slashCommand({ name: 'edit', options: { prompt: 'make it blue', image1: input } });

    const callback = await handle.waitForCallback();
    expect(callback.type).toBe(5);
    const edit = await handle.waitForOriginalEdit((m) => m.attachments.length > 0);
    const expected = Buffer.concat([Buffer.from('out:'), PNG_1x1]);
    expect(edit.content).toBe('done: make it blue');
    expect(edit.attachments[0]?.filename).toBe('out.png');
    expect(createHash('sha256').update(edit.attachments[0]?.bytes ?? Buffer.alloc(0)).digest('hex')).toBe(
      createHash('sha256').update(expected).digest('hex'),
    );
    expect(handle.original()?.flags ?? 0).toBe(0);

    const edits = fake.requests().filter((r) => r.method === 'PATCH' && r.path.endsWith('/messages/@original'));
    expect(edits.map((r) => r.status)).toEqual([429, 200]);
    expect(edits[1]?.hasAuth).toBe(false);
    expect(edits[1]?.files[0]?.bytes.equals(expected)).toBe(true);

    const s = seen.get(handle.id);
    expect(s?.downloaded?.equals(PNG_1x1)).toBe(true);
    expect(s?.attachmentSizeLimit).toBe(10 * 1024 * 1024);
    expect(s?.canManageGuild).toBe(false);
  });

  it('answers a button with an ephemeral reply', async () => {
    const handle = fake.button({ customId: 'again', userId: fake.adminUserId });
    const callback = await handle.waitForCallback();
    expect(callback.type).toBe(4);
    expect(callback.data?.flags).toBe(64);
    expect(handle.original()?.content).toBe('only you can see this');
    expect(seen.get(handle.id)?.canManageGuild).toBe(true);
  });

  it('shows a modal and reads its submission', async () => {
    const ask = fake.slashCommand({ name: 'ask' });
    const shown = await ask.waitForCallback();
    expect(shown.type).toBe(9);
    expect(shown.data?.custom_id).toBe('ask-modal');

    const submit = fake.modalSubmit({ customId: 'ask-modal', fields: { question: 'why is the sky blue?' } });
    const reply = await submit.waitForCallback();
    expect(reply.type).toBe(4);
    expect(reply.data?.content).toBe('you asked: why is the sky blue?');
  });

  it('answers autocomplete with choices', async () => {
    const handle = fake.autocomplete({ name: 'imagine', options: { prompt: 'cat', model: 'alp' }, focused: 'model' });
    const callback = await handle.waitForCallback();
    expect(callback.type).toBe(8);
    expect(callback.data?.choices).toEqual([{ name: 'alpha-image-2', value: 'alpha-image-2' }]);
    expect(seen.get(handle.id)?.focused).toBe('alp');
  });

  it('runs a message context menu on a message with an attachment', async () => {
    const att = fake.addAttachment(PNG_1x1, 'photo.png', 'image/png');
    const handle = fake.messageContextMenu({ name: 'Edit with AI', targetMessage: { content: 'look', attachments: [att] } });
    const callback = await handle.waitForCallback();
    expect(callback.data?.content).toBe('editing photo.png');
  });

  it('sends channel messages and DMs with files', async () => {
    const channel = client.channels.cache.get(fake.channelId) as TextChannel;
    const sent = await channel.send({ content: 'here', files: [{ attachment: Buffer.from('video-bytes'), name: 'clip.mp4' }] });
    const seenMsg = await fake.waitForChannelMessage(fake.channelId, (m) => m.content === 'here');
    expect(seenMsg.id).toBe(sent.id);
    expect(sent.attachments.first()?.name).toBe('clip.mp4');
    expect(seenMsg.attachments[0]?.bytes.toString()).toBe('video-bytes');
    const download = await fetch(sent.attachments.first()?.url ?? '');
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('video-bytes');

    await client.users.send(fake.adminUserId, 'private hello');
    const dm = await fake.waitForDm(fake.adminUserId);
    expect(dm.content).toBe('private hello');
  });

  it('answers unknown routes with 404 and records them', async () => {
    const err = await client.rest.get('/nope/123').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).status).toBe(404);
    expect(fake.unknownRequests().map((r) => r.path)).toContain('/nope/123');
  });
});
