import type { JobHooks } from '../api/actor.js';
import type { CallOptions } from '../ports/media-gateway.js';
import { sniffImage } from '../media/sniff.js';
import type { ModelKind } from '../pricing.js';

/**
 * How long one gateway call of a job may take, waiting for the gateway's concurrency gate and retries included: a
 * default per kind and overrides per model id, in ms. A kind or model without an entry uses the gateway client's own
 * deadline (`GATEWAY_TIMEOUT_MS`). Built from `GATEWAY_DEADLINES` over {@link KNOWN_SLOW_MODELS}.
 */
export interface CallDeadlines {
  kinds: Partial<Record<ModelKind, number>>;
  models: Readonly<Record<string, number>>;
}

/**
 * Models known to take long, with a deadline that fits one retry: `gpt-image-2` at high quality takes about 126 s
 * (behind Cloudflare a 524 comes after 100 s), so 180 s does not cover a second attempt. Configuration overrides these.
 */
export const KNOWN_SLOW_MODELS: Readonly<Record<string, number>> = { 'gpt-image-2': 420_000 };

/**
 * Image models that stream partial images (OpenAI's image streaming, relayed by new-api): a one-image `/imagine` on
 * them asks for {@link PARTIAL_IMAGES} previews, shown in the status message until the final image replaces them.
 */
export const PARTIAL_IMAGE_MODELS: ReadonlySet<string> = new Set(['gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5', 'gpt-image-2']);

/** Partial images asked of a streaming model (upstream allows 0–3; each costs output tokens on some channels). */
export const PARTIAL_IMAGES = 2;

/** Every how many ms a running gateway call reports its elapsed time ({@link JobHooks.onWorking}). */
export const WORKING_TICK_MS = 10_000;

/**
 * The deadline of a call for `model` of `kind`, first found: `GATEWAY_DEADLINES` for the model, the price file's
 * `deadlineSeconds` (`catalogueMs`), {@link KNOWN_SLOW_MODELS}, `GATEWAY_DEADLINES` for the kind; else undefined (the
 * client's own).
 */
export function deadlineFor(deadlines: CallDeadlines | undefined, kind: ModelKind, model: string, catalogueMs?: number): number | undefined {
  return deadlines?.models[model] ?? catalogueMs ?? KNOWN_SLOW_MODELS[model] ?? deadlines?.kinds[kind];
}

/**
 * Runs one gateway call of a job with the model's deadline ({@link deadlineFor}) and its progress told through
 * `hooks`: the position in the gateway's waiting line while its concurrency gate turns the call away
 * (`onWaiting`), the elapsed time every {@link WORKING_TICK_MS} while the gateway works on it (`onWorking`; once
 * at 0 when a wait ends), and the partial images of a streamed request that decode as images (`onPreview`). The call
 * itself is `call(options)`; nothing else changes about it.
 */
export async function gatewayCall<T>(
  hooks: JobHooks | undefined,
  what: { kind: ModelKind; model: string; deadlines: CallDeadlines | undefined; catalogueMs?: number | undefined },
  call: (opts: CallOptions) => Promise<T>,
): Promise<T> {
  const timeoutMs = deadlineFor(what.deadlines, what.kind, what.model, what.catalogueMs);
  let waiting = false;
  let workingSince = Date.now();
  const tick = hooks?.onWorking
    ? setInterval(() => {
        if (!waiting) hooks.onWorking?.(Date.now() - workingSince);
      }, WORKING_TICK_MS)
    : undefined;
  tick?.unref();
  const opts: CallOptions = {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(hooks?.lineSignal ? { lineSignal: hooks.lineSignal } : {}),
    onWaiting: (w) => {
      if (w.waiting) {
        waiting = true;
        hooks?.onWaiting?.(w.ahead);
        return;
      }
      waiting = false;
      workingSince = Date.now();
      hooks?.onWorking?.(0);
    },
    ...(hooks?.onPreview
      ? {
          onPartialImage: (p) => {
            const bytes = Buffer.from(p.b64, 'base64');
            if (sniffImage(bytes)) hooks.onPreview?.(bytes, p.index); // a preview that is not an image is not shown
          },
        }
      : {}),
  };
  try {
    return await call(opts);
  } finally {
    clearInterval(tick);
  }
}
