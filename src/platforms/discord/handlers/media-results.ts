import { readFile } from 'node:fs/promises';
import type { ActionRowBuilder, ButtonBuilder, RepliableInteraction } from 'discord.js';
import type { Attachment, ImageJobResult, JobHooks, JobView } from '../../../core/api.js';
import { formatBytes } from '../../../core/messages.js';
import { errorFields, imageButtons, imageResultEmbed, LIMITS } from '../render.js';
import type { HandlerContext } from './context.js';

/**
 * Edits the deferred reply with the queue position, and with "Working…" once a queued job starts. A job that starts
 * at once keeps Discord's own "thinking…" (one edit fewer against the rate limit). Edit failures are ignored: the
 * result edit follows, and discord.js sends edits of one message in order.
 */
export function progressHooks(i: RepliableInteraction, ctx: HandlerContext): JobHooks {
  let queued = false;
  const edit = (content: string) => {
    i.editReply({ content }).catch((e: unknown) => ctx.logger.debug({ error: errorFields(e) }, 'discord: status edit failed'));
  };
  return {
    onQueued: (position) => {
      queued = true;
      edit(`Waiting in line (position ${position})…`);
    },
    onStarted: () => {
      if (queued) edit('Working…');
    },
  };
}

/**
 * Posts an image result into the deferred reply: files within the interaction's upload limit, 10 per message
 * (more go in follow-ups), the result embed and buttons; then records where it went. Files over the limit are named
 * in the text instead, with `/job <id>` to fetch them later.
 */
export async function postImageResult(
  i: RepliableInteraction,
  ctx: HandlerContext,
  r: ImageJobResult,
  prompt: string,
  buttons: ActionRowBuilder<ButtonBuilder> = imageButtons(r.jobId),
): Promise<void> {
  const limit = i.attachmentSizeLimit;
  const fits = r.images.filter((f) => f.bytes.byteLength <= limit);
  const skipped = r.images.length - fits.length;
  const note = skipped ? `${skipped} image(s) exceed this server's ${formatBytes(limit)} upload limit; use /job ${r.jobId} later.` : '';
  const files = fits.map((f) => ({ attachment: Buffer.from(f.bytes), name: f.filename }));
  const first = files.slice(0, LIMITS.filesPerMessage);
  const msg = await i.editReply({ content: note, embeds: [imageResultEmbed(r, prompt)], components: [buttons], files: first });
  const ids = [msg.id];
  for (let at = LIMITS.filesPerMessage; at < files.length; at += LIMITS.filesPerMessage) {
    const more = await i.followUp({ files: files.slice(at, at + LIMITS.filesPerMessage) });
    ids.push(more.id);
  }
  await ctx.core.recordDelivery(r.jobId, ids).catch((e: unknown) => ctx.logger.warn({ error: errorFields(e), jobId: r.jobId }, 'discord: recordDelivery failed'));
}

/** Reads a job's kept output files as attachments (for Edit/Animate and `/job`); missing files are skipped. */
export async function readOutputs(outputs: JobView['outputs'] | undefined, limit?: number): Promise<Attachment[]> {
  const out: Attachment[] = [];
  for (const o of (outputs ?? []).slice(0, limit ?? Infinity)) {
    try {
      out.push({ name: o.filename, bytes: new Uint8Array(await readFile(o.path)), declaredType: o.mime });
    } catch {
      // Retention may have removed the file; the caller reports "nothing to use" when the list ends up empty.
    }
  }
  return out;
}

/**
 * Reads an edit job's kept reference images, all or nothing (a Reroll with fewer references would be a different
 * edit). Null when none are kept, or when a listed file vanished before it was read (retention running meanwhile).
 */
export async function readReferences(refs: JobView['outputs'] | undefined): Promise<Attachment[] | null> {
  if (!refs || refs.length === 0) return null;
  const out = await readOutputs(refs);
  return out.length === refs.length ? out : null;
}
