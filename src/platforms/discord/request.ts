import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import type { RepliableInteraction } from 'discord.js';
import type { Progress, SurfaceRequest } from '../../core/api/surface.js';
import { actorOf, managesGuild } from './actor.js';
import { addressOf } from './address.js';
import { errorFields } from './render.js';
import { DISCORD_SURFACE, type SurfaceContext } from './surface.js';

/** How the interaction was acknowledged before the command ran. */
export interface Acknowledged {
  readonly visibility: 'public' | 'private';
  /** The original response's message id (public defers), for the delivery address. */
  readonly messageId?: string;
}

/** The status text of a job's progress, or undefined when nothing should change on screen. */
function progressText(p: Progress, queuedBefore: boolean): string | undefined {
  const l = p.locale ?? DEFAULT_LOCALE;
  if (p.kind === 'queued') return t(l, 'status-queued', { position: p.position });
  if (p.kind === 'started') return queuedBefore ? t(l, 'status-working') : undefined;
  return p.text;
}

/**
 * The {@link SurfaceRequest} of one deferred interaction: the actor, Manage Server as the admin answer, the
 * interaction's `attachmentSizeLimit`, progress as edits of the deferred reply, and this interaction as the delivery
 * address. A job that starts at once keeps Discord's own "thinking…" (one edit fewer against the rate limit). Edit
 * failures are only logged: the result edit follows, and discord.js sends edits of one message in order.
 */
export function surfaceRequest(i: RepliableInteraction, ctx: SurfaceContext, ack: Acknowledged): SurfaceRequest {
  let queued = false;
  return {
    actor: actorOf(i),
    surface: DISCORD_SURFACE,
    isAdmin: () => Promise.resolve(managesGuild(i)),
    uploadLimitBytes: i.attachmentSizeLimit,
    progress(p) {
      const text = progressText(p, queued);
      if (p.kind === 'queued') queued = true;
      if (text === undefined) return;
      i.editReply({ content: text }).catch((e: unknown) => ctx.logger.debug({ error: errorFields(e) }, 'discord: status edit failed'));
    },
    deliveryAddress: () => Promise.resolve(addressOf(i, ack.messageId)),
  };
}
