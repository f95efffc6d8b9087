import { FormData } from 'undici';
import type { BinaryInput, ImageEditRequest, VideoCreateRequest } from '../core/ports/media-gateway.js';

/** Part name for edit images: the seed repeats `image`; OpenAI SDKs send `image[]`. One style per request. */
export type EditImageField = 'image' | 'image[]';

function filePart(form: FormData, name: string, input: BinaryInput): void {
  // Copy into a fresh ArrayBuffer-backed view so a shared/pooled buffer never leaks neighbouring bytes.
  const bytes = new Uint8Array(input.data.byteLength);
  bytes.set(input.data);
  form.append(name, new Blob([bytes], { type: input.contentType }), input.filename);
}

/**
 * `POST /v1/images/edits` body: `model`, `prompt`, `size` (when set), `n` (when set), then each image as a
 * file part named `field` with its filename and content type. undici serializes it as multipart/form-data
 * (and can re-serialize it for a retry).
 */
export function buildEditForm(req: ImageEditRequest, field: EditImageField): FormData {
  const form = new FormData();
  form.append('model', req.model);
  form.append('prompt', req.prompt);
  if (req.size) form.append('size', req.size);
  if (req.n !== undefined) form.append('n', String(req.n));
  for (const img of req.images) filePart(form, field, img);
  return form;
}

/** `POST /v1/videos` JSON body (no reference image); `seconds` is always a string ("8"). */
export function buildVideoJson(req: VideoCreateRequest): Record<string, string> {
  const body: Record<string, string> = { model: req.model, prompt: req.prompt, seconds: String(req.seconds) };
  if (req.size) body.size = req.size;
  return body;
}

/** `POST /v1/videos` multipart body with the reference image as the `input_reference` file part. */
export function buildVideoForm(req: VideoCreateRequest & { inputReference: BinaryInput }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(buildVideoJson(req))) form.append(k, v);
  filePart(form, 'input_reference', req.inputReference);
  if (req.endReference) filePart(form, 'last_frame', req.endReference);
  return form;
}

/**
 * The legacy `POST /v1/video/generations` JSON body: `seconds` as a string and `duration` as a number (deployments
 * read one or the other), and a reference image as a `data:` URL in `image`.
 */
export function buildLegacyVideoJson(req: VideoCreateRequest): Record<string, string | number> {
  const body: Record<string, string | number> = { ...buildVideoJson(req), duration: req.seconds };
  if (req.inputReference) body.image = `data:${req.inputReference.contentType};base64,${Buffer.from(req.inputReference.data).toString('base64')}`;
  if (req.endReference) body.last_frame = `data:${req.endReference.contentType};base64,${Buffer.from(req.endReference.data).toString('base64')}`;
  return body;
}
