import type { Message, User } from 'grammy/types';

/** A message's command text with its members named by id, and the members named so. */
export interface MentionedText {
  text: string;
  /** The members of `text_mention` entities (not bots), in order of appearance. */
  members: User[];
}

/**
 * The text (or caption) of `msg` with each `text_mention` span replaced by the member's numeric id. Telegram sends
 * a member without a @username, picked from the mention list, as their name with a `text_mention` entity carrying
 * the user; the name alone (spaces, any letters) cannot name anyone, the id does (as a reply to their message does).
 * Offsets are UTF-16 code units, as JavaScript strings count. Other entities and bots' mentions are left as typed.
 */
export function withMentionIds(msg: Pick<Message, 'text' | 'caption' | 'entities' | 'caption_entities'>): MentionedText {
  const raw = msg.text ?? msg.caption ?? '';
  const entities = (msg.text !== undefined ? msg.entities : msg.caption_entities) ?? [];
  const spans = entities
    .flatMap((e) => (e.type === 'text_mention' && !e.user.is_bot ? [{ offset: e.offset, length: e.length, user: e.user }] : []))
    .filter((s) => s.offset >= 0 && s.length > 0 && s.offset + s.length <= raw.length)
    .sort((a, b) => a.offset - b.offset);
  let text = '';
  let at = 0;
  const members: User[] = [];
  for (const s of spans) {
    if (s.offset < at) continue; // overlapping spans: the first one wins
    text += `${raw.slice(at, s.offset)}${s.user.id}`;
    at = s.offset + s.length;
    members.push(s.user);
  }
  return { text: text + raw.slice(at), members };
}
