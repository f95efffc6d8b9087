/** A command found at the start of a text or caption. */
export interface CommandText {
  /** Lower-case command name without the slash. */
  command: string;
  /** Everything after the command (trimmed). */
  args: string;
  /** True when addressed to another bot (`/edit@other_bot`): not ours to answer. */
  otherBot: boolean;
}

const COMMAND = /^\/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{3,32}))?(?:\s+([\s\S]*))?$/;

/**
 * Reads a leading `/command[@bot] args` from a message's text or caption (grammY's `bot.command()` does not look at
 * captions). Undefined when the text does not start with a command. Used to route the surface's own flows
 * (`/start`, `/cancel`, the token flows) before the core's grammar parses the rest.
 */
export function commandOf(text: string | undefined, botUsername: string): CommandText | undefined {
  const m = COMMAND.exec((text ?? '').trim());
  if (!m) return undefined;
  return { command: (m[1] ?? '').toLowerCase(), args: (m[3] ?? '').trim(), otherBot: m[2] !== undefined && m[2].toLowerCase() !== botUsername.toLowerCase() };
}

/**
 * Token-looking text (the shapes the log scrubber redacts: `sk-…` keys, bot tokens): deleted wherever it is posted
 * outside a token flow, in groups and private chats, never passed to a command.
 */
export { TOKEN_LIKE } from '../../core/secrets.js';
