import type { Message } from 'grammy/types';

/** A command found at the start of a text or caption. */
export interface CommandText {
  /** Lower-case command name without the slash. */
  command: string;
  /** Everything after the command (trimmed). */
  args: string;
}

const COMMAND = /^\/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{3,32}))?(?:\s+([\s\S]*))?$/;

/**
 * Reads a leading `/command[@bot] args` from a message's text or caption (grammY's `bot.command()` does not look at
 * captions). A command addressed to another bot (`/edit@other_bot`) gives undefined.
 */
export function commandOf(msg: Pick<Message, 'text' | 'caption'> | undefined, botUsername: string): CommandText | undefined {
  const raw = (msg?.text ?? msg?.caption ?? '').trim();
  const m = COMMAND.exec(raw);
  if (!m) return undefined;
  if (m[2] && m[2].toLowerCase() !== botUsername.toLowerCase()) return undefined;
  return { command: (m[1] ?? '').toLowerCase(), args: (m[3] ?? '').trim() };
}

/** Splits command arguments on whitespace. */
export function words(args: string): string[] {
  return args.trim().split(/\s+/).filter(Boolean);
}
