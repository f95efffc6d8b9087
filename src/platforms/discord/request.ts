import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { formatDuration } from '../../core/i18n/format.js';
import { sniffImage } from '../../core/media/sniff.js';
import type { RepliableInteraction } from 'discord.js';
import type { Progress, SurfaceRequest } from '../../core/api/surface.js';
import { actorOf, managesGuild } from './actor.js';
import { addressOf } from './address.js';
import { errorFields } from './render.js';
import { actionRows } from './reply-render.js';
import { cancelAction } from '../../core/commands/reply-kit.js';
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
  if (p.kind === 'gateway_wait') return t(l, 'status-gateway-queued', { ahead: p.ahead });
  if (p.kind === 'working') return p.elapsedMs < 1_000 ? t(l, 'status-working') : t(l, 'status-working-elapsed', { elapsed: formatDuration(l, p.elapsedMs) });
  if (p.kind === 'preview') return t(l, 'status-working');
  return p.text;
}

/**
 * Fewest ms between two preview edits of one reply: Discord allows about 5 edits of a message per 5 s, and a preview
 * is an upload. A preview arriving sooner is dropped (never delayed, so none lands after the result).
 */
const PREVIEW_EVERY_MS = 1_500;

/**
 * The {@link SurfaceRequest} of one deferred interaction: the actor, Manage Server as the admin answer, the
 * interaction's `attachmentSizeLimit`, progress as edits of the deferred reply, and this interaction as the delivery
 * address; partial image previews as the reply's attachment (at most one per {@link PREVIEW_EVERY_MS}). A job that
 * starts at once keeps Discord's own "thinking…" (one edit fewer against the rate limit). Edit
 * failures are only logged: the result edit follows, and discord.js sends edits of one message in order.
 */
export function surfaceRequest(i: RepliableInteraction, ctx: SurfaceContext, ack: Acknowledged): SurfaceRequest {
  let queued = false;
  let lastPreview = 0;
  return {
    actor: actorOf(i),
    surface: DISCORD_SURFACE,
    isAdmin: () => Promise.resolve(managesGuild(i)),
    uploadLimitBytes: i.attachmentSizeLimit,
    progress(p) {
      const text = progressText(p, queued);
      if (p.kind === 'queued') queued = true;
      if (text === undefined) return;
      const failed = (e: unknown) => ctx.logger.debug({ error: errorFields(e) }, 'discord: status edit failed');
      if (p.kind !== 'preview') {
        // A job not yet at the gateway carries its Cancel button; any later status drops it.
        const cancel = (p.kind === 'queued' || p.kind === 'gateway_wait') && p.jobId ? [cancelAction(p.jobId, p.locale ?? DEFAULT_LOCALE)] : [];
        i.editReply({ content: text, components: actionRows(cancel) }).catch(failed);
        return;
      }
      // A partial image: shown as the reply's attachment until the result's edit replaces it.
      if (Date.now() - lastPreview < PREVIEW_EVERY_MS) return;
      lastPreview = Date.now();
      const ext = sniffImage(p.image)?.type ?? 'png';
      i.editReply({ content: text, components: [], files: [{ attachment: Buffer.from(p.image), name: `preview-${p.index + 1}.${ext}` }] }).catch(failed);
    },
    deliveryAddress: () => Promise.resolve(addressOf(i, ack.messageId)),
  };
}
