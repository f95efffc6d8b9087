export { FakeDiscord, startFakeDiscord, type FakeGuildIds } from './fake-discord.js';
export type { FakeDiscordOptions } from './server.js';
export type { InteractionHandle } from './interaction-record.js';
export type {
  AutocompleteInput,
  ComponentInput,
  InteractionContext,
  MessageContextMenuInput,
  ModalSubmitInput,
  OptionValue,
  SelectInput,
  SlashCommandInput,
} from './interaction-builders.js';
export type { CommandJson, CommandOptionJson } from './core.js';
export { shardOf, type IdentifyRecord, type ShardPair } from './gateway.js';
export type {
  AttachmentJson,
  InteractionCallback,
  MessageSnapshot,
  RecordedRequest,
  RouteMatcher,
  StoredAttachment,
  UploadedFile,
} from './types.js';
