import { randomBytes } from 'node:crypto';
import type { CommandDefinition, ReplyAction } from '../../core/commands/types.js';
import { decodeCallbackData, encodeCallbackData, fitsCallback, isCallbackCommand } from './util/callback-data.js';

/** Prefix of callback data that points into the in-memory table. */
const MEMO = 'x:';

/**
 * Turns neutral {@link ReplyAction}s into `callback_data` and back. An action that is "this command on this job"
 * (`reroll`, `animate`, `edit`, `job`, `upscale`, `remix` with only the job argument) is encoded compactly (`r:<jobId>`), so
 * its button survives restarts; any other action is kept in a bounded in-memory table (`x:<key>`; its button stops
 * working after a restart or after `maxRemembered` newer ones, and says so). Compact actions are remembered too,
 * so their `input` label is exact while the process lives; after a restart `input` is inferred from the definition
 * (a required prose argument the button does not carry).
 */
export class ActionTable {
  private readonly memo = new Map<string, ReplyAction>();

  constructor(
    private readonly commands: readonly CommandDefinition[],
    private readonly maxRemembered = 5000,
  ) {}

  /** The callback data of `action` (at most 64 bytes). */
  dataFor(action: ReplyAction): string {
    const jobId = this.compactJobId(action);
    const data = jobId !== undefined && isCallbackCommand(action.command) ? encodeCallbackData({ command: action.command, jobId }) : `${MEMO}${randomBytes(9).toString('base64url')}`;
    this.remember(data, action);
    return data;
  }

  /** The action behind callback data, or undefined when it is unknown (another bot's, or forgotten). */
  resolve(data: string | undefined): ReplyAction | undefined {
    if (data === undefined) return undefined;
    const known = this.memo.get(data);
    if (known) return known;
    const p = decodeCallbackData(data);
    if (!p) return undefined;
    const def = this.commands.find((c) => c.name === p.command);
    const jobArg = def?.args?.find((a) => a.kind === 'job');
    if (!def || !jobArg) return undefined;
    const prose = def.args?.find((a) => a.kind === 'text' && a.rest && a.required);
    return { label: def.name, command: def.name, args: { [jobArg.name]: p.jobId }, ...(prose ? { input: { arg: prose.name, label: prose.description } } : {}) };
  }

  private compactJobId(action: ReplyAction): string | undefined {
    if (action.subcommand !== undefined) return undefined;
    const jobArg = this.commands.find((c) => c.name === action.command)?.args?.find((a) => a.kind === 'job');
    const keys = Object.keys(action.args);
    const jobId = jobArg ? action.args[jobArg.name] : undefined;
    return keys.length === 1 && jobId !== undefined && fitsCallback(jobId) ? jobId : undefined;
  }

  private remember(data: string, action: ReplyAction): void {
    this.memo.delete(data);
    this.memo.set(data, action);
    if (this.memo.size > this.maxRemembered) this.memo.delete(this.memo.keys().next().value as string);
  }
}

/** An action waiting for the text its `input` asks for (Telegram: the user replies to the bot's force-reply prompt). */
export interface PendingInput {
  action: ReplyAction & { input: NonNullable<ReplyAction['input']> };
  /** Who pressed the button: only their reply counts (they pay). */
  userId: number;
  expiresAt: number;
}

/**
 * Force-reply prompts waiting for an answer, by chat and prompt message id. Entries expire after `ttlMs` (default
 * 10 min) and are taken once. Trade-off: in memory, so a restart forgets open prompts (the button still works).
 */
export class PendingInputs {
  private readonly pending = new Map<string, PendingInput>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Waits for `userId`'s reply to prompt `promptMessageId` in `chatId`. */
  expect(chatId: number, promptMessageId: number, userId: number, action: PendingInput['action']): void {
    this.sweep();
    this.pending.set(`${chatId}:${promptMessageId}`, { action, userId, expiresAt: this.now() + this.ttlMs });
  }

  /** The pending input a reply answers, taken (once), when it is from the user who pressed the button. */
  take(chatId: number, repliedToMessageId: number, userId: number): PendingInput | undefined {
    const key = `${chatId}:${repliedToMessageId}`;
    const p = this.pending.get(key);
    if (!p || p.userId !== userId) return undefined;
    this.pending.delete(key);
    return p.expiresAt > this.now() ? p : undefined;
  }

  /** Drops every prompt of `userId` in `chatId` (`/cancel`); returns how many there were. */
  cancel(chatId: number, userId: number): number {
    let n = 0;
    for (const [k, p] of this.pending) {
      if (k.startsWith(`${chatId}:`) && p.userId === userId) {
        this.pending.delete(k);
        n++;
      }
    }
    return n;
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, p] of this.pending) if (p.expiresAt <= now) this.pending.delete(k);
  }
}
