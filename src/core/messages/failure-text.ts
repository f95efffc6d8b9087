import type { FailureRefView } from '../api/failure-refs.js';
import type { Failure, FailureCode, FailureDetails, MoneyMoved, ReaderHint } from '../failures.js';
import { DEFAULT_LOCALE, t, type MessageArgs } from '../i18n/catalog.js';
import { say } from '../i18n/phrase.js';
import { MIN_SIDE, sizeForAspect } from '../media/sizes.js';
import { formatBytes, formatDuration, formatMoment, formatMoneyPair, formatNumber, formatReset } from '../i18n/format.js';
import { graphemePrefix } from '../text-cut.js';

/**
 * How a surface tells its users to run a command (`/setup token` on Discord, `/setup` on Telegram, `setup token` in
 * the CLI); the same shape as `SurfaceInfo.commandHint`. Core texts name commands only through it.
 */
export type CommandHint = (command: string, subcommand?: string) => string;

/** The hint used when the surface gives none: `/command` or `/command subcommand`. */
export const slashHint: CommandHint = (command, subcommand) => `/${command}${subcommand ? ` ${subcommand}` : ''}`;

/**
 * Options of {@link describeFailure}: the current time (for "in 3 h"), the community's time zone (default UTC), how
 * commands are written on the asking surface (default {@link slashHint}) and the reader's locale (default English).
 */
export interface DescribeOptions {
  now: number;
  timeZone?: string;
  hint?: CommandHint;
  locale?: string;
  /** The surface id the reader is on (`SurfaceInfo.id`), for words that differ per surface (how to name a member). */
  surface?: string;
}

/** What a user reads about a failure. Adapters add platform formatting; `refLine` explains the reference. */
export interface FailureMessage {
  title: string;
  text: string;
  money: MoneyMoved;
  ref: string;
}

type Ctx = { now: number; timeZone: string; cmd: CommandHint; locale: string; surface: string };
/** The arguments of the failure's message (`failure-<code>` in `locales/<code>/failures.ftl`); `messageId` names another message. */
type Render<C extends FailureCode> = (d: FailureDetails[C], c: Ctx) => MessageArgs;

/** Codes unrelated to a paid job: their messages say nothing about charges. */
const NO_MONEY_SENTENCE = new Set<FailureCode>([
  'gateway_misconfigured', 'not_admin', 'bad_amount', 'unknown_user', 'job_not_found', 'bad_timezone', 'unknown_language', 'unknown_setting', 'bad_setting', 'no_token', 'token_rejected', 'cooldown', 'queue_full', 'coordination_unavailable',
  'unknown_command', 'missing_argument', 'not_here', 'store_unavailable', 'not_in_channel',
  'job_not_cancellable', 'not_an_image',
]);

/** A model id or user text quoted safely: one line, at most 80 characters. */
function q(s: string): string {
  const one = String(s).replace(/[\r\n\t]+/g, ' ').trim();
  return `'${one.length > 80 ? `${graphemePrefix(one, 77)}...` : one}'`;
}

/** A free-form reason kept only when it cannot leak anything (no JSON, no token-like text, short, one line). */
function safeReason(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const v = s.trim();
  if (!v || v.length > 160 || /[{}\[\]<>\n]|sk-|request id|\bat\s+\S+\s*\(/i.test(v)) return undefined;
  return v;
}

/** A grammar message (it may quote usage such as `<prompt>`): kept unless long, multi-line or token-like. */
function flagReason(s: string): string | undefined {
  const v = s.trim();
  if (!v || v.length > 400 || /\n|sk-/i.test(v)) return undefined;
  return v;
}

function num(v: number | string): string {
  return typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '?') : q(v);
}

const yes = (b: boolean | undefined): string => (b ? 'yes' : 'no');
/** The `$admin` selector of the set-up hints: `yes` (an admin reads it), `private` (a private chat), else `no`. */
const readerWord = (r: ReaderHint | undefined): string => (r === 'admin' ? 'yes' : r === 'private' ? 'private' : 'no');

function budget(d: FailureDetails['budget_exhausted'], c: Ctx, timeZone = d.timeZone ?? c.timeZone): MessageArgs {
  // "costs $0.04 but you have $0.04 left" would be false: the pair shows the decimals that tell them apart.
  const [cost, left] = formatMoneyPair(c.locale, d.costMicros, Math.max(0, d.remainingMicros));
  return {
    cost,
    left,
    when: d.resetsAt === null ? 'never' : formatReset(c.locale, d.resetsAt, c.now, timeZone),
    balance: c.cmd('balance'),
  };
}

function noun(kind: 'imagine' | 'edit' | 'video' | 'ask' | undefined): string {
  return kind === 'ask' ? 'answer' : kind === 'imagine' || kind === 'edit' ? 'image' : 'video';
}

const RENDER: { [C in FailureCode]: Render<C> } = {
  budget_exhausted: (d, c) => budget(d, c),
  // The operator's per-person cap counts in UTC whatever the community's zone.
  person_cap_exhausted: (d, c) => budget(d, c, 'UTC'),
  // The operator's daily cap is a UTC day, shown in the community's zone ("tomorrow at 01:00 CET").
  operator_cap_exhausted: (d, c) => budget(d, c),
  operator_access_not_approved: (d, c) => ({ community: d.community, place: d.place, approve: c.cmd('approve'), setupToken: c.cmd('setup', 'token'), tokenLink: c.cmd('token', 'link') }),
  pool_exhausted: (d, c) => budget(d, c),
  blocked: () => ({}),
  no_token: (d, c) => ({ admin: readerWord(d.reader), setupToken: c.cmd('setup', 'token'), tokenLink: c.cmd('token', 'link') }),
  token_rejected: (d, c) => ({ source: d.source, setupToken: c.cmd('setup', 'token'), tokenLink: c.cmd('token', 'link') }),
  no_channel: (d, c) => ({ model: q(d.model), models: c.cmd('models') }),
  model_unknown: (d, c) => ({ model: q(d.model), suggestion: d.suggestion ?? 'none', models: c.cmd('models') }),
  model_not_on_sale: (d, c) => ({ model: q(d.model), models: c.cmd('models') }),
  model_unpriced: (d, c) => ({ model: q(d.model), modelId: graphemePrefix(d.model, 80), admin: readerWord(d.reader), pricesSet: c.cmd('prices', 'set'), models: c.cmd('models') }),
  default_model_missing: (d) => ({ variable: d.variable, model: q(d.model), suggestions: d.suggestions.length ? d.suggestions.join(', ') : 'none' }),
  no_default_model: (d, c) => ({ kind: d.kind, admin: readerWord(d.reader), models: c.cmd('models'), pricesSet: c.cmd('prices', 'set') }),
  not_offered: (d) => ({ what: d.what, model: d.model !== undefined ? q(d.model) : 'none' }),
  gateway_misconfigured: () => ({}),
  model_wrong_kind: (d, c) => ({ model: q(d.model), expected: d.expected, models: c.cmd('models') }),
  option_unsupported: (d) => ({ model: q(d.model), option: d.option === 'endImage' ? 'end-image' : d.option, value: d.value ? graphemePrefix(d.value, 40) : 'none', offered: d.offered.length ? d.offered.join(', ') : 'none', all: d.all.length ? d.all.join('; ') : 'none' }),
  quota_exhausted: (d, c) => ({ source: d.source ?? 'scope', tokenUnlink: c.cmd('token', 'unlink') }),
  forbidden_model: (d, c) => ({ model: q(d.model), models: c.cmd('models') }),
  content_refused: () => ({}),
  gateway_needs_header: (d) => ({ header: /^[A-Za-z0-9 /-]{1,120}$/.test(d.header) ? d.header : 'provider' }),
  content_refused_fee: (d) => ({ source: d.source }),
  gateway_refused: (d) => ({ status: d.status !== undefined ? String(d.status) : 'none', reason: safeReason(d.reason)?.replace(/[.。!！]+$/, '') || 'none' }),
  attachment_missing: () => ({}),
  attachment_too_many: (d) => ({ got: d.got, max: d.max }),
  attachment_too_large: (d, c) => ({ name: q(d.name), got: formatBytes(c.locale, d.gotBytes), max: formatBytes(c.locale, d.maxBytes) }),
  attachment_empty: (d) => ({ name: q(d.name) }),
  attachment_not_image: (d) => ({
    name: q(d.name),
    detected: d.detected === 'gif' ? 'gif' : d.detected ? graphemePrefix(d.detected, 40) : 'none',
    vowel: yes(/^[aeiou]/i.test(d.detected ?? '')),
  }),
  attachment_too_many_pixels: (d, c) => ({ width: String(d.width), height: String(d.height), max: formatNumber(c.locale, d.maxPixels) }),
  attachment_download_failed: (d, c) => ({ reason: d.reason, limit: d.limitBytes ? formatBytes(c.locale, d.limitBytes) : 'none' }),
  prompt_empty: () => ({}),
  result_url_refused: (d) => ({ reason: d.reason ?? 'private' }),
  prompt_has_secret: (_d, c) => ({ tokenLink: c.cmd('token', 'link') }),
  prompt_too_long: (d, c) => ({ got: formatNumber(c.locale, d.got), max: formatNumber(c.locale, d.max) }),
  bad_size: (d, c) => ({
    given: d.given !== undefined ? q(d.given) : t(c.locale, 'input-size-requested'),
    allowed: t(c.locale, 'input-size-sides', { min: MIN_SIDE, max: d.maxSide, example: sizeForAspect('1:1', d.maxSide) ?? '1024x1024' }),
  }),
  bad_aspect: (d) => ({ given: q(d.given), allowed: d.allowed.join(', ') }),
  bad_duration: (d) => ({ given: num(d.given), min: d.min, max: d.max }),
  bad_count: (d) => ({ given: num(d.given), max: d.max }),
  bad_flag: (d, c) => ({ message: flagReason(d.problem ? say(c.locale, d.problem) : d.message) ?? 'none' }),
  gateway_busy: (d, c): MessageArgs =>
    d.waitedMs !== undefined
      ? { messageId: 'failure-gateway-busy-waited', waited: formatDuration(c.locale, Math.max(1_000, d.waitedMs)) }
      : { wait: d.retryAfterMs !== undefined && d.retryAfterMs > 0 ? formatDuration(c.locale, d.retryAfterMs) : 'none' },
  gateway_down: () => ({}),
  gateway_timeout: () => ({}),
  task_failed_refunded: (d) => ({ reason: safeReason(d.reason) ?? 'none' }),
  task_expired_released: () => ({}),
  job_interrupted: (d) => ({ kind: d.kind === 'video' || d.kind === 'ask' ? d.kind : 'image' }),
  result_delayed: (d) => ({ kind: d.kind === 'video' || d.kind === 'ask' ? d.kind : 'image' }),
  output_too_large: (d, c) => ({
    size: d.bytes !== null ? formatBytes(c.locale, d.bytes) : 'none',
    limit: formatBytes(c.locale, d.limitBytes),
    until: d.retrievableUntil !== null ? formatReset(c.locale, d.retrievableUntil, c.now, c.timeZone) : 'never',
    jobs: c.cmd('jobs'),
  }),
  delivery_failed_charged: (d, c) => {
    const id = /^[A-Za-z0-9_-]{1,40}$/.test(d.jobId) ? d.jobId : undefined;
    const get =
      d.retrievableUntil !== null && id
        ? t(c.locale, 'delivery-kept', { jobCmd: c.cmd('job'), job: id, until: formatReset(c.locale, d.retrievableUntil, c.now, c.timeZone) })
        : t(c.locale, d.reason === 'download' ? 'delivery-retry-download' : 'delivery-retry', { job: id ?? 'none' });
    return { noun: noun(d.kind), reason: d.reason, get };
  },
  result_not_delivered: (d) => ({ noun: d.kind === 'ask' ? 'answer' : d.kind === 'video' ? 'video' : 'image', reason: d.reason }),
  cooldown: (d, c) => ({ wait: formatDuration(c.locale, d.retryAfterMs) }),
  queue_full: (d) => ({ waiting: d.position > 2 ? d.position - 1 : 0 }),
  job_cancelled: (d) => ({ kind: d.kind === 'video' || d.kind === 'ask' ? d.kind : 'image' }),
  job_not_cancellable: (d, c) => ({ id: q(d.id), reason: d.reason, jobCmd: c.cmd('job') }),
  coordination_unavailable: () => ({}),
  store_unavailable: () => ({}),
  not_admin: () => ({}),
  not_in_channel: (d, c) => ({ command: c.cmd(d.command), where: d.where.length ? d.where.join(', ') : 'none' }),
  not_an_image: (d, c) => ({ id: q(d.id), kind: d.kind, imagine: c.cmd('imagine') }),
  prompt_blocked: (d) => ({ message: d.message ? d.message.replace(/[\r\n\t]+/g, ' ').trim() : 'none' }),
  bad_amount: (d, c) => ({
    message: d.reason
      ? `${t(c.locale, `money-error-${d.reason.replace(/_/g, '-')}`, { given: q(d.given ?? '') })} ${t(c.locale, 'money-error-hint')}`
      : d.problem
        ? say(c.locale, d.problem)
        : (safeReason(d.message) ?? t(c.locale, 'money-error-hint')),
  }),
  unknown_user: (d, c) => ({ given: q(d.given), how: t(c.locale, 'member-naming', { surface: c.surface }) }),
  job_not_found: (d, c) => ({ id: q(d.id), jobs: c.cmd('jobs') }),
  job_not_yours: (d, c) => ({ id: q(d.id), imagine: c.cmd('imagine') }),
  bad_timezone: (d) => ({ given: q(d.given) }),
  unknown_language: (d) => ({ given: q(d.given), available: d.available }),
  unknown_setting: (d, c) => ({ given: q(d.given), keys: d.keys, settings: c.cmd('settings') }),
  bad_setting: (d) => ({ key: d.key, given: q(d.given), allowed: d.allowed }),
  unknown_command: (d, c): MessageArgs =>
    d.otherBot
      ? { messageId: 'failure-other-bot' }
      : { given: q(d.given), suggestion: d.suggestion ? c.cmd(d.suggestion.command, d.suggestion.subcommand) : 'none', help: c.cmd('help') },
  missing_argument: (d) => ({ name: d.name, usage: d.usage.length ? d.usage.join('\n') : 'none' }),
  not_here: (d) => ({ place: d.place }),
  job_files_gone: (d, c) => ({ what: d.what, id: q(d.id), edit: c.cmd('edit') }),
  internal: () => ({}),
};

function moneySentence(locale: string, code: FailureCode, money: MoneyMoved): string {
  // Their text already says what was charged (a violation fee: what the gateway may have charged, and that this bot did not).
  if (code === 'delivery_failed_charged' || code === 'result_not_delivered' || code === 'content_refused_fee') return '';
  if (money === 'refunded' || money === 'released' || money === 'charged') return t(locale, `money-${money}`);
  return NO_MONEY_SENTENCE.has(code) ? '' : t(locale, 'money-none');
}

/** The message id of a failure code: `failure-` and the code in kebab case (`budget_exhausted` → `failure-budget-exhausted`). */
export function failureMessageId(code: FailureCode): string {
  return `failure-${code.replace(/_/g, '-')}`;
}

/**
 * The single place turning a {@link Failure} into words: a short title and one or two sentences saying what
 * happened, what to do next and whether money moved, in `opts.locale` (default English). Plain text, commands
 * written through `opts.hint`; never stack traces, JSON, request ids or tokens. `opts.now` defaults to `Date.now()`,
 * `opts.timeZone` to UTC.
 */
export function describeFailure(f: Failure, opts?: DescribeOptions): FailureMessage {
  const c: Ctx = { now: opts?.now ?? Date.now(), timeZone: opts?.timeZone ?? 'UTC', cmd: opts?.hint ?? slashHint, locale: opts?.locale ?? DEFAULT_LOCALE, surface: opts?.surface ?? 'other' };
  const render = RENDER[f.code] as Render<FailureCode>;
  const { messageId, ...args } = render(f.details as never, c);
  const msgId = typeof messageId === 'string' ? messageId : failureMessageId(f.code);
  const body = t(c.locale, msgId, args);
  const money = moneySentence(c.locale, f.code, f.money);
  return { title: t(c.locale, `${msgId}.title`, args), text: money ? `${body} ${money}` : body, money: f.money, ref: f.ref };
}

/**
 * Failures of what was typed, refused before anything ran: their words say all there is, so they carry no
 * reference (an admin would learn nothing more from `/job <ref>`).
 */
const INPUT_CODES = new Set<FailureCode>([
  'unknown_command', 'missing_argument', 'bad_flag', 'bad_amount', 'unknown_user', 'bad_timezone', 'unknown_language', 'unknown_setting', 'bad_setting', 'bad_aspect', 'bad_size',
  'bad_duration', 'bad_count', 'prompt_empty', 'prompt_too_long', 'not_here', 'not_admin', 'job_not_found', 'not_in_channel', 'prompt_blocked', 'job_not_yours',
  'job_cancelled', 'job_not_cancellable', 'not_an_image',
]);

/** Whether a failure's text is followed by its reference (see {@link refLine}). */
export function showsRef(code: FailureCode): boolean {
  return !INPUT_CODES.has(code);
}

/**
 * The line that follows a failure's text: its reference, explained. A member is told to give it to an admin; an
 * admin (`admin`) is told which command shows what went wrong (`hint`, default `/job`).
 */
export function refLine(locale: string, ref: string, admin = false, hint: CommandHint = slashHint): string {
  return admin ? t(locale, 'failure-ref-admin', { ref, job: hint('job') }) : t(locale, 'failure-ref', { ref });
}

/**
 * The words of `/job <ref>` in `locale`: a title, the plain outcome, and name/value facts. The code, the user it was
 * shown to and the logged detail appear only when the view carries `detail` (an admin asked). `now` (default the
 * current time) and `timeZone` (default UTC) place the moment it was shown.
 */
export function describeFailureRef(locale: string, v: FailureRefView, timeZone = 'UTC', now = Date.now()): { title: string; blocks: string[]; fields: { name: string; value: string }[] } {
  const fields = [{ name: t(locale, 'ref-field-shown'), value: t(locale, 'ref-shown', { when: formatMoment(locale, v.createdAt, now, timeZone), surface: v.surface }) }];
  if (v.jobId) fields.push({ name: t(locale, 'field-job'), value: v.jobId });
  const blocks = [v.outcome];
  if (v.detail !== undefined) {
    fields.push({ name: t(locale, 'ref-field-code'), value: v.code }, { name: t(locale, 'ref-field-shown-to'), value: v.userExternalId || t(locale, 'ref-unknown-user') });
    blocks.push(t(locale, 'ref-detail', { detail: v.detail }));
  }
  return { title: t(locale, 'ref-title', { ref: v.ref }), blocks, fields };
}
