import { remixCapable } from '../catalog/remix-models.js';
import type { JobHooks } from '../api/actor.js';
import type { RemixRequest, VideoStarted } from '../api/video.js';
import { err, fail, type Result } from '../failures.js';
import { validateDuration, validatePrompt } from '../media/inputs.js';
import { actorIds, resolveToken } from './context.js';
import type { CoreDeps } from './deps.js';
import { checkModel } from './model-check.js';
import { checkPrompt } from './rules.js';
import { submitVideoJob } from './video.js';
import { graphemePrefix } from '../text-cut.js';

/**
 * `startRemix`: a new video from an earlier, finished video job of this community (new-api
 * `POST /v1/videos/{id}/remix`) with a new prompt. Checked like a new video (prompt, prompt rules, token, the earlier job's model
 * priced and listed, 4–15 s, default the earlier length), then held and submitted like one: the gateway bills a remix
 * as a new video, and the poller delivers it. `job_not_found` for a job of another community, not a video, or one
 * that never produced a task; `not_offered` when the gateway client has no remix call, or (naming the model) when
 * the earlier video's model offers no remix (`VIDEO_REMIX_MODELS`, see `remixCapable`), before any money moves.
 */
export async function startRemix(d: CoreDeps, req: RemixRequest, hooks?: JobHooks): Promise<Result<VideoStarted>> {
  const prompt = validatePrompt(req.prompt);
  if (!prompt.ok) return prompt;
  const ids = await actorIds(d, req);
  const allowed = await checkPrompt(d, req, ids, prompt.value);
  if (!allowed.ok) return allowed;
  const source = await d.jobs.get(req.jobId.trim());
  if (!source || source.scopeId !== ids.scopeId || source.kind !== 'video' || !source.remoteTaskId || !['delivered', 'delivering', 'undeliverable'].includes(source.status)) {
    return err(fail('job_not_found', { id: graphemePrefix(req.jobId, 40) }));
  }
  const remix = d.gateway.remixVideo?.bind(d.gateway);
  if (!remix) return err(fail('not_offered', { what: 'remix' }));
  if (!remixCapable(source.model, d.settings.remixModels ?? [])) return err(fail('not_offered', { what: 'remix', model: source.model }));
  const token = await resolveToken(d, req, ids);
  if (!token.ok) return token;
  const price = await checkModel(d, req, token.value, source.model, 'video');
  if (!price.ok) return price;
  const seconds = validateDuration(req.seconds ?? source.params.seconds ?? d.settings.defaults.videoSeconds);
  if (!seconds.ok) return seconds;
  const size = source.params.size ?? '1280x720';
  const videoId = source.remoteTaskId;
  return submitVideoJob(d, req, hooks, {
    basics: { prompt: prompt.value, model: source.model, ids, token: token.value, price: price.value },
    seconds: seconds.value,
    size,
    params: { remixOf: source.id },
    stage: 'video_remix',
    create: () => remix(token.value.token, { videoId, prompt: prompt.value, seconds: seconds.value }),
  });
}

