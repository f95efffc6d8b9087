import { randomBytes } from 'node:crypto';
import type { CommandDefinition, ReplyAction } from '../../core/api/surface.js';
import type { Coordination } from '../../core/ports/coordination.js';
import { decodeCallbackData, decodeSettingData, encodeCallbackData, encodeSettingData, fitsCallback, fitsIndex, isCallbackCommand } from './util/callback-data.js';

/** Prefix of callback data that points into the in-memory table. */
const MEMO = 'x:';

/** How long a button kept in the shared state (`x:` data) keeps working across processes: 7 days. */
const SHARED_ACTION_TTL_MS = 7 * 86_400_000;

/**
 * Turns neutral {@link ReplyAction}s into `callback_data` and back. An action that is "this command on this job"
 * (`reroll`, `animate`, `edit`, `job`, `upscale`, `remix`, `vary` with only the job argument, or the job and the
 * command's one integer argument from 1 to 9: `vary --index 3`) is encoded compactly (`r:<jobId>`, `v3:<jobId>`), so
 * its button survives restarts; any other action is kept in a bounded in-memory table (`x:<key>`; its button stops
 * working after a restart or after `maxRemembered` newer ones, and says so) and, when the coordination is shared
 * (Redis), also there for 7 days, so a press reaching another process works too. A `/settings <key> <value>` button is
 * compact too (`s:aspect=16:9`). Compact actions are remembered too,
 * so their `input` label is exact while the process lives; after a restart `input` is inferred from the definition
 * (a required prose argument the button does not carry).
 */
export class ActionTable {
  private readonly memo = new Map<string, ReplyAction>();

  constructor(
    private readonly commands: readonly CommandDefinition[],
    private readonly opts: { maxRemembered?: number; coordination?: Coordination; onError?: (e: unknown) => void } = {},
  ) {}

  /** The callback data of `action` (at most 64 bytes). */
  dataFor(action: ReplyAction): string {
    const ref = this.compactRef(action);
    const setting = this.compactSetting(action);
    const compact = (ref !== undefined && isCallbackCommand(action.command)) || setting !== undefined;
    const data = setting ?? (ref !== undefined && isCallbackCommand(action.command) ? encodeCallbackData({ command: action.command, ...ref }) : `${MEMO}${randomBytes(9).toString('base64url')}`);
    this.remember(data, action);
    const shared = this.opts.coordination;
    // Written in the background: the button is pressed after the message carrying it was sent, long after this.
    if (!compact && shared?.shared) shared.put(`action:${data}`, JSON.stringify(action), SHARED_ACTION_TTL_MS).catch((e: unknown) => this.opts.onError?.(e));
    return data;
  }

  /** The action behind callback data, or undefined when it is unknown (another bot's, or forgotten). */
  async resolve(data: string | undefined): Promise<ReplyAction | undefined> {
    if (data === undefined) return undefined;
    const known = this.memo.get(data);
    if (known) return known;
    if (data.startsWith(MEMO)) return this.sharedAction(data);
    const setting = decodeSettingData(data);
    if (setting) return this.commands.some((c) => c.name === 'settings') ? { label: 'settings', command: 'settings', args: setting } : undefined;
    const p = decodeCallbackData(data);
    if (!p) return undefined;
    const def = this.commands.find((c) => c.name === p.command);
    const jobArg = def?.args?.find((a) => a.kind === 'job');
    if (!def || !jobArg) return undefined;
    const indexArg = def.args?.find((a) => a.kind === 'integer');
    if (p.index !== undefined && !indexArg) return undefined;
    const prose = def.args?.find((a) => a.kind === 'text' && a.rest && a.required);
    const args = { [jobArg.name]: p.jobId, ...(p.index !== undefined && indexArg ? { [indexArg.name]: String(p.index) } : {}) };
    return { label: def.name, command: def.name, args, ...(prose ? { input: { arg: prose.name, label: prose.description } } : {}) };
  }

  private async sharedAction(data: string): Promise<ReplyAction | undefined> {
    const shared = this.opts.coordination;
    if (!shared?.shared) return undefined;
    const text = await shared.get(`action:${data}`);
    return text === undefined ? undefined : (JSON.parse(text) as ReplyAction);
  }

  /** The compact data of a `/settings <key> <value>` button (no other argument), else undefined. */
  private compactSetting(action: ReplyAction): string | undefined {
    const keys = Object.keys(action.args);
    if (action.command !== 'settings' || action.subcommand !== undefined || keys.length !== 2 || action.args.key === undefined || action.args.value === undefined) return undefined;
    return encodeSettingData(action.args.key, action.args.value);
  }

  /** The job (and image) a compact callback can carry for `action`; undefined when it carries anything else. */
  private compactRef(action: ReplyAction): { jobId: string; index?: number } | undefined {
    if (action.subcommand !== undefined) return undefined;
    const specs = this.commands.find((c) => c.name === action.command)?.args ?? [];
    const jobArg = specs.find((a) => a.kind === 'job');
    const indexArg = specs.find((a) => a.kind === 'integer');
    const jobId = jobArg ? action.args[jobArg.name] : undefined;
    if (jobId === undefined || !fitsCallback(jobId)) return undefined;
    const rest = Object.keys(action.args).filter((k) => k !== jobArg?.name);
    if (rest.length === 0) return { jobId };
    const index = indexArg && rest.length === 1 && rest[0] === indexArg.name ? Number(action.args[indexArg.name]) : NaN;
    return fitsIndex(index) && fitsCallback(jobId, true) && String(index) === action.args[indexArg?.name ?? ''] ? { jobId, index } : undefined;
  }

  private remember(data: string, action: ReplyAction): void {
    this.memo.delete(data);
    this.memo.set(data, action);
    if (this.memo.size > (this.opts.maxRemembered ?? 5000)) this.memo.delete(this.memo.keys().next().value as string);
  }
}

/** An action waiting for the text its `input` asks for (Telegram: the user replies to the bot's force-reply prompt). */
export interface PendingInput {
  action: ReplyAction & { input: NonNullable<ReplyAction['input']> };
  /** Who pressed the button: only their reply counts (they pay). */
  userId: number;
}

const inputKey = (chatId: number, promptId: number) => `input:${chatId}:${promptId}`;
const userInputsKey = (chatId: number, userId: number) => `inputs:${chatId}:${userId}`;

/**
 * Force-reply prompts waiting for an answer, by chat and prompt message id, in the coordination port (so the reply
 * may reach another process than the button press). Entries expire after `ttlMs` (default 10 min) and are taken
 * once. Trade-off: without Redis a restart forgets open prompts (the button still works).
 */
export class PendingInputs {
  private readonly coord: Coordination;
  private readonly ttlMs: number;

  constructor(opts: { coordination: Coordination; ttlMs?: number }) {
    this.coord = opts.coordination;
    this.ttlMs = opts.ttlMs ?? 10 * 60_000;
  }

  /** Waits for `userId`'s reply to prompt `promptMessageId` in `chatId`. */
  async expect(chatId: number, promptMessageId: number, userId: number, action: PendingInput['action']): Promise<void> {
    const p: PendingInput = { action, userId };
    await this.coord.put(inputKey(chatId, promptMessageId), JSON.stringify(p), this.ttlMs);
    await this.coord.append(userInputsKey(chatId, userId), String(promptMessageId), this.ttlMs, 50);
  }

  /** The pending input a reply answers, taken (once), when it is from the user who pressed the button. */
  async take(chatId: number, repliedToMessageId: number, userId: number): Promise<PendingInput | undefined> {
    const key = inputKey(chatId, repliedToMessageId);
    const seen = parsePending(await this.coord.get(key));
    if (!seen || seen.userId !== userId) return undefined;
    return parsePending(await this.coord.take(key));
  }

  /** Drops every prompt of `userId` in `chatId` (`/cancel`); returns how many were still open. */
  async cancel(chatId: number, userId: number): Promise<number> {
    const list = await this.coord.takeList(userInputsKey(chatId, userId));
    let n = 0;
    for (const id of 'taken' in list ? new Set(list.taken) : []) {
      if (parsePending(await this.coord.take(inputKey(chatId, Number(id))))?.userId === userId) n++;
    }
    return n;
  }
}

function parsePending(text: string | undefined): PendingInput | undefined {
  return text === undefined ? undefined : (JSON.parse(text) as PendingInput);
}
