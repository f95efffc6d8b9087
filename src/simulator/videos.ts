import { randomBytes } from 'node:crypto';
import { findModel } from './catalog.js';
import type { ReqCtx } from './context.js';
import { badRequest, quotaExceeded, taskNotExist } from './errors.js';
import { exprChargeMicros } from './expr-billing.js';
import { faultMarkers } from './faults.js';
import { fieldText } from './multipart.js';
import { sniffImage } from './png.js';
import { checkVideoOptions } from './options.js';
import { json, type Reply } from './reply.js';
import { quotaOf } from './token-log.js';
import type { SimTask, TaskView } from './video-tasks.js';

const MIN_SECONDS = 4;
const MAX_SECONDS = 15;
const MAX_VIDEO_SIDE = 4096;

/** The log row of a task's pre-charge (new-api's first billing stage), naming the task. */
function preCharge(ctx: ReqCtx, model: string, taskId: string, micros: number): { model: string; content: string; requestId: string; taskId: string; other: Record<string, unknown> } {
  return { model, content: 'video task submitted (pre-charge)', requestId: ctx.err.requestId, taskId, other: { pre_consumed: quotaOf(micros) } };
}

/**
 * The `short_video` fault: the task is billed (and reports in `seconds`) fewer seconds than asked once it completes —
 * the rule's `billedSeconds`, default two fewer (at least 1) — and the difference is refunded then, as new-api's
 * completion stage settles a task to its measured length.
 */
function shortBill(ctx: ReqCtx, seconds: number, priceOf: (s: number) => number): Pick<SimTask, 'billedSeconds' | 'finalMicros'> {
  if (ctx.fault !== 'short_video') return {};
  const billed = Math.max(1, Math.min(seconds, ctx.faultBilledSeconds ?? seconds - 2));
  return { billedSeconds: billed, finalMicros: priceOf(billed) };
}

/** Raw create fields from a JSON or multipart body (`seconds` kept as sent, for the type check). */
export function videoFields(ctx: Pick<ReqCtx, 'body'>): { prompt: unknown; seconds: unknown; size: unknown; inputRef: boolean; inputRefData?: Buffer; duration?: unknown } {
  const { json: j, parts } = ctx.body;
  if (parts) {
    const ref = parts.find((p) => p.name === 'input_reference');
    const out = { prompt: fieldText(parts, 'prompt'), seconds: fieldText(parts, 'seconds'), size: fieldText(parts, 'size'), inputRef: ref !== undefined };
    return ref && ref.filename !== undefined ? { ...out, inputRefData: ref.data } : out;
  }
  const o = j ?? {};
  const inputRef = (o.input_reference !== undefined && o.input_reference !== null) || typeof o.image === 'string';
  const dataUrl = typeof o.image === 'string' ? /^data:[^;]+;base64,(.+)$/.exec(o.image) : null;
  const out = { prompt: o.prompt, seconds: o.seconds, size: o.size, inputRef, duration: o.duration };
  return dataUrl?.[1] ? { ...out, inputRefData: Buffer.from(dataUrl[1], 'base64') } : out;
}

/**
 * `POST /v1/videos` (JSON or multipart), or with `legacy` the `POST /v1/video/generations` route (JSON; `duration` as
 * a number and/or `seconds` as a string; a reference image as a `data:` URL in `image`; answers in the
 * `{code, message, data}` envelope). `seconds` must be "4".."15" (new-api refuses a JSON number, as its Go struct
 * does; the seed flavor accepts both). Charges unit price × seconds (or the model's expression) at create, after a
 * balance check.
 */
export function handleVideoCreate(ctx: ReqCtx, legacy = false): Reply {
  const model = ctx.model!;
  const f = videoFields(ctx);
  if (typeof f.prompt !== 'string' || f.prompt.trim() === '') return badRequest(ctx.err, 'invalid_prompt', 'prompt is required and must be a non-empty string');
  if (typeof f.seconds === 'number' && ctx.state.flavor === 'new-api') {
    return badRequest(ctx.err, 'invalid_request', 'json: cannot unmarshal number into Go struct field .seconds of type string');
  }
  const given = f.seconds ?? (legacy && typeof f.duration === 'number' ? f.duration : undefined);
  const secText = given === undefined || given === null ? String(MIN_SECONDS) : String(given).trim();
  const seconds = /^\d{1,3}$/.test(secText) ? Number(secText) : NaN;
  if (!(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS)) return badRequest(ctx.err, 'invalid_seconds', `seconds must be from ${MIN_SECONDS} to ${MAX_SECONDS}; got '${secText}'`);
  let size = '1280x720';
  if (f.size !== undefined && f.size !== null && f.size !== '') {
    const m = typeof f.size === 'string' ? /^(\d{1,5})x(\d{1,5})$/.exec(f.size.trim()) : null;
    const ok = m && Number(m[1]) > 0 && Number(m[2]) > 0 && Number(m[1]) <= MAX_VIDEO_SIDE && Number(m[2]) <= MAX_VIDEO_SIDE;
    if (!ok) return badRequest(ctx.err, 'invalid_size', `Invalid size '${String(f.size)}': expected <width>x<height>, each side 1..${MAX_VIDEO_SIDE}`);
    size = (f.size as string).trim();
  }
  if (f.inputRefData && !sniffImage(f.inputRefData)) return badRequest(ctx.err, 'invalid_image_file', 'input_reference is not a PNG, JPEG or WEBP file');
  const sent = ctx.body.parts ? Object.fromEntries(ctx.body.parts.filter((p) => p.filename === undefined).map((p) => [p.name, fieldText(ctx.body.parts!, p.name)])) : (ctx.body.json ?? {});
  checkVideoOptions(ctx.err, model, sent, ctx.body.parts !== undefined);
  // A multipart `generate_audio` is text: the expression reads it as the boolean it stands for, as the JSON form.
  const priced: Record<string, unknown> = typeof sent.generate_audio === 'string' ? { ...sent, generate_audio: sent.generate_audio === 'true' } : sent;
  const price = exprChargeMicros(ctx.err, model, { kind: 'video', body: { ...priced, seconds: String(seconds), size } }) ?? model.priceMicros * seconds;
  const newApi = ctx.state.flavor === 'new-api';
  const id = newApi ? `task_${randomBytes(12).toString('hex')}` : `video_${randomBytes(12).toString('hex')}`;
  if (!ctx.state.tokens.charge(ctx.token, price, preCharge(ctx, model.id, id, price))) return quotaExceeded(ctx.err);
  const task: SimTask = {
    id, token: ctx.token, model: model.id, seconds, size, prompt: f.prompt, createdAt: Date.now(),
    fate: ctx.fault === 'task_fail' ? 'fail' : ctx.fault === 'task_never_ends' ? 'never' : 'ok',
    truncate: faultMarkers(f.prompt).includes('truncated_mp4'), chargeMicros: price, refunded: false,
    ...shortBill(ctx, seconds, (s) => exprChargeMicros(ctx.err, model, { kind: 'video', body: { ...priced, seconds: String(s), size } }) ?? model.priceMicros * s),
  };
  ctx.state.tasks.add(task);
  const createdAt = Math.floor(task.createdAt / 1000);
  if (legacy) return json(200, { code: 'success', message: '', data: { task_id: id, status: 'SUBMITTED', progress: '0%', submit_time: createdAt } });
  if (newApi) return json(200, { id, task_id: id, object: 'video', model: model.id, status: 'queued', progress: 0, created_at: createdAt, seconds: String(seconds), size });
  return json(200, { id, object: 'video', model: model.id, status: 'queued', progress: 0, created_at: createdAt, seconds: String(seconds), size });
}

function newApiStatus(task: SimTask, v: TaskView, queuedMs: number): string {
  if (v.status === 'queued') return Date.now() - task.createdAt < queuedMs / 2 ? 'unknown' : 'queued';
  return v.status === 'in_progress' ? 'processing' : v.status === 'completed' ? 'succeeded' : 'failed';
}

const FAILURE = { code: 'generation_failed', message: 'The upstream provider failed to generate the video' };

/** `GET /v1/videos/{id}`: the OpenAI shape (seed) or new-api words with "30%" progress and `metadata.url`. */
export function handleVideoPoll(ctx: ReqCtx): Reply {
  const task = ctx.state.tasks.get(ctx.param ?? '', ctx.token);
  if (!task) return taskNotExist();
  if (ctx.fault === 'task_fail') ctx.state.tasks.failNow(task);
  const v = ctx.state.tasks.view(task);
  // Once completed, `seconds` is what the gateway billed (new-api's final stage), which a short task makes fewer.
  const seconds = v.status === 'completed' ? (task.billedSeconds ?? task.seconds) : task.seconds;
  const base = { id: task.id, object: 'video', model: task.model, created_at: Math.floor(task.createdAt / 1000), seconds: String(seconds), size: task.size };
  const ended = v.endedAt !== undefined ? { completed_at: Math.floor(v.endedAt / 1000) } : {};
  const error = v.status === 'failed' ? { error: FAILURE } : {};
  if (ctx.state.flavor === 'seed') return json(200, { ...base, status: v.status, progress: v.progress, ...ended, ...error });
  const metadata = v.status === 'completed' ? { metadata: { url: `${ctx.state.baseUrl}/v1/videos/${task.id}/content` } } : {};
  return json(200, { ...base, task_id: task.id, status: newApiStatus(task, v, ctx.state.settings.queuedMs), progress: `${v.progress}%`, ...ended, ...error, ...metadata });
}

const LEGACY_STATUS = { queued: 'QUEUED', in_progress: 'IN_PROGRESS', completed: 'SUCCESS', failed: 'FAILURE' } as const;

/** `GET /v1/video/generations/{id}`: the legacy `{code:'success', message:'', data:{…}}` envelope (both flavors). */
export function handleLegacyPoll(ctx: ReqCtx): Reply {
  const task = ctx.state.tasks.get(ctx.param ?? '', ctx.token);
  if (!task) return taskNotExist();
  if (ctx.fault === 'task_fail') ctx.state.tasks.failNow(task);
  const v = ctx.state.tasks.view(task);
  const data: Record<string, unknown> = {
    task_id: task.id, action: 'generate', status: LEGACY_STATUS[v.status], progress: `${v.progress}%`,
    submit_time: Math.floor(task.createdAt / 1000), finish_time: v.endedAt !== undefined ? Math.floor(v.endedAt / 1000) : 0,
  };
  if (v.status === 'failed') data.fail_reason = FAILURE.message;
  if (v.status === 'completed') {
    data.result_url = ctx.state.videoRoutes === 'legacy' ? `${ctx.state.baseUrl}/sim-files/${task.id}.mp4` : `${ctx.state.baseUrl}/v1/videos/${task.id}/content`;
  }
  return json(200, { code: 'success', message: '', data });
}

/**
 * `POST /v1/videos/{id}/remix` (new-api): a new task from a completed one of the same token, same model, with the
 * new `prompt` and the original length unless `seconds` is given; charged like a new video at create.
 */
export function handleVideoRemix(ctx: ReqCtx): Reply {
  const source = ctx.state.tasks.get(ctx.param ?? '', ctx.token);
  if (!source) return taskNotExist();
  if (ctx.state.tasks.view(source).status !== 'completed') return badRequest(ctx.err, 'invalid_request', 'the video to remix is not completed');
  const body = ctx.body.json ?? {};
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') return badRequest(ctx.err, 'invalid_prompt', 'prompt is required and must be a non-empty string');
  const secText = body.seconds === undefined ? String(source.seconds) : String(body.seconds).trim();
  const seconds = /^\d{1,3}$/.test(secText) ? Number(secText) : NaN;
  if (!(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS)) return badRequest(ctx.err, 'invalid_seconds', `seconds must be from ${MIN_SECONDS} to ${MAX_SECONDS}; got '${secText}'`);
  const model = findModel(source.model, ctx.state.catalogue);
  const price = (model && exprChargeMicros(ctx.err, model, { kind: 'video', body: { ...body, seconds: String(seconds), size: source.size } })) ?? (model?.priceMicros ?? 0) * seconds;
  const id = `task_${randomBytes(12).toString('hex')}`;
  if (!ctx.state.tokens.charge(ctx.token, price, preCharge(ctx, source.model, id, price))) return quotaExceeded(ctx.err);
  const task: SimTask = {
    id, token: ctx.token, model: source.model, seconds, size: source.size, prompt: body.prompt, createdAt: Date.now(),
    fate: ctx.fault === 'task_fail' ? 'fail' : 'ok', truncate: false, chargeMicros: price, refunded: false,
  };
  ctx.state.tasks.add(task);
  ctx.record.model = source.model;
  ctx.record.seconds = String(seconds);
  return json(200, { id, task_id: id, object: 'video', model: source.model, status: 'queued', progress: 0, created_at: Math.floor(task.createdAt / 1000), seconds: String(seconds), size: source.size, remixed_from_video_id: source.id });
}
