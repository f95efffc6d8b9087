/**
 * Which video models offer Remix (`POST /v1/videos/{id}/remix`: a new video from a delivered one, with a new prompt).
 * Remix was Sora's, and OpenAI removed the Videos API with every `sora-2*` model on 2026-09-24; no model behind
 * today's gateways is known to offer it, so nothing offers it unless the operator lists the model
 * (`VIDEO_REMIX_MODELS`; the built-in simulator's own video models when it is used). An entry is an exact model id,
 * or a prefix ending in `*` (`wan-2.5*`). Ids are compared exactly (case and separators matter), as the gateway does.
 */
export function remixCapable(model: string, listed: readonly string[]): boolean {
  return listed.some((p) => (p.endsWith('*') ? p.length > 1 && model.startsWith(p.slice(0, -1)) : p === model));
}
