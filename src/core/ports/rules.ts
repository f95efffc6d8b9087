/**
 * Channel rules and prompt (word) rules as the core stores them (the SQL implementation is
 * `src/store/kysely/rules.ts`, migration 0016). Every change is audited in the same transaction.
 */
import type { AuditInput } from './audit-log.js';
import type { ChannelRule } from '../rules/channel-rules.js';

/** One prompt rule: a community's (`scopeId`) or the owners' global one (`scopeId` null). */
export interface WordRule {
  readonly id: string;
  readonly scopeId: string | null;
  /** The normalized pattern (`normalizePattern`). */
  readonly pattern: string;
  /** The rule's own refusal words; absent: the default refusal. */
  readonly message?: string;
}

/** The rules' storage. */
export interface RulesPort {
  /** Every channel rule of a community. */
  channelRules(scopeId: string): Promise<ChannelRule[]>;
  /** Writes (or with null deletes) one channel's rule; audited (`channel.rule.set`, `channel.rule.reset`). */
  setChannelRule(scopeId: string, channelId: string, rule: ChannelRule | null, audit: AuditInput): Promise<void>;
  /** The community's rules and the global ones (`scopeId` null: the global ones only), global first, oldest first. */
  wordRules(scopeId: string | null): Promise<WordRule[]>;
  /** Adds a rule or replaces the message of the same pattern; audited (`words.add`). */
  addWordRule(scopeId: string | null, pattern: string, message: string | undefined, audit: AuditInput): Promise<void>;
  /** Removes one pattern (true when it existed); audited (`words.remove`). */
  removeWordRule(scopeId: string | null, pattern: string, audit: AuditInput): Promise<boolean>;
  /** Removes every rule of the list; returns how many; audited (`words.clear`). */
  clearWordRules(scopeId: string | null, audit: AuditInput): Promise<number>;
  /** Records a refused prompt (`words.refused`): the rule, and the prompt cut to 200 characters. */
  auditRefusal(scopeId: string, rule: WordRule, prompt: string, audit: AuditInput): Promise<void>;
}
