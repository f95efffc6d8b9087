import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Attachment, ImageJobResult } from '../../core/api.js';
import type { Result } from '../../core/failures.js';
import { formatUsd } from '../../core/money.js';
import type { ConsoleContext } from './context.js';
import { parsePrompt, splitFiles } from './parse.js';

/** Usage lines of the image commands. */
export const IMAGINE_USAGE = '/imagine <prompt> [--ar 16:9] [--size WxH] [--model id] [--n 2]';
export const EDIT_USAGE = '/edit <file> [<file> <file>] <instruction> [--size WxH] [--model id]';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Writes each image of a finished job to the output directory and prints one line per file. */
async function saveImages(ctx: ConsoleContext, r: Result<ImageJobResult>): Promise<void> {
  if (!r.ok) {
    ctx.print(`✗ ${ctx.core.explain(r.failure)}`);
    return;
  }
  const v = r.value;
  await mkdir(ctx.outputDir, { recursive: true });
  for (const [i, img] of v.images.entries()) {
    const path = join(ctx.outputDir, `${v.jobId}${v.images.length > 1 ? `-${i + 1}` : ''}.${EXT[img.mime] ?? 'bin'}`);
    await writeFile(path, img.bytes);
    ctx.print(`✓ ${img.width}x${img.height} ${img.mime}: ${path}`);
  }
  const left = v.remainingMicros === null ? '' : `; ${formatUsd(v.remainingMicros)} left`;
  ctx.print(`  job ${v.jobId}, ${v.model}, charged ${formatUsd(v.costMicros)}${left}`);
}

const hooks = (ctx: ConsoleContext) => ({ onQueued: (p: number) => ctx.print(`  queued (position ${p})…`) });

/** `/imagine <prompt> [flags]`. An empty prompt prints the usage and calls nothing. */
export async function imagine(ctx: ConsoleContext, rest: string): Promise<void> {
  const p = parsePrompt(rest);
  if (!p.ok) return ctx.print(`✗ ${p.message}`);
  if (p.prompt === '') return ctx.print(`Usage: ${IMAGINE_USAGE}`);
  ctx.print(`… making ${p.flags.n ?? 1} image(s)`);
  const { aspectRatio, size, model, n } = p.flags;
  const r = await ctx.core.imagine(
    { ...ctx.actor, prompt: p.prompt, ...(model ? { model } : {}), ...(aspectRatio ? { aspect: aspectRatio } : {}), ...(size && size !== 'auto' ? { size } : {}), ...(n ? { count: n } : {}) },
    hooks(ctx),
  );
  await saveImages(ctx, r);
}

/** Reads local files as attachments (the core sniffs and validates them). */
export async function readAttachments(paths: string[]): Promise<Attachment[]> {
  return Promise.all(paths.map(async (p) => ({ name: basename(p), bytes: new Uint8Array(await readFile(p)) })));
}

/** `/edit <file…> <instruction> [flags]`: leading words naming existing files are the reference images. */
export async function edit(ctx: ConsoleContext, rest: string): Promise<void> {
  const { files, rest: instruction } = splitFiles(rest);
  if (files.length === 0) return ctx.print(`✗ No image file given (the first words must be paths of existing files). Usage: ${EDIT_USAGE}`);
  const p = parsePrompt(instruction);
  if (!p.ok) return ctx.print(`✗ ${p.message}`);
  if (p.prompt === '') return ctx.print(`Usage: ${EDIT_USAGE}`);
  ctx.print(`… editing with ${files.length} reference image(s)`);
  const { aspectRatio, size, model } = p.flags;
  const r = await ctx.core.edit(
    { ...ctx.actor, prompt: p.prompt, images: await readAttachments(files), ...(model ? { model } : {}), ...(aspectRatio ? { aspect: aspectRatio } : {}), ...(size && size !== 'auto' ? { size } : {}) },
    hooks(ctx),
  );
  await saveImages(ctx, r);
}
