import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { readFile } from 'node:fs/promises';
import { DiscordAPIError, EmbedBuilder, HTTPError, RateLimitError, Routes, type APIEmbed, type REST, type RawFile } from 'discord.js';
import type { DeliveryAddress, Failure, JobView, ReplyAction, SurfaceCore } from '../../core/api/surface.js';
import type { DeliverableResult, Delivery } from '../../core/api.js';
import { DeliveryError } from '../../core/api.js';
import type { Logger } from '../../log.js';
import { toDiscordAddress, type DiscordAddress } from './address.js';
import { actionRows, escapeText } from './reply-render.js';
import { deliveredResultFields, finishedJobActions, progressBar, videoResultFields } from '../../core/commands/reply-kit.js';
import { clip, errorFields, LIMITS } from './render.js';
import { DISCORD_SURFACE } from './surface.js';

/** Margin kept before an interaction token's 15 minutes run out: later than this, post to the channel instead. */
const EXPIRY_MARGIN_MS = 10_000;

/** Codes meaning "this channel or message is not reachable any more": fall back to a DM. */
const GONE_CODES = new Set([10003, 50001, 50013, 10008]);
/** Codes of an interaction webhook that can no longer be used: fall back to a channel message. */
const HOOK_GONE_CODES = new Set([10015, 50027, 10008, 10062]);
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

/** The embed of a delivered video. */
export function videoResultEmbed(job: JobView): APIEmbed {
  return new EmbedBuilder()
    .setTitle(t(job.locale ?? DEFAULT_LOCALE, 'title-video-ready'))
    .setDescription(clip(job.prompt, 1000))
    .addFields(videoResultFields(job).map((f) => ({ ...f, inline: true })))
    .setFooter({ text: t(job.locale ?? DEFAULT_LOCALE, 'footer-job', { job: job.id }) })
    .toJSON();
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
  /**
   * `remixOffered` decides the Remix button next to Reroll under a delivered video (none when absent); every result's
   * buttons come from the core's `finishedJobActions`, the same as the command's own reply.
   */
  core: Pick<SurfaceCore, 'explain'> & Partial<Pick<SurfaceCore, 'remixOffered'>>;
  logger: Logger;
  /** Clock for the interaction expiry check; default `Date.now`. */
  now?: () => number;
}

/**
 * The job runner's way into Discord, for addresses this surface made ({@link DiscordAddress}, or the older stored
 * shape). Every method routes the same way: the interaction's original response while its token is valid (15 min),
 * else a channel message mentioning the requester, else (Missing Access, Unknown Channel, 403) a DM; only when the DM
 * fails too is it {@link DeliveryError} `gone`. 429 and 5xx (after discord.js's own retries) are `transient`; a file
 * over the address's limit is `too_large` before any upload. Channel and DM posts carry a nonce derived from the job,
 * so a retried upload never posts twice (editing the original response is idempotent by nature).
 */
export class DiscordDelivery implements Delivery {
  readonly surface = 'discord';
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

  async deliverVideo(address: DeliveryAddress, job: JobView, file: { path: string; bytes: number; mime: string }): Promise<{ messageIds: string[] }> {
    const a = toDiscordAddress(address);
    if (file.bytes > a.uploadLimitBytes) throw new DeliveryError('too_large', `video of ${file.bytes} bytes over the ${a.uploadLimitBytes}-byte limit`);
    const data = await readFile(file.path);
    const name = `video-${job.id}.mp4`;
    const msg: Outgoing = {
      body: {
        content: `<@${a.userId}> your video is ready.`,
        embeds: [videoResultEmbed(job)],
        components: actionRows(this.actionsOf(job)),
        allowed_mentions: { users: [a.userId] },
        attachments: [{ id: 0, filename: name }],
      },
      files: [{ name, data, contentType: file.mime }],
      nonce: clip(`v${job.id}`, NONCE_MAX),
    };
    return { messageIds: [await this.send(a, msg, job.id)] };
  }

  /**
   * Posts a kept image/edit result (the files) or an answer (the text, in an embed) that the command could not post,
   * by the same route as videos (interaction response → channel message with a mention → DM), with a nonce derived
   * from the job so a retried post never appears twice in a channel.
   */
  async deliver(address: DeliveryAddress, job: JobView, result: DeliverableResult): Promise<{ messageIds: string[] }> {
    const a = toDiscordAddress(address);
    const big = result.files.find((f) => f.bytes > a.uploadLimitBytes);
    if (big) throw new DeliveryError('too_large', `${big.filename} of ${big.bytes} bytes over the ${a.uploadLimitBytes}-byte limit`);
    const files: RawFile[] = [];
    for (const f of result.files) files.push({ name: f.filename, data: await readFile(f.path), contentType: f.mime });
    const e = new EmbedBuilder()
      .setTitle(t(job.locale ?? DEFAULT_LOCALE, job.kind === 'ask' ? 'title-answer' : 'result-image-title'))
      .setDescription(clip(result.text ?? job.prompt, result.text !== undefined ? 4000 : 1000))
      .addFields(deliveredResultFields(job, result.remainingMicros).map((f) => ({ name: f.name, value: clip(escapeText(f.value), LIMITS.fieldValue), inline: f.value.length <= 40 })))
      .setFooter({ text: t(job.locale ?? DEFAULT_LOCALE, 'footer-job', { job: job.id }) });
    const msg: Outgoing = {
      body: {
        content: `<@${a.userId}> your ${job.kind === 'ask' ? 'answer' : 'image'} is ready.`,
        embeds: [e.toJSON()],
        components: actionRows(this.actionsOf(job)),
        allowed_mentions: { users: [a.userId] },
        attachments: files.map((f, i) => ({ id: i, filename: f.name })),
      },
      ...(files.length ? { files } : {}),
      nonce: clip(`r${job.id}`, NONCE_MAX),
    };
    return { messageIds: [await this.send(a, msg, job.id)] };
  }

  async notifyFailure(address: DeliveryAddress, job: JobView, failure: Failure): Promise<void> {
    const a = toDiscordAddress(address);
    const text = clip(`<@${a.userId}> ${this.o.core.explain(failure, DISCORD_SURFACE.commandHint, { jobId: job.id, surface: DISCORD_SURFACE.id }, job.locale)}`, LIMITS.content);
    const body = { content: text, embeds: [], components: [], allowed_mentions: { users: [a.userId] } };
    await this.send(a, { body, nonce: clip(`f${job.id}`, NONCE_MAX) }, job.id);
  }

  /** The follow-ups of the finished job, the same its command's reply carries ({@link finishedJobActions}). */
  private actionsOf(job: JobView): ReplyAction[] {
    return finishedJobActions(job, this.o.core.remixOffered?.(job.model) ?? false);
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
      return await this.post(a.channelId, msg);
    } catch (e) {
      const kind = classifyDiscordError(e);
      if (kind !== 'gone' && kind !== 'hook_gone') throw toDeliveryError(e, 'channel message');
      this.o.logger.warn({ jobId, outcome: kind }, 'channel unreachable; sending a DM');
    }
    try {
      const dm = (await this.o.rest.post(Routes.userChannels(), { body: { recipient_id: a.userId } })) as { id: string };
      return await this.post(dm.id, msg);
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

  private async post(channelId: string, msg: Outgoing): Promise<string> {
    const body = { ...msg.body, nonce: msg.nonce, enforce_nonce: true };
    const res = (await this.o.rest.post(Routes.channelMessages(channelId), { body, ...(msg.files ? { files: msg.files } : {}) })) as { id: string };
    return res.id;
  }
}
