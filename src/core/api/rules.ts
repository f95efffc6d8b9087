/** Channel rules and prompt (word) rules (`/setup channel`, `/setup words`). Types only. */
import type { Result } from '../failures.js';
import type { ChannelRule, ChannelRuleChange, ChannelVerdict } from '../rules/channel-rules.js';
import type { Actor } from './actor.js';

export type { ChannelRule, ChannelRuleChange, ChannelVerdict } from '../rules/channel-rules.js';

/** One channel's rule as `/setup channel` shows it; `here` marks the asking channel. */
export interface ChannelRuleView extends ChannelRule {
  readonly here: boolean;
}

/** `/setup words …`: `global` acts on the owners' list (owners only). `pattern` for add/remove; `message` for add. */
export interface WordsCommand {
  readonly op: 'add' | 'remove' | 'list' | 'clear';
  readonly pattern?: string;
  readonly message?: string;
  readonly global: boolean;
}

/** The rules of a community: which commands work in which channel, and which prompts are refused. */
export interface RulesApi {
  /**
   * What the channel rules say about `command` where the actor asks (`ok` outside a community channel or without
   * rules). The dispatcher asks before validating arguments; one indexed read when the community has a channel.
   */
  channelCheck(actor: Actor, command: string): Promise<ChannelVerdict>;
  /** The community's channel rules. */
  channelRules(actor: Actor): Promise<ChannelRuleView[]>;
  /** Changes the asking channel's rule (audited); the rules after it. */
  changeChannelRule(actor: Actor, change: ChannelRuleChange): Promise<Result<ChannelRuleView[]>>;
  /** Lists or changes a prompt-rule list (audited); plain words in the actor's language. */
  wordsCommand(actor: Actor, command: WordsCommand): Promise<Result<{ text: string }>>;
}
