import type { ChatResult, GatewayImage, GatewayModel, VideoStatus, VideoTask } from '../core/ports/media-gateway.js';

/**
 * Pure readers that turn any dialect's 2xx body into the port's shapes. They return `undefined` when the
 * body does not hold what the endpoint promises; the client turns that into a `malformed` error.
 */

type Rec = Record<string, unknown>;

function rec(v: unknown): Rec | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined;
}

function str(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

const STATUS_WORDS: Record<string, VideoStatus> = {
  queued: 'queued', not_start: 'queued', submitted: 'queued', pending: 'queued', unknown: 'queued',
  in_progress: 'running', processing: 'running', running: 'running', started: 'running',
  completed: 'succeeded', succeeded: 'succeeded', success: 'succeeded', succeed: 'succeeded', done: 'succeeded',
  failed: 'failed', failure: 'failed', error: 'failed', cancelled: 'failed', canceled: 'failed', expired: 'failed',
};

/**
 * Maps a status word, case-insensitively, to the port's four states. Returns `undefined` for an
 * unrecognized word so the caller can log it; callers then treat it as `running` (keep polling).
 */
export function normalizeStatusWord(word: string): VideoStatus | undefined {
  return STATUS_WORDS[word.trim().toLowerCase().replace(/[\s-]+/g, '_')];
}

/** Progress from an int, a float or "NN%" string, clamped to 0–100 and rounded; 0 when unreadable. */
export function normalizeProgress(v: unknown): number {
  let n: number | undefined;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*%?\s*$/.exec(v);
    if (m?.[1]) n = Number(m[1]);
  }
  if (n === undefined || !Number.isFinite(n)) return 0;
  return Math.round(Math.min(100, Math.max(0, n)));
}

/** Task id: `id ?? task_id ?? data.task_id ?? data.id`. */
export function extractTaskId(body: unknown): string | undefined {
  const b = rec(body);
  const d = rec(b?.data);
  return str(b?.id) ?? str(b?.task_id) ?? str(d?.task_id) ?? str(d?.id);
}

/** Download URL from `metadata.url`, `data.result_url`, `result_url`, `url`, `video_url` (first found). */
export function extractVideoUrl(body: unknown): string | undefined {
  const b = rec(body);
  const d = rec(b?.data);
  const meta = rec(b?.metadata) ?? rec(d?.metadata);
  return str(meta?.url) ?? str(d?.result_url) ?? str(b?.result_url) ?? str(b?.url) ?? str(b?.video_url) ?? str(d?.url) ?? str(d?.video_url);
}

/** The outcome of {@link normalizeVideoTask}: the task, plus the raw status word when it was not recognized. */
export interface NormalizedTask {
  task: VideoTask;
  unknownStatus?: string;
}

/**
 * Normalizes a create or poll body (plain record, or a `{code,message,data}` envelope) to a {@link VideoTask}.
 * `fallbackId` is used when the body names no id (a poll of a known id). An unrecognized status word reads as
 * `running`; no status but an `error` object reads as `failed`; `succeeded` always has progress 100.
 */
export function normalizeVideoTask(body: unknown, fallbackId?: string): NormalizedTask | undefined {
  const b = rec(body);
  if (!b) return undefined;
  const d = rec(b.data);
  const id = extractTaskId(b) ?? fallbackId;
  if (!id) return undefined;
  const word = str(b.status) ?? str(d?.status);
  const errObj = rec(b.error) ?? rec(d?.error);
  let status: VideoStatus;
  let unknownStatus: string | undefined;
  if (word !== undefined) {
    const known = normalizeStatusWord(word);
    status = known ?? 'running';
    if (!known) unknownStatus = word;
  } else status = errObj ? 'failed' : 'queued';
  const rawProgress = b.progress ?? d?.progress;
  const progress = status === 'succeeded' ? 100 : normalizeProgress(rawProgress);
  const task: VideoTask = { id, status, progress };
  if (status === 'failed') {
    const code = str(errObj?.code);
    const message = str(errObj?.message) ?? str(b.fail_reason) ?? str(d?.fail_reason);
    if (code !== undefined || message !== undefined) {
      task.error = {};
      if (code !== undefined) task.error.code = code;
      if (message !== undefined) task.error.message = message;
    }
  }
  const url = extractVideoUrl(b);
  if (url) task.url = url;
  // A finished task's `seconds` (a string on new-api) is what the gateway billed; kept only as a whole positive number.
  const secs = status === 'succeeded' ? (b.seconds ?? d?.seconds) : undefined;
  const billed = typeof secs === 'string' && /^\d{1,4}$/.test(secs.trim()) ? Number(secs.trim()) : typeof secs === 'number' ? secs : undefined;
  if (billed !== undefined && Number.isInteger(billed) && billed > 0) task.billedSeconds = billed;
  return unknownStatus === undefined ? { task } : { task, unknownStatus };
}

/** `GET /v1/models` as `{data:[…]}` or a bare array; entries without a string `id` are dropped. */
export function parseModelList(body: unknown): GatewayModel[] | undefined {
  const list = Array.isArray(body) ? body : rec(body) && Array.isArray(rec(body)?.data) ? (rec(body)?.data as unknown[]) : undefined;
  if (!list) return undefined;
  const out: GatewayModel[] = [];
  for (const entry of list) {
    const e = rec(entry);
    const id = typeof e?.id === 'string' && e.id !== '' ? e.id : undefined;
    if (!e || !id) continue;
    const m: GatewayModel = { id };
    if (typeof e.owned_by === 'string') m.ownedBy = e.owned_by;
    if (Array.isArray(e.supported_endpoint_types)) m.endpointTypes = e.supported_endpoint_types.filter((t): t is string => typeof t === 'string');
    out.push(m);
  }
  return out;
}

/** `{data:[{b64_json|url, revised_prompt}]}` → images; `undefined` when no entry has data or a URL. */
export function parseImages(body: unknown): GatewayImage[] | undefined {
  const data = rec(body)?.data;
  if (!Array.isArray(data)) return undefined;
  const images: GatewayImage[] = [];
  for (const entry of data) {
    const e = rec(entry);
    const b64 = str(e?.b64_json);
    const url = str(e?.url);
    if (!b64 && !url) continue;
    const img: GatewayImage = {};
    if (b64) img.b64 = b64;
    if (url) img.url = url;
    const revised = str(e?.revised_prompt);
    if (revised) img.revisedPrompt = revised;
    images.push(img);
  }
  return images.length > 0 ? images : undefined;
}

function tokens(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0;
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content.map((p) => rec(p)).filter((p) => p && typeof p.text === 'string' && (p.type === undefined || p.type === 'text'));
  return parts.length > 0 ? parts.map((p) => p?.text as string).join('') : undefined;
}

/** Chat completions: text from `choices[0].message.content`, usage from `prompt/completion/total_tokens`. */
export function parseChatCompletion(body: unknown): Omit<ChatResult, 'requestId'> | undefined {
  const choices = rec(body)?.choices;
  const first = Array.isArray(choices) ? rec(choices[0]) : undefined;
  const text = textOf(rec(first?.message)?.content);
  if (text === undefined) return undefined;
  const u = rec(rec(body)?.usage);
  const promptTokens = tokens(u?.prompt_tokens);
  const completionTokens = tokens(u?.completion_tokens);
  const totalTokens = u?.total_tokens === undefined ? promptTokens + completionTokens : tokens(u.total_tokens);
  return { text, usage: { promptTokens, completionTokens, totalTokens }, usageReported: u !== undefined };
}

/** Native messages: text joined from `content[].text`, usage from `input_tokens/output_tokens`. */
export function parseMessagesResponse(body: unknown): Omit<ChatResult, 'requestId'> | undefined {
  const text = textOf(rec(body)?.content);
  if (text === undefined) return undefined;
  const u = rec(rec(body)?.usage);
  const promptTokens = tokens(u?.input_tokens);
  const completionTokens = tokens(u?.output_tokens);
  return { text, usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens }, usageReported: u !== undefined };
}
