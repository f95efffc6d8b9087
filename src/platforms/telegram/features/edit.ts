import { readFile } from 'node:fs/promises';
import { Composer, type Context } from 'grammy';
import type { Actor, Attachment } from '../../../core/api.js';
import { fail, type Result } from '../../../core/failures.js';
import { actorOf } from '../actor.js';
import { commandOf } from '../command-text.js';
import type { TelegramDeps } from '../deps.js';
import { fileRefOf, type FileRef } from '../files.js';
import { flagFields, runImageJob, type Place } from '../run-jobs.js';
import { AlbumCollector, type AlbumGroup } from '../util/album-collector.js';
import { promptOrExplain, startImagine } from './generate.js';
import { startVideoFrom } from './video.js';

/** Downloads reference files in order; the first failure wins. */
async function downloadAll(deps: TelegramDeps, refs: FileRef[]): Promise<Result<Attachment[]>> {
  const out: Attachment[] = [];
  for (const ref of refs) {
    const got = await deps.files.download(ref);
    if (!got.ok) return got;
    out.push(got.value);
  }
  return { ok: true, value: out };
}

/**
 * Starts an edit job: parses flags, then in the background downloads the references and asks the core (which checks
 * count, size and type before anything is reserved). Download failures show in the job's status message.
 */
export async function startEdit(deps: TelegramDeps, actor: Actor, place: Place, text: string, refs: FileRef[]): Promise<void> {
  const parsed = await promptOrExplain(deps, place, text);
  if (!parsed) return;
  deps.tasks.run('edit', () =>
    runImageJob(deps, place, 'edit', async (hooks) => {
      const images = await downloadAll(deps, refs);
      if (!images.ok) return images;
      return deps.core.edit({ ...actor, prompt: parsed.prompt, images: images.value, ...flagFields(parsed.flags) }, hooks);
    }),
  );
}

/** What a Reroll of an edit re-runs: the earlier request and the paths of its kept reference images. */
export interface EditAgain {
  prompt: string;
  model: string;
  size?: string;
  references: { path: string; filename: string }[];
}

/**
 * Re-runs an earlier edit with its kept reference images (Reroll). The files are read in the background task; one
 * purged in between reads as an expired attachment (nothing is held before the core has the images).
 */
export function startEditAgain(deps: TelegramDeps, actor: Actor, place: Place, again: EditAgain): void {
  deps.tasks.run('reroll-edit', () =>
    runImageJob(deps, place, 'edit', async (hooks) => {
      const images: Attachment[] = [];
      for (const r of again.references) {
        try {
          images.push({ name: r.filename, bytes: new Uint8Array(await readFile(r.path)) });
        } catch {
          return { ok: false, failure: fail('attachment_download_failed', { reason: 'expired' }) };
        }
      }
      return deps.core.edit({ ...actor, prompt: again.prompt, model: again.model, ...(again.size ? { size: again.size } : {}), images }, hooks);
    }),
  );
}

interface AlbumItem {
  actor: Actor;
  ref: FileRef;
}

/** Options of {@link editFeature}. */
export interface EditFeatureOptions {
  /** Quiet time that closes an album, ms; default 800. */
  albumQuietMs?: number;
}

/**
 * `/edit <instruction>` as the caption of a photo, of an image document, or of an album (parts collected by
 * `media_group_id`), or as a reply to one. Captions `/video` and `/imagine` on media are routed here too, since
 * grammY's `command()` ignores captions. Returns the Composer and the album collector (flushed at shutdown).
 */
export function editFeature(deps: TelegramDeps, opts: EditFeatureOptions = {}): { composer: Composer<Context>; albums: AlbumCollector<AlbumItem> } {
  const c = new Composer<Context>();
  const albums = new AlbumCollector<AlbumItem>({
    quietMs: opts.albumQuietMs ?? 800,
    onGroup: (g) => onAlbum(deps, g),
  });

  c.command('edit', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor || !ctx.chat) return;
    const ref = fileRefOf(ctx.msg.reply_to_message);
    await startEdit(deps, actor, { chatId: ctx.chat.id, replyTo: ctx.msg.message_id }, ctx.match, ref ? [ref] : []);
  });

  c.on(['message:photo', 'message:document'], async (ctx, next) => {
    const actor = actorOf(ctx);
    const ref = fileRefOf(ctx.msg);
    if (!actor || !ref) return next();
    if (ctx.msg.media_group_id) {
      const part: { messageId: number; item: AlbumItem; caption?: string } = { messageId: ctx.msg.message_id, item: { actor, ref } };
      if (ctx.msg.caption !== undefined) part.caption = ctx.msg.caption;
      albums.add(`${ctx.chat.id}:${ctx.msg.media_group_id}`, part);
      return;
    }
    const cmd = commandOf(ctx.msg, deps.botUsername());
    const place = { chatId: ctx.chat.id, replyTo: ctx.msg.message_id };
    if (cmd?.command === 'edit') return startEdit(deps, actor, place, cmd.args, [ref]);
    if (cmd?.command === 'video') return startVideoFrom(deps, actor, place, cmd.args, ref);
    if (cmd?.command === 'imagine') {
      const parsed = await promptOrExplain(deps, place, cmd.args);
      if (parsed) startImagine(deps, actor, place, parsed);
      return;
    }
    return next();
  });

  return { composer: c, albums };
}

function onAlbum(deps: TelegramDeps, g: AlbumGroup<AlbumItem>): void {
  const cmd = commandOf({ caption: g.caption ?? '' }, deps.botUsername());
  const first = g.items[0];
  if (!cmd || !first) return;
  const chatId = Number(g.key.split(':')[0]);
  const place = { chatId, replyTo: g.anchorMessageId };
  const refs = g.items.map((i) => i.ref);
  const run = async () => {
    if (cmd.command === 'edit') await startEdit(deps, first.actor, place, cmd.args, refs);
    else if (cmd.command === 'video') await startVideoFrom(deps, first.actor, place, cmd.args, refs[0]);
  };
  deps.tasks.run('album', run);
}
