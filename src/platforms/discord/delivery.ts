import { readFile } from 'node:fs/promises';
import { DiscordAPIError, HTTPError, RateLimitError, Routes, type REST, type RawFile } from 'discord.js';
import type { CoreApi, Delivery, DeliveryTarget, JobView } from '../../core/api.js';
import { DeliveryError } from '../../core/api.js';
import type { Failure } from '../../core/failures.js';
import type { Logger } from '../../log.js';
import { clip, errorFields, LIMITS, progressBar, videoButtons, videoResultEmbed } from './render.js';

/** Discord's default per-file upload limit (unboosted guild), used when the target did not record one. */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

/** Margin kept before an interaction token's 15 minutes run out: later than this, post to the channel instead. */
const EXPIRY_MARGIN_MS = 10_000;

/** Codes meaning "this channel or message is not reachable any more": fall back to a DM. */
const GONE_CODES = new Set([10003, 50001, 50013, 10008]);
/** Codes of an interaction webhook that can no longer be used: fall back to a channel message. */
const HOOK_GONE_CODES = new Set([10015, 50027, 10008, 10062]);

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

/** A message body plus files, sent by the three routes below. */
interface Outgoing {
  body: Record<string, unknown>;
  files?: RawFile[];
}

/** Options of {@link DiscordDelivery}. */
export interface DiscordDeliveryOptions {
  rest: REST;
  core: Pick<CoreApi, 'explain'>;
  logger: Logger;
  /** Clock for the interaction expiry check; default `Date.now`. */
  now?: () => number;
}

/**
 * The video poller's way into Discord. Every method routes the same way: the interaction's original response while
 * its token is valid (15 min), else a channel message mentioning the requester, else (Missing Access, Unknown
 * Channel, 403) a DM; only when the DM fails too is it {@link DeliveryError} `gone`. 429 and 5xx (after
 * discord.js's own retries) are `transient`; a file over the target's limit is `too_large` before any upload.
 */
export class DiscordDelivery implements Delivery {
  readonly platform = 'discord' as const;
  private readonly now: () => number;

  constructor(private readonly o: DiscordDeliveryOptions) {
    this.now = o.now ?? Date.now;
  }

  uploadLimitBytes(target: DeliveryTarget): number {
    return target.uploadLimitBytes && target.uploadLimitBytes > 0 ? target.uploadLimitBytes : DEFAULT_UPLOAD_LIMIT_BYTES;
  }

  async progress(target: DeliveryTarget, job: JobView): Promise<void> {
    if (!this.hookValid(target)) return;
    try {
      await this.editOriginal(target, { body: { content: `Working… ${progressBar(job.progress)}` } });
    } catch (e) {
      this.o.logger.debug({ jobId: job.id, outcome: classifyDiscordError(e) }, 'discord progress edit failed');
    }
  }

  async deliverVideo(target: DeliveryTarget, job: JobView, file: { path: string; bytes: number; mime: string }): Promise<{ messageIds: string[] }> {
    const limit = this.uploadLimitBytes(target);
    if (file.bytes > limit) throw new DeliveryError('too_large', `video of ${file.bytes} bytes over the ${limit}-byte limit`);
    const data = await readFile(file.path);
    const name = `video-${job.id}.mp4`;
    const mention = `<@${target.userExternalId}>`;
    const msg: Outgoing = {
      body: {
        content: `${mention} your video is ready.`,
        embeds: [videoResultEmbed(job)],
        components: [videoButtons(job.id).toJSON()],
        allowed_mentions: { users: [target.userExternalId] },
        attachments: [{ id: 0, filename: name }],
      },
      files: [{ name, data, contentType: file.mime }],
    };
    return { messageIds: [await this.send(target, msg, job.id)] };
  }

  async notifyFailure(target: DeliveryTarget, job: JobView, failure: Failure): Promise<void> {
    const text = clip(`<@${target.userExternalId}> ${this.o.core.explain(failure)}`, LIMITS.content);
    await this.send(target, { body: { content: text, embeds: [], components: [], allowed_mentions: { users: [target.userExternalId] } } }, job.id);
  }

  private hookValid(target: DeliveryTarget): target is DeliveryTarget & { interaction: NonNullable<DeliveryTarget['interaction']> } {
    return !!target.interaction && target.interaction.expiresAt - EXPIRY_MARGIN_MS > this.now();
  }

  /** Original response → channel message → DM. Returns the message id. */
  private async send(target: DeliveryTarget, msg: Outgoing, jobId: string): Promise<string> {
    if (this.hookValid(target)) {
      try {
        return await this.editOriginal(target, msg);
      } catch (e) {
        const kind = classifyDiscordError(e);
        if (kind !== 'hook_gone' && kind !== 'gone') throw toDeliveryError(e, 'interaction edit');
        this.o.logger.info({ jobId, outcome: kind }, 'interaction response unusable; posting to the channel');
      }
    }
    try {
      return await this.post(Routes.channelMessages(target.chatId), msg);
    } catch (e) {
      const kind = classifyDiscordError(e);
      if (kind !== 'gone' && kind !== 'hook_gone') throw toDeliveryError(e, 'channel message');
      this.o.logger.warn({ jobId, outcome: kind }, 'channel unreachable; sending a DM');
    }
    try {
      const dm = (await this.o.rest.post(Routes.userChannels(), { body: { recipient_id: target.userExternalId } })) as { id: string };
      return await this.post(Routes.channelMessages(dm.id), msg);
    } catch (e) {
      throw toDeliveryError(e, 'direct message');
    }
  }

  private async editOriginal(target: DeliveryTarget & { interaction?: DeliveryTarget['interaction'] }, msg: Outgoing): Promise<string> {
    const hook = target.interaction!;
    const res = (await this.o.rest.patch(Routes.webhookMessage(hook.applicationId, hook.token, '@original'), {
      body: msg.body,
      ...(msg.files ? { files: msg.files } : {}),
      auth: false,
    })) as { id: string };
    return res.id;
  }

  private async post(route: `/${string}`, msg: Outgoing): Promise<string> {
    const res = (await this.o.rest.post(route, { body: msg.body, ...(msg.files ? { files: msg.files } : {}) })) as { id: string };
    return res.id;
  }
}
