import type { CoreDeps } from './deps.js';

/** Delivered jobs of the model looked at: the most recent, within the window. */
const SAMPLES = 20;
const WINDOW_MS = 7 * 86_400_000;
/** Fewer delivered jobs than this and the history says too little: the cold-start rule answers. */
const MIN_SAMPLES = 3;

/** The cold-start wait (no history of the model yet): 30 s + 4 s per requested second. */
export function coldStartEtaSeconds(seconds: number): number {
  return 30 + 4 * seconds;
}

/**
 * How long a video of `seconds` on `model` will likely take from request to delivery, in whole seconds: the 75th
 * percentile of the model's recently delivered jobs (up to 20 in the last 7 days) in time per requested second,
 * times `seconds`. Per second, so a 3-second request is not told the wait of a 15-second one; the 75th percentile,
 * so most users wait less than they were told. With fewer than 3 such jobs, {@link coldStartEtaSeconds}. A store
 * error also falls back (an estimate never fails a request).
 */
export async function videoEtaSeconds(d: Pick<CoreDeps, 'jobs' | 'clock' | 'logger'>, model: string, seconds: number): Promise<number> {
  try {
    const runs = await d.jobs.recentRunTimes('video', model, d.clock.now() - WINDOW_MS, SAMPLES);
    const perSecond = runs.filter((r) => r.elapsedMs > 0 && (r.seconds ?? 0) > 0).map((r) => r.elapsedMs / 1000 / r.seconds!);
    if (perSecond.length < MIN_SAMPLES) return coldStartEtaSeconds(seconds);
    perSecond.sort((a, b) => a - b);
    const p75 = perSecond[Math.min(perSecond.length - 1, Math.ceil(perSecond.length * 0.75) - 1)]!;
    return Math.max(1, Math.round(p75 * seconds));
  } catch (e) {
    d.logger.warn({ err: e, model }, 'video estimate from history failed; using the cold-start rule');
    return coldStartEtaSeconds(seconds);
  }
}
