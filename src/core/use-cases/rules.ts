import type { Actor } from '../api/actor.js';
import type { ChannelRuleView, WordsCommand } from '../api/rules.js';
import { err, fail, ok, type Result } from '../failures.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import { applyChange, channelVerdict, type ChannelRuleChange, type ChannelVerdict } from '../rules/channel-rules.js';
import { firstMatch, normalizePattern } from '../rules/word-match.js';
import { actorIds, isOwner, type ActorIds } from './context.js';
import type { CoreDeps } from './deps.js';

/** Where channel rules apply: a community with a channel the surface named (never a private chat or the CLI). */
function ruledChannel(a: Actor): string | undefined {
  return a.scope.kind === 'private' ? undefined : a.channel?.id;
}

/** What the community's channel rules say about `command` where `a` asks (see `channelVerdict`); `ok` where none apply. */
export async function channelCheck(d: CoreDeps, a: Actor, command: string): Promise<ChannelVerdict> {
  const channel = ruledChannel(a);
  if (channel === undefined) return { kind: 'ok' };
  const ids = await actorIds(d, a);
  const rules = await d.store.rules.channelRules(ids.scopeId);
  return rules.length === 0 ? { kind: 'ok' } : channelVerdict(rules, channel, command);
}

/**
 * The prompt rules (the owners' global list, then the community's) against `prompt`: the first match is audited
 * (`words.refused`) and refused as `prompt_blocked` with the rule's own words. Called before any hold or gateway call.
 */
export async function checkPrompt(d: CoreDeps, a: Actor, ids: ActorIds, prompt: string): Promise<Result<void>> {
  const rules = await d.store.rules.wordRules(ids.scopeId);
  const hit = firstMatch(prompt, rules);
  if (!hit) return ok(undefined);
  try {
    await d.store.rules.auditRefusal(ids.scopeId, hit, prompt, { actor: a.user.auditAs ?? ids.userId, action: 'words.refused' });
  } catch (e) {
    d.logger.warn({ err: e, rule: hit.id }, 'prompt refusal not audited');
  }
  return err(fail('prompt_blocked', hit.message ? { message: hit.message } : {}));
}

/** The community's channel rules, for `/setup channel` (the asking channel's id tells which one is "here"). */
export async function channelRules(d: CoreDeps, a: Actor): Promise<ChannelRuleView[]> {
  const ids = await actorIds(d, a);
  const here = ruledChannel(a);
  return (await d.store.rules.channelRules(ids.scopeId)).map((r) => ({ ...r, here: r.channelId === here }));
}

/** Applies `/setup channel allow|only|silent|reset` to the asking channel; audited. Refused where there is no channel. */
export async function changeChannelRule(d: CoreDeps, a: Actor, change: ChannelRuleChange): Promise<Result<ChannelRuleView[]>> {
  const channel = ruledChannel(a);
  if (channel === undefined) return err(fail('not_here', { place: 'community' }));
  const ids = await actorIds(d, a);
  const before = (await d.store.rules.channelRules(ids.scopeId)).find((r) => r.channelId === channel);
  const next = applyChange(before, channel, a.channel?.label, change);
  await d.store.rules.setChannelRule(ids.scopeId, channel, next, { actor: a.user.auditAs ?? ids.userId, action: next ? 'channel.rule.set' : 'channel.rule.reset' });
  return ok(await channelRules(d, a));
}

/**
 * `/setup words add|remove|list|clear`: the community's list, or with `global` the owners' list (owners only; refused
 * otherwise, as a value nobody but an owner may give). Answers in the actor's language.
 */
export async function wordsCommand(d: CoreDeps, a: Actor, c: WordsCommand): Promise<Result<{ text: string }>> {
  const ids = await actorIds(d, a);
  const l = a.locale ?? ids.locale ?? DEFAULT_LOCALE;
  if (c.global && !isOwner(d, a)) return err(fail('bad_flag', { message: "Only the bot's owners can change the global word list.", problem: { id: 'words-global-owners' } }));
  const scopeId = c.global ? null : ids.scopeId;
  const audit = (action: string) => ({ actor: a.user.auditAs ?? ids.userId, action });
  const list = c.global ? 'global' : 'community';
  if (c.op === 'list') {
    const rules = (await d.store.rules.wordRules(scopeId)).filter((r) => c.global || r.scopeId !== null);
    if (rules.length === 0) return ok({ text: t(l, 'words-list-empty', { list }) });
    const lines = rules.map((r) => (r.message ? t(l, 'words-list-line-message', { pattern: r.pattern, message: r.message }) : t(l, 'words-list-line', { pattern: r.pattern })));
    return ok({ text: [t(l, 'words-list-title', { list, count: rules.length }), ...lines].join('\n') });
  }
  if (c.op === 'clear') {
    const n = await d.store.rules.clearWordRules(scopeId, audit('words.clear'));
    return ok({ text: t(l, 'words-cleared', { list, count: n }) });
  }
  const pattern = normalizePattern(c.pattern ?? '');
  if (!pattern) return err(fail('bad_flag', { message: 'A word or pattern is needed (letters or digits, * inside a word).', problem: { id: 'words-bad-pattern' } }));
  if (c.op === 'remove') {
    const removed = await d.store.rules.removeWordRule(scopeId, pattern, audit('words.remove'));
    return ok({ text: t(l, removed ? 'words-removed' : 'words-not-found', { pattern, list }) });
  }
  const message = c.message?.replace(/[\r\n\t]+/g, ' ').trim().slice(0, 300) || undefined;
  await d.store.rules.addWordRule(scopeId, pattern, message, audit('words.add'));
  return ok({ text: t(l, 'words-added', { pattern, list }) });
}
