import type { FailureRefView } from '../api.js';
import type { Failure, FailureCode, FailureDetails, MoneyMoved } from '../failures.js';
import { formatUsd } from '../money.js';
import { formatBytes, formatCount, formatDateTime, formatDuration, formatResetTime } from './time.js';

const OFFERED_TEXT: Record<FailureDetails['not_offered']['what'], string> = {
  edit: 'image editing', video: 'video generation', remix: 'video remixes', image: 'image generation', text: 'text models', balance: 'a balance page for tokens',
};

/**
 * How a surface tells its users to run a command (`/setup token` on Discord, `/setup` on Telegram, `setup token` in
 * the CLI); the same shape as `SurfaceInfo.commandHint`. Core texts name commands only through it.
 */
export type CommandHint = (command: string, subcommand?: string) => string;

/** The hint used when the surface gives none: `/command` or `/command subcommand`. */
export const slashHint: CommandHint = (command, subcommand) => `/${command}${subcommand ? ` ${subcommand}` : ''}`;

/**
 * Options of {@link describeFailure}: the current time (for "in 3 h"), the community's time zone (default UTC) and
 * how commands are written on the asking surface (default {@link slashHint}).
 */
export interface DescribeOptions {
  now: number;
  timeZone?: string;
  hint?: CommandHint;
}

/** What a user reads about a failure. Adapters add `(ref …)` and platform formatting. */
export interface FailureMessage {
  title: string;
  text: string;
  money: MoneyMoved;
  ref: string;
}

type Ctx = { now: number; timeZone: string; cmd: CommandHint };
type Render<C extends FailureCode> = (d: FailureDetails[C], c: Ctx) => [title: string, text: string];

/** Codes unrelated to a paid job: their messages say nothing about charges. */
const NO_MONEY_SENTENCE = new Set<FailureCode>([
  'gateway_misconfigured', 'not_admin', 'bad_amount', 'unknown_user', 'job_not_found', 'bad_timezone', 'no_token', 'token_rejected', 'cooldown', 'queue_full', 'coordination_unavailable',
  'unknown_command', 'missing_argument', 'not_here', 'store_unavailable',
]);

/** A model id or user text quoted safely: one line, at most 80 characters. */
function q(s: string): string {
  const one = String(s).replace(/[\r\n\t]+/g, ' ').trim();
  return `'${one.length > 80 ? `${one.slice(0, 77)}...` : one}'`;
}

/** A free-form reason kept only when it cannot leak anything (no JSON, no token-like text, short, one line). */
function safeReason(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const t = s.trim();
  if (!t || t.length > 160 || /[{}\[\]<>\n]|sk-|request id|\bat\s+\S+\s*\(/i.test(t)) return undefined;
  return t;
}

/** A grammar message (it may quote usage such as `<prompt>`): kept unless long, multi-line or token-like. */
function flagReason(s: string): string | undefined {
  const t = s.trim();
  if (!t || t.length > 400 || /\n|sk-/i.test(t)) return undefined;
  return t;
}

function num(v: number | string): string {
  return typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'that') : q(v);
}

function budgetText(d: FailureDetails['budget_exhausted'], c: Ctx, whose: string): string {
  const reset =
    d.resetsAt === null
      ? `${whose === 'you' ? 'Your' : "The community's"} allowance does not reset on its own; an admin can raise it.`
      : `${whose === 'you' ? 'Your' : "The community's"} allowance resets ${formatResetTime(d.resetsAt, c.now, c.timeZone)}.`;
  const has = whose === 'you' ? 'you have' : 'the community has';
  return `This would cost ${formatUsd(d.costMicros)} but ${has} ${formatUsd(Math.max(0, d.remainingMicros))} left. ${reset} See ${c.cmd('balance')}.`;
}

const RENDER: { [C in FailureCode]: Render<C> } = {
  budget_exhausted: (d, c) => ['Not enough budget left', budgetText(d, c, 'you')],
  person_cap_exhausted: (d, c) => [
    'Personal limit reached',
    `This costs ${formatUsd(d.costMicros)}, and you have ${formatUsd(d.remainingMicros)} left of the bot operator's limit per person, which counts your use in every community on the operator's token. ${
      d.resetsAt === null ? 'It does not reset on its own.' : `It resets ${formatResetTime(d.resetsAt, c.now, 'UTC')}.`
    } A community that links its own gateway token is not limited by it.`,
  ],
  pool_exhausted: (d, c) => ['The community budget is used up', budgetText(d, c, 'community')],
  blocked: () => ['Not allowed', 'An admin has blocked you from using the bot here. Ask an admin if you think this is a mistake.'],
  no_token: (d, c) => [
    'No gateway token',
    d.isAdminHint
      ? `No gateway token is linked here yet. As an admin you can link one with ${c.cmd('setup', 'token')}; members can also link their own with ${c.cmd('token', 'link')}.`
      : `No gateway token is linked here yet. An admin can link one with ${c.cmd('setup', 'token')}; you can also link your own with ${c.cmd('token', 'link')}.`,
  ],
  token_rejected: (d, c) => [
    'Gateway token refused',
    d.source === 'personal'
      ? `The gateway refused your personal token (it may be wrong, expired or revoked). Link a new one with ${c.cmd('token', 'link')}.`
      : d.source === 'scope'
        ? `The gateway refused this community's token (it may be wrong, expired or revoked). An admin can link a new one with ${c.cmd('setup', 'token')}.`
        : `The gateway refused the bot's own token. The bot operator has to replace it; you can link your own with ${c.cmd('token', 'link')}.`,
  ],
  no_channel: (d, c) => [
    'Model not available to this token',
    `The gateway has the model ${q(d.model)}, but the group this token belongs to cannot reach it. Pick another model from ${c.cmd('models')}, or use a token whose group includes it.`,
  ],
  model_unknown: (d, c) => [
    'Unknown model',
    d.suggestion
      ? `There is no model called ${q(d.model)}. Did you mean ${d.suggestion}? See ${c.cmd('models')}.`
      : `There is no model called ${q(d.model)}. See ${c.cmd('models')} for the list.`,
  ],
  model_not_on_sale: (d, c) => ['Model not on sale', `The model ${q(d.model)} is not currently on sale. Pick another one from ${c.cmd('models')}.`],
  model_unpriced: (d, c) => [
    'Model has no price yet',
    `There is no price for ${q(d.model)} yet (the gateway publishes none and no admin set one), so the bot cannot keep it within a budget. ${
      d.isAdminHint ? `As an admin you can set one with ${c.cmd('prices', 'set')} ${d.model.slice(0, 80)} <usd>.` : `An admin can set one with ${c.cmd('prices', 'set')}; until then pick another model from ${c.cmd('models')}.`
    }`,
  ],
  default_model_missing: (d) => [
    'Default model not available',
    `The bot's default model (${d.variable}=${q(d.model)}) is not in this gateway's list${d.suggestions.length ? `; the closest listed: ${d.suggestions.join(', ')}` : ''}. Pick a model with the model option, and tell the bot operator to fix ${d.variable}.`,
  ],
  no_default_model: (d, c) => [
    'No model to use',
    `This token reaches no priced ${d.kind} model, so there is no default. See ${c.cmd('models')}; ${d.isAdminHint ? `as an admin you can set a price with ${c.cmd('prices', 'set')} <model> <usd>.` : 'an admin can set a price for one.'}`,
  ],
  not_offered: (d) => [
    'Not offered by this gateway',
    `This gateway does not offer ${OFFERED_TEXT[d.what]}. Ask the bot operator if another gateway or token is available.`,
  ],
  gateway_misconfigured: () => [
    'Gateway address misconfigured',
    "The gateway answered with a redirect to a web page instead of the API. The bot operator must set GATEWAY_BASE_URL to the gateway's API root (the address that serves /v1/models).",
  ],
  model_wrong_kind: (d, c) => [
    'Wrong kind of model',
    `${q(d.model)} is not ${d.expected === 'image' ? 'an image' : d.expected === 'video' ? 'a video' : 'a text'} model. See ${c.cmd('models')} for ${d.expected} models.`,
  ],
  quota_exhausted: (d, c) => [
    'Gateway balance used up',
    d.source === 'personal'
      ? `The gateway account behind your own token has run out of credit. Top it up on the gateway, or unlink it with ${c.cmd('token', 'unlink')} to use the community one.`
      : d.source === 'operator'
        ? "The gateway account behind the bot's own token has run out of credit. The bot operator needs to top it up; the admins have been told."
        : "The gateway account behind this community's token has run out of credit. An admin needs to top it up on the gateway; the admins have been told.",
  ],
  forbidden_model: (d, c) => ['Model not allowed for this token', `This token is not allowed to use ${q(d.model)}. Pick another model from ${c.cmd('models')}.`],
  content_refused: () => ['Request refused', "The gateway's safety filter refused this request. Try rewording the prompt or using other images."],
  attachment_missing: () => ['Image needed', 'This needs at least one reference image. Attach one and try again.'],
  attachment_too_many: (d) => ['Too many images', `You attached ${d.got} images; at most ${d.max} can be used. Remove some and try again.`],
  attachment_too_large: (d) => [
    'Image too large',
    `${q(d.name)} is ${formatBytes(d.gotBytes)}; each image can be at most ${formatBytes(d.maxBytes)}. Try a smaller or compressed version.`,
  ],
  attachment_empty: (d) => ['Empty file', `${q(d.name)} is empty (0 bytes). Attach the image again.`],
  attachment_not_image: (d) => [
    'Not a usable image',
    d.detected === 'gif'
      ? `${q(d.name)} is a GIF, which image models do not accept. Use a PNG, JPEG or WebP image (a screenshot of it works).`
      : d.detected
        ? `${q(d.name)} looks like ${/^[aeiou]/i.test(d.detected) ? 'an' : 'a'} ${d.detected} file, not a still image. Use a PNG, JPEG or WebP image.`
        : `${q(d.name)} is not an image the gateway can read. Use a PNG, JPEG or WebP image.`,
  ],
  attachment_too_many_pixels: (d) => [
    'Image too large',
    `The image is ${d.width}x${d.height} pixels; at most ${formatCount(d.maxPixels)} pixels are accepted. Scale it down and try again.`,
  ],
  attachment_download_failed: (d) => [
    'Could not fetch the attachment',
    d.reason === 'too_big_for_platform'
      ? `The file is too big for the bot to download here${d.limitBytes ? ` (the limit is ${formatBytes(d.limitBytes)})` : ''}. Send a smaller file.`
      : d.reason === 'expired'
        ? 'The attachment link has expired. Send the file again.'
        : 'The attachment could not be downloaded (network problem). Try again in a moment.',
  ],
  prompt_empty: () => ['Prompt needed', 'Please describe what you want (the prompt is empty).'],
  result_url_refused: () => [
    'Result not fetched',
    'The gateway answered with a link to the image on a private or local network address, which I never fetch. An admin should check where the gateway stores its results.',
  ],
  prompt_has_secret: (_d, c) => [
    'That looks like a token',
    `Your prompt contains something shaped like an access token (a gateway key or a bot token), so I did not use or keep it. If it is a real token, revoke it at its service; a gateway token is linked with ${c.cmd('token', 'link')} in a private chat.`,
  ],
  prompt_too_long: (d) => ['Prompt too long', `The prompt has ${formatCount(d.got)} characters; at most ${formatCount(d.max)} are accepted. Shorten it and try again.`],
  bad_size: (d) => ['Size not supported', `${q(d.given)} is not a size this model accepts: ${d.allowed}. You can also pick an aspect ratio instead, such as 16:9.`],
  bad_aspect: (d) => ['Aspect ratio not supported', `${q(d.given)} is not a supported aspect ratio. Use one of: ${d.allowed.join(', ')}.`],
  bad_duration: (d) => ['Duration not supported', `${num(d.given)} seconds is not possible: videos last ${d.min} to ${d.max} seconds (whole seconds).`],
  bad_count: (d) => ['Count not supported', `${num(d.given)} is not possible: ask for 1 to ${d.max}.`],
  bad_flag: (d) => ['Option not understood', flagReason(d.message) ?? 'One of the options was not understood. Check the command and try again.'],
  gateway_busy: (d) => [
    'Gateway busy',
    d.retryAfterMs !== undefined && d.retryAfterMs > 0
      ? `The gateway is busy right now. Try again in ${formatDuration(d.retryAfterMs)}.`
      : 'The gateway is busy right now. Try again in a minute.',
  ],
  gateway_down: () => ['Gateway unavailable', 'The gateway could not be reached or answered with an error. Try again in a few minutes.'],
  gateway_timeout: () => ['Gateway too slow', 'The gateway did not answer in time. Try again in a few minutes.'],
  task_failed_refunded: (d) => {
    const reason = safeReason(d.reason);
    return ['Video failed', `The video could not be made (${reason ?? 'the gateway reported a failure'}).`];
  },
  task_expired_released: () => ['Video took too long', 'The video was not ready in time, so the bot stopped waiting for it.'],
  job_interrupted: (d) => [
    'Request interrupted',
    `The bot restarted while your ${d.kind === 'video' ? 'video' : d.kind === 'ask' ? 'question' : 'image'} request was being started, so it was dropped. Please send it again.`,
  ],
  output_too_large: (d, c) => {
    const size = d.bytes !== null ? ` (${formatBytes(d.bytes)})` : '';
    const until = d.retrievableUntil !== null ? ` It can still be fetched with ${c.cmd('jobs')} until ${formatResetTime(d.retrievableUntil, c.now, c.timeZone)}.` : '';
    return ['Result too large to send', `The result${size} is larger than the ${formatBytes(d.limitBytes)} this chat accepts.${until}`];
  },
  delivery_failed_charged: (d, c) => {
    const id = /^[A-Za-z0-9_-]{1,40}$/.test(d.jobId) ? d.jobId : undefined;
    const job = id ? `job ${id}` : 'this job';
    const why =
      d.reason === 'download'
        ? 'the bot could not download it from the gateway'
        : d.reason === 'chat_gone'
          ? 'the chat it was meant for can no longer be reached'
          : 'uploading it here kept failing';
    const get =
      d.retrievableUntil !== null && id
        ? `It is kept: get it with ${c.cmd('job')} ${id} until ${formatResetTime(d.retrievableUntil, c.now, c.timeZone)}.`
        : d.reason === 'download'
          ? `An admin can retry the delivery of ${job}: the bot then downloads it again from the gateway, which works while the gateway still keeps it.`
          : `An admin can retry the delivery of ${job}.`;
    const noun = d.kind === 'ask' ? 'answer' : d.kind === 'imagine' || d.kind === 'edit' ? 'image' : 'video';
    const title = `${noun[0]!.toUpperCase()}${noun.slice(1)} made but not delivered`;
    return [title, `Your ${noun} was made and paid for, but ${why}. ${get} Starting it again would make and charge a second ${noun}.`];
  },
  result_not_delivered: (d) => {
    const noun = d.kind === 'ask' ? 'answer' : d.kind === 'video' ? 'video' : 'image';
    const why = d.reason === 'too_large' ? 'it is larger than this chat accepts' : d.reason === 'chat_gone' ? 'this chat could not be reached' : 'its file was lost';
    return [`${noun[0]!.toUpperCase()}${noun.slice(1)} not delivered`, `Your ${noun} was made, but it could not be posted because ${why}. You were not charged for it.`];
  },
  cooldown: (d) => ['Slow down', `You can start another request in ${formatDuration(d.retryAfterMs)}.`],
  queue_full: (d) => [
    'Too many requests waiting',
    d.position > 2 ? `${d.position - 1} requests are already waiting here. Try again in a few minutes.` : 'The line here is full. Try again in a few minutes.',
  ],
  coordination_unavailable: () => ['Busy for a moment', 'The bot cannot start new requests right now (its shared limits are out of reach). Try again in a moment; requests already running are not affected, and nothing was charged.'],
  not_admin: () => ['Admins only', 'Only an admin of this community can do that.'],
  bad_amount: (d) => ['Amount not understood', safeReason(d.message) ?? 'Amounts are in US dollars, e.g. 0.50 or $2.'],
  unknown_user: (d) => ['Unknown user', `No user ${q(d.given)} is known here. Mention them or use their id.`],
  job_not_found: (d, c) => ['Job not found', `There is no job ${q(d.id)} here. See ${c.cmd('jobs')} for yours.`],
  bad_timezone: (d) => ['Unknown time zone', `${q(d.given)} is not a time zone name. Use a name such as Europe/Berlin, America/New_York or UTC.`],
  unknown_command: (d, c) => {
    if (d.otherBot) return ['Not for this bot', 'That command was meant for another bot.'];
    const s = d.suggestion ? ` Did you mean ${c.cmd(d.suggestion.command, d.suggestion.subcommand)}?` : '';
    return ['Unknown command', `There is no command ${q(d.given)}.${s} See ${c.cmd('help')} for the list.`];
  },
  missing_argument: (d) => [
    'Something is missing',
    d.usage.length ? `Usage: ${d.usage.join('\n')}\n(the ${d.name} is missing)` : `The ${d.name} is missing.`,
  ],
  not_here: (d) => [
    'Not available here',
    d.place === 'private' ? 'This only works in a private chat with the bot (it keeps secrets out of groups).' : 'This only works in a community (a server or group), not in a private chat.',
  ],
  job_files_gone: (d, c) => [
    'Files no longer kept',
    d.what === 'references'
      ? `The reference images of job ${q(d.id)} are no longer kept, so it cannot be rerolled. Run ${c.cmd('edit')} again with the images.`
      : `The results of job ${q(d.id)} are no longer kept, so they cannot be reused. Start a new request instead.`,
  ],
  store_unavailable: () => ['Try again in a moment', 'The bot cannot reach its database right now, so this could not be done. Try again in a moment.'],
  internal: () => ['Something went wrong', 'Something went wrong on our side. Try again; if it keeps happening, tell an admin the reference below.'],
};

function moneySentence(code: FailureCode, money: MoneyMoved): string {
  if (code === 'delivery_failed_charged' || code === 'result_not_delivered') return ''; // their text already says what was charged
  if (money === 'refunded') return 'The gateway refunded it and your hold was released: nothing was charged.';
  if (money === 'released') return 'Your hold was released: nothing was charged.';
  if (money === 'charged') return 'The result was made, so it was charged.';
  return NO_MONEY_SENTENCE.has(code) ? '' : 'Nothing was charged.';
}

/**
 * The single place turning a {@link Failure} into words: a short title and one or two sentences saying what
 * happened, what to do next and whether money moved. Plain text, commands written through `opts.hint`; never
 * stack traces, JSON, request ids or tokens. `opts.now` defaults to `Date.now()`, `opts.timeZone` to UTC.
 */
export function describeFailure(f: Failure, opts?: DescribeOptions): FailureMessage {
  const c: Ctx = { now: opts?.now ?? Date.now(), timeZone: opts?.timeZone ?? 'UTC', cmd: opts?.hint ?? slashHint };
  const render = RENDER[f.code] as Render<FailureCode>;
  const [title, body] = render(f.details as never, c);
  const money = moneySentence(f.code, f.money);
  return { title, text: money ? `${body} ${money}` : body, money: f.money, ref: f.ref };
}

/**
 * The words of `/job <ref>`: a title, the plain outcome, and name/value facts. The code, the user it was shown to and
 * the logged detail appear only when the view carries `detail` (an admin asked).
 */
export function describeFailureRef(v: FailureRefView, timeZone = 'UTC'): { title: string; blocks: string[]; fields: { name: string; value: string }[] } {
  const fields = [{ name: 'Shown', value: `${formatDateTime(v.createdAt, timeZone)} on ${v.surface}` }];
  if (v.jobId) fields.push({ name: 'Job', value: v.jobId });
  const blocks = [v.outcome];
  if (v.detail !== undefined) {
    fields.push({ name: 'Code', value: v.code }, { name: 'Shown to', value: v.userExternalId || 'unknown' });
    blocks.push(`Logged detail: ${v.detail}`);
  }
  return { title: `Reference ${v.ref}`, blocks, fields };
}
