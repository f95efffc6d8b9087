import type { ServerResponse } from 'node:http';
import type { ReqCtx, SimState } from './context.js';
import { apiError } from './errors.js';
import { json, type Reply } from './reply.js';

const ZEROS = Buffer.alloc(64 * 1024);
const MAX_U32 = 0xffffffff;

/** The `free` box header for `padding` trailing bytes (64-bit `largesize` form past 4 GiB). */
export function freeBoxHeader(padding: number): Buffer {
  if (padding <= MAX_U32) {
    const h = Buffer.alloc(8);
    h.writeUInt32BE(padding, 0);
    h.write('free', 4, 'latin1');
    return h;
  }
  const h = Buffer.alloc(16);
  h.writeUInt32BE(1, 0);
  h.write('free', 4, 'latin1');
  h.writeBigUInt64BE(BigInt(padding), 8);
  return h;
}

/** Padding actually appended: 0, or at least 8 (a box cannot be smaller than its header); 16 past 4 GiB. */
export function effectivePadding(requested: number): number {
  if (requested <= 0) return 0;
  return requested > MAX_U32 ? Math.max(16, requested) : Math.max(8, requested);
}

function* bodyChunks(fixture: Buffer, padding: number): Generator<Buffer> {
  yield fixture;
  if (padding === 0) return;
  const head = freeBoxHeader(padding);
  yield head;
  let left = padding - head.length;
  while (left > 0) {
    const n = Math.min(left, ZEROS.length);
    yield n === ZEROS.length ? ZEROS : ZEROS.subarray(0, n);
    left -= n;
  }
}

function write(res: ServerResponse, chunk: Buffer): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  if (res.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

/**
 * Streams fixture + padding with back-pressure, never allocating the padding whole. When `cutAt` is given,
 * sends the full Content-Length but destroys the socket after `cutAt` bytes.
 */
export async function streamVideo(res: ServerResponse, fixture: Buffer, padding: number, cutAt?: number): Promise<void> {
  const total = fixture.length + padding;
  res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': total, 'Cache-Control': 'private, max-age=86400' });
  let sent = 0;
  for (const c of bodyChunks(fixture, padding)) {
    const chunk = cutAt !== undefined && sent + c.length > cutAt ? c.subarray(0, cutAt - sent) : c;
    if (chunk.length > 0 && !(await write(res, chunk))) return;
    sent += chunk.length;
    if (cutAt !== undefined && sent >= cutAt) {
      res.socket?.destroySoon?.();
      setTimeout(() => res.destroy(), 20).unref();
      return;
    }
  }
  res.end();
}

/**
 * `GET /v1/videos/{id}/content`: unknown → 404; not completed → 400 "Task is not completed yet" (new-api) or
 * 404 "not ready" (seed); completed → the mp4 stream (cut halfway on `truncated_mp4`).
 */
export async function handleVideoContent(ctx: ReqCtx): Promise<Reply> {
  const task = ctx.state.tasks.get(ctx.param ?? '', ctx.token);
  if (!task) return apiError(ctx.err, 404, { message: 'task not found', code: 'task_not_exist', nativeType: 'not_found_error' });
  const v = ctx.state.tasks.view(task);
  if (v.status !== 'completed') {
    if (ctx.state.flavor === 'new-api') return apiError(ctx.err, 400, { message: 'Task is not completed yet', code: 'task_not_completed' });
    return apiError(ctx.err, 404, { message: 'Video is not ready', code: 'not_ready' });
  }
  const padding = effectivePadding(ctx.state.settings.videoPaddingBytes);
  const total = ctx.state.fixture.length + padding;
  const cut = ctx.fault === 'truncated_mp4' || task.truncate ? Math.floor(total / 2) : undefined;
  await streamVideo(ctx.res, ctx.state.fixture, padding, cut);
  return { kind: 'handled' };
}

/**
 * `GET /sim-files/{id}.mp4`: the `result_url` of the legacy-routes flavor (no token needed, like a provider's CDN
 * link). 404 while the task is unknown or not completed.
 */
export async function handleFile(state: SimState, res: ServerResponse, id: string): Promise<Reply> {
  const task = state.tasks.get(id);
  if (!task || state.tasks.view(task).status !== 'completed') return json(404, { error: 'no such file' });
  const padding = effectivePadding(state.settings.videoPaddingBytes);
  await streamVideo(res, state.fixture, padding, task.truncate ? Math.floor((state.fixture.length + padding) / 2) : undefined);
  return { kind: 'handled' };
}
