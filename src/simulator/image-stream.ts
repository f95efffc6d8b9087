import type { ReqCtx } from './context.js';
import { badRequest } from './errors.js';
import { ReplyError, sleep, type Reply } from './reply.js';

/** Most partial images a request may ask for (`partial_images`, 0–3 as OpenAI's image streaming allows). */
export const MAX_PARTIAL_IMAGES = 3;

/**
 * Reads `stream` / `partial_images` of an image request: undefined when it does not stream, else the number of
 * partial images to send (0–3). A stream of more than one image is refused (400), as upstream does.
 */
export function streamRequest(ctx: ReqCtx, body: Record<string, unknown>, n: number): number | undefined {
  const stream = body.stream === true || body.stream === 'true';
  if (!stream) return undefined;
  const raw = body.partial_images ?? 0;
  const partials = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof partials !== 'number' || !Number.isInteger(partials) || partials < 0 || partials > MAX_PARTIAL_IMAGES) {
    throw new ReplyError(badRequest(ctx.err, 'invalid_value', `Invalid partial_images '${String(raw)}': expected an integer from 0 to ${MAX_PARTIAL_IMAGES}`));
  }
  if (n !== 1) throw new ReplyError(badRequest(ctx.err, 'invalid_value', 'Streaming supports one image per request (n=1)'));
  return partials;
}

/**
 * Answers an image request as an event stream, the way new-api relays OpenAI's image streaming: `partials` events
 * `image_generation.partial_image` (`image_edit.partial_image` for edits) with a rougher picture each, spread over
 * `delayMs`, then `image_generation.completed` with the final `b64_json` and its `usage`. `charge` runs just before
 * the final event; false (the balance is short) ends the stream with an `error` event instead. A client that goes
 * away stops the stream and is not charged.
 */
export async function streamImages(
  ctx: ReqCtx,
  o: { partials: number; delayMs: number; partial: (i: number) => Promise<Buffer>; final: Buffer; usage: unknown; charge: () => boolean },
): Promise<Reply> {
  const prefix = ctx.endpoint === 'edit' ? 'image_edit' : 'image_generation';
  const res = ctx.res;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const step = Math.floor(o.delayMs / (o.partials + 1));
  for (let i = 0; i < o.partials; i++) {
    await sleep(step);
    if (res.destroyed) return { kind: 'handled' };
    send(`${prefix}.partial_image`, { type: `${prefix}.partial_image`, b64_json: (await o.partial(i)).toString('base64'), partial_image_index: i, created_at: Math.floor(Date.now() / 1000) });
  }
  await sleep(step);
  if (res.destroyed) return { kind: 'handled' };
  if (!o.charge()) {
    send('error', { type: 'error', error: { message: 'user quota is not enough', type: 'new_api_error', code: 'insufficient_user_quota' } });
  } else {
    send(`${prefix}.completed`, { type: `${prefix}.completed`, b64_json: o.final.toString('base64'), created_at: Math.floor(Date.now() / 1000), usage: o.usage });
  }
  res.end();
  return { kind: 'handled' };
}
