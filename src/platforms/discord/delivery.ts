import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { readFile } from 'node:fs/promises';
import { DiscordAPIError, EmbedBuilder, HTTPError, RateLimitError, Routes, type APIEmbed, type APIEmbedField, type REST, type RawFile } from 'discord.js';
import type { DeliveryAddress } from '../../core/api/actor.js';
import type { JobView } from '../../core/api/jobs.js';
import type { Reply, ReplyField } from '../../core/commands/types.js';
import { DeliveryError, type Delivery } from '../../core/ports/delivery.js';
import type { Logger } from '../../log.js';
import { toDiscordAddress, type DiscordAddress } from './address.js';
import { actionRows, escapeText } from './reply-render.js';
import { progressBar } from '../../core/commands/reply-kit.js';
import { clip, errorFields, LIMITS } from './render.js';
import { DISCORD_SURFACE } from './surface.js';

/** Margin kept before an interaction token's 15 minutes run out: later than this, post to the channel instead. */
const EXPIRY_MARGIN_MS = 10_000;

/** Codes meaning "this channel or message is not reachable any more": fall back to a DM. */
const GONE_CODES = new Set([10003, 50001, 50013, 10008]);
/** Codes of an interaction webhook that can no longer be used: fall back to a channel message. */
const HOOK_GONE_CODES = new Set([10015, 50027, 10008, 10062]);
/** "Cannot send messages to this user": the member's DMs are closed to the bot. */
const CANNOT_DM_CODE = 50007;
/** Discord's longest message nonce. */
const NONCE_MAX = 25;

type Outcome = 'gone' | 'hook_gone' | 'transient' | 'too_large' | 'other';

/** Sorts a discord.js REST error into what the poller can act on. */
export function classifyDiscordError(e: unknown): Outcome {
  if (e instanceof RateLimitError) return 'transient';
  if (e instanceof DiscordAPIError) {
    const code = typeof e.code === 'number' ? e.code : Number(e.code);
    if (e.status === 413 || code === 40005) return 'too_large';
    if (HOOK_GONE_CODES.has(code) || e.status === 401) return 'hook_gone';
    if (GONE_CODES.has(code) || e.status === 403) return 'gone';
    if (e.status === 429 || e.status >= 500) return 'transient';
    if (e.status === 404) return 'gone';
    return 'other';
  }
  if (e instanceof HTTPError) return e.status === 429 || e.status >= 500 ? 'transient' : 'other';
  // Network failures (undici/fetch errors, aborts) are worth a retry.
  return 'transient';
}

function toDeliveryError(e: unknown, what: string): DeliveryError {
  const kind = classifyDiscordError(e);
  if (kind === 'too_large') return new DeliveryError('too_large', `${what}: file too large for Discord`);
  if (kind === 'transient') return new DeliveryError('transient', `${what}: ${errorFields(e).message}`);
  return new DeliveryError('gone', `${what}: ${errorFields(e).message}`);
}

/** The embed of a late reply: its title, its first block (clipped to `descriptionMax`), its fields and the job footer. */
function lateEmbed(reply: Reply, title: string, descriptionMax: number, field: (f: ReplyField) => APIEmbedField): APIEmbed {
  const e = new EmbedBuilder()
    .setTitle(title)
    .setDescription(clip(reply.blocks[0] ?? '', descriptionMax))
    .addFields((reply.fields ?? []).map(field));
  if (reply.jobId !== undefined) e.setFooter({ text: t(reply.locale ?? DEFAULT_LOCALE, 'footer-job', { job: reply.jobId }) });
  return e.toJSON();
}

/**
 * A message body plus files. `nonce` makes a channel post idempotent: with `enforce_nonce`, Discord answers a
 * repeated create (a retry after a timed-out upload that did arrive) with the message it already made.
 */
interface Outgoing {
  body: Record<string, unknown>;
  files?: RawFile[];
  nonce: string;
}

/** Options of {@link DiscordDelivery}. */
export interface DiscordDeliveryOptions {
  rest: REST;
  logger: Logger;
  /** Clock for the interaction expiry check; default `Date.now`. */
  now?: () => number;
}

/**
 * The job runner's way into Discord, for addresses this surface made ({@link DiscordAddress}, or the older stored
 * shape). It posts the core's late replies: a finished video (the mp4 under an embed of its facts), a kept image or
 * answer (an embed of the reply, the images attached), each mentioning the requester with the reply's buttons, and a
 * failure notice (the core's words after the mention). Every post routes the same way: the interaction's original
 * response while its token is valid (15 min), else a channel message mentioning the requester, else (Missing Access,
 * Unknown Channel, 403) a DM; only when the DM fails too is it {@link DeliveryError} `gone`. 429 and 5xx (after
 * discord.js's own retries) are `transient`; a file over the address's limit is `too_large` before any upload. Channel
 * and DM posts carry a nonce derived from the job, so a retried upload never posts twice (editing the original
 * response is idempotent by nature). A result whose address is marked private (the member's `private` setting at the
 * job's start, in a guild) goes to the member's DMs first; closed DMs (50007) send it the usual way with the
 * `private-chat-closed` line.
 */
export class DiscordDelivery implements Delivery {
  readonly surface = 'discord';
  readonly commandHint = DISCORD_SURFACE.commandHint;
  private readonly now: () => number;

  constructor(private readonly o: DiscordDeliveryOptions) {
    this.now = o.now ?? Date.now;
  }

  uploadLimitBytes(address: DeliveryAddress): number {
    return toDiscordAddress(address).uploadLimitBytes;
  }

  async progress(address: DeliveryAddress, job: JobView): Promise<void> {
    const a = toDiscordAddress(address);
    if (!this.hookValid(a)) return;
    try {
      await this.editOriginal(a.interaction, { body: { content: t(job.locale ?? DEFAULT_LOCALE, 'status-working-bar', { bar: progressBar(job.progress) }) }, nonce: '' });
    } catch (e) {
      this.o.logger.debug({ jobId: job.id, outcome: classifyDiscordError(e) }, 'discord progress edit failed');
    }
  }

  async post(address: DeliveryAddress, reply: Reply): Promise<{ messageIds: string[] }> {
    const a = toDiscordAddress(address);
    const jobId = reply.jobId ?? '';
    if (reply.tone === 'error') {
      const body = { content: clip(`<@${a.userId}> ${reply.blocks.join('\n')}`, LIMITS.content), embeds: [], components: [], allowed_mentions: { users: [a.userId] } };
      return { messageIds: [await this.send(a, { body, nonce: clip(`f${jobId}`, NONCE_MAX) }, jobId)] };
    }
    const shown = reply.files ?? [];
    const big = shown.find((f) => f.size > a.uploadLimitBytes);
    if (big) throw new DeliveryError('too_large', `${big.name} of ${big.size} bytes over the ${a.uploadLimitBytes}-byte limit`);
    const files: RawFile[] = [];
    for (const f of shown) files.push({ name: f.name, data: f.bytes ?? (await readFile(f.path ?? '')), contentType: f.mime });
    const video = shown.some((f) => f.kind === 'video');
    const l = reply.locale ?? DEFAULT_LOCALE;
    const answer = !video && shown.length === 0;
    const embed = video
      ? lateEmbed(reply, reply.title ?? t(l, 'title-video-ready'), 1000, (f) => ({ ...f, inline: true }))
      : lateEmbed(reply, reply.title ?? t(l, 'title-answer'), answer ? 4000 : 1000, (f) => ({ name: f.name, value: clip(escapeText(f.value), LIMITS.fieldValue), inline: f.value.length <= 40 }));
    const msg: Outgoing = {
      body: {
        content: `<@${a.userId}> ${t(l, 'late-result-ready', { kind: video ? 'video' : answer ? 'answer' : 'image' })}`,
        embeds: [embed],
        components: actionRows(reply.actions ?? []),
        allowed_mentions: { users: [a.userId] },
        attachments: files.map((f, i) => ({ id: i, filename: f.name })),
      },
      ...(files.length ? { files } : {}),
      nonce: clip(`${video ? 'v' : 'r'}${jobId}`, NONCE_MAX),
    };
    if (a.private && a.guildId) {
      const dm = await this.sendPrivately(a, msg, jobId, l);
      if (dm !== undefined) return { messageIds: [dm] };
      msg.body.content = `${String(msg.body.content)}\n${t(l, 'private-chat-closed')}`;
    }
    return { messageIds: [await this.send(a, msg, jobId)] };
  }

  /**
   * A result marked private: posted in the member's DM channel, then the interaction's public placeholder (while its
   * token lasts) says where the result went. Undefined when the member's DMs are closed (50007, or any other "gone"):
   * the caller posts in the channel with a line saying so. Other errors are thrown (the runner retries, still
   * privately; the DM post's nonce keeps a retried upload from posting twice).
   */
  private async sendPrivately(a: DiscordAddress, msg: Outgoing, jobId: string, locale: string): Promise<string | undefined> {
    let id: string;
    try {
      const dm = (await this.o.rest.post(Routes.userChannels(), { body: { recipient_id: a.userId } })) as { id: string };
      id = await this.create(dm.id, msg);
    } catch (e) {
      const code = e instanceof DiscordAPIError ? Number(e.code) : undefined;
      if (code !== CANNOT_DM_CODE && classifyDiscordError(e) !== 'gone') throw toDeliveryError(e, 'direct message');
      this.o.logger.info({ jobId, code }, 'the member\'s DMs are closed; posting the private result in the channel');
      return undefined;
    }
    if (this.hookValid(a)) {
      const body = { content: t(locale, 'private-result-sent'), embeds: [], components: [], attachments: [] };
      await this.editOriginal(a.interaction, { body, nonce: '' }).catch((e: unknown) => this.o.logger.debug({ jobId, outcome: classifyDiscordError(e) }, 'placeholder edit after a DM failed'));
    }
    return id;
  }

  private hookValid(a: DiscordAddress): a is DiscordAddress & { interaction: NonNullable<DiscordAddress['interaction']> } {
    return !!a.interaction && a.interaction.expiresAt - EXPIRY_MARGIN_MS > this.now();
  }

  /** Original response → channel message → DM. Returns the message id. */
  private async send(a: DiscordAddress, msg: Outgoing, jobId: string): Promise<string> {
    if (this.hookValid(a)) {
      try {
        return await this.editOriginal(a.interaction, msg);
      } catch (e) {
        const kind = classifyDiscordError(e);
        if (kind !== 'hook_gone' && kind !== 'gone') throw toDeliveryError(e, 'interaction edit');
        this.o.logger.info({ jobId, outcome: kind }, 'interaction response unusable; posting to the channel');
      }
    }
    try {
      return await this.create(a.channelId, msg);
    } catch (e) {
      const kind = classifyDiscordError(e);
      if (kind !== 'gone' && kind !== 'hook_gone') throw toDeliveryError(e, 'channel message');
      this.o.logger.warn({ jobId, outcome: kind }, 'channel unreachable; sending a DM');
    }
    try {
      const dm = (await this.o.rest.post(Routes.userChannels(), { body: { recipient_id: a.userId } })) as { id: string };
      return await this.create(dm.id, msg);
    } catch (e) {
      throw toDeliveryError(e, 'direct message');
    }
  }

  private async editOriginal(hook: NonNullable<DiscordAddress['interaction']>, msg: Outgoing): Promise<string> {
    const res = (await this.o.rest.patch(Routes.webhookMessage(hook.applicationId, hook.token, '@original'), {
      body: msg.body,
      ...(msg.files ? { files: msg.files } : {}),
      auth: false,
    })) as { id: string };
    return res.id;
  }

  private async create(channelId: string, msg: Outgoing): Promise<string> {
    const body = { ...msg.body, nonce: msg.nonce, enforce_nonce: true };
    const res = (await this.o.rest.post(Routes.channelMessages(channelId), { body, ...(msg.files ? { files: msg.files } : {}) })) as { id: string };
    return res.id;
  }
}
