import type { GatewayImage, ImageResult } from '../core/ports/media-gateway.js';
import { classifyGatewayError, GatewayError } from './errors.js';
import type { GatewayResponse } from './transport.js';

/** Largest event a stream may carry (a final 4K PNG in base64 is well below it). */
const EVENT_CAP = 96 * 1024 * 1024;

/**
 * Reads an image event stream (OpenAI's image streaming as new-api relays it): `*.partial_image` events are handed to
 * `onPartial` as they come (`b64_json`, `partial_image_index`), `*.completed` events are the result, an `error` event
 * (or a `data` object with `error`) throws the {@link GatewayError} it classifies to. A stream that ends without a
 * completed image is `malformed`. Comments and unknown events are skipped.
 */
export async function readImageStream(res: GatewayResponse, onPartial: ((p: { b64: string; index: number }) => void) | undefined): Promise<ImageResult> {
  const images: GatewayImage[] = [];
  let buffer = '';
  const handle = (block: string) => {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trimStart())
      .join('\n');
    if (data === '' || data === '[DONE]') return;
    let v: Record<string, unknown>;
    try {
      v = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return;
    }
    const type = typeof v.type === 'string' ? v.type : '';
    if (type === 'error' || (v.error !== undefined && v.error !== null)) throw classifyGatewayError(400, undefined, JSON.stringify({ error: v.error ?? v }));
    const b64 = typeof v.b64_json === 'string' ? v.b64_json : undefined;
    if (!b64) return;
    if (type.endsWith('.partial_image')) onPartial?.({ b64, index: typeof v.partial_image_index === 'number' ? v.partial_image_index : 0 });
    else if (type.endsWith('.completed')) images.push(typeof v.revised_prompt === 'string' ? { b64, revisedPrompt: v.revised_prompt } : { b64 });
  };
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    buffer += chunk.toString('utf8').replace(/\r\n/g, '\n');
    if (buffer.length > EVENT_CAP) throw new GatewayError({ kind: 'malformed', status: res.statusCode, message: 'an image stream event is too large' });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      handle(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  }
  if (buffer.trim() !== '') handle(buffer);
  if (images.length === 0) throw new GatewayError({ kind: 'malformed', status: res.statusCode, message: 'the image stream ended without an image' });
  return { images };
}
