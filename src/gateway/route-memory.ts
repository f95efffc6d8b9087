/**
 * What the client has learnt about one gateway's routes, so it asks the right one first next time:
 * - `video`: `modern` (`/v1/videos`), `legacy` (`/v1/video/generations`) or unknown until a call tells;
 * - `content`: whether `GET /v1/videos/{id}/content` exists (`false` after an "Invalid URL" answer);
 * - the download URL each task's poll body carried (`result_url`, `metadata.url`), for a later download that
 *   has no URL at hand (a retry after a restart re-polls first). Bounded: the oldest 2,000 are dropped first.
 */
export class RouteMemory {
  video: 'modern' | 'legacy' | undefined;
  content: boolean | undefined;
  private readonly urls = new Map<string, string>();

  rememberUrl(taskId: string, url: string): void {
    this.urls.delete(taskId);
    this.urls.set(taskId, url);
    if (this.urls.size > 2_000) {
      const oldest = this.urls.keys().next().value;
      if (oldest !== undefined) this.urls.delete(oldest);
    }
  }

  urlOf(taskId: string): string | undefined {
    return this.urls.get(taskId);
  }
}
