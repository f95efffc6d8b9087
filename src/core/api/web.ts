/**
 * The web surface's part of the core contract: one-time sign-in links made from the chat (`/web`), the sessions
 * they open, and a member's own results. Part of `CoreApi` (`./core-api.ts`); types only.
 */
import type { Actor, DeliveryAddress } from './actor.js';
import type { FailureRefView } from './failure-refs.js';
import type { JobView } from './jobs.js';

/** A link `/web` answers with. */
export interface WebLinkView {
  url: string;
  /** Epoch ms; 10 minutes after it was made. */
  expiresAt: number;
}

/** A signed-in browser: the chat actor it stands for and what it may do. */
export interface WebSessionView {
  /** The chat identity (scope and user references) the link was made for; `resolved` unset. */
  actor: Actor;
  /** The member administered the community when they asked for the link. */
  admin: boolean;
  /** The member is a bot owner (`OWNER_IDS`), checked on every request: the owner page is theirs. */
  owner: boolean;
  locale: string;
  /** The token every form of this session carries (derived from the session id; no row of its own). */
  csrf: string;
  expiresAt: number;
}

/** A kept file of one of the member's own jobs. */
export interface WebFileView {
  path: string;
  filename: string;
  mime: string;
  bytes: number;
}

/** Which results the gallery lists. */
export interface GalleryQuery {
  kind?: 'image' | 'video';
  /** Only this model's results. */
  model?: string;
  /** Made on or after this day (`YYYY-MM-DD`, UTC); a malformed day is ignored. */
  from?: string;
  /** Made on or before this day (`YYYY-MM-DD`, UTC, the whole day); a malformed day is ignored. */
  to?: string;
  /** The page after this cursor ({@link GalleryPage.next}); a malformed cursor starts from the newest. */
  after?: string;
  /** Most results (default 100, at most 1,000). */
  limit?: number;
}

/** One page of the gallery. */
export interface GalleryPage {
  /**
   * The member's results (images, edits, videos) newest first. `outputs` are the files still kept (the chat's
   * retention or the gallery's own, `GALLERY_RETENTION_DAYS`); none when they are gone: the card stays.
   */
  jobs: JobView[];
  /** Every model of the member's results in this community (for the model filter), sorted. */
  models: string[];
  /** The cursor of the next page, when there is one. */
  next?: string;
}

/** Where a job of the member's was made: the chat it was posted in (its stored delivery address). */
export interface WebJobOrigin {
  kind: JobView['kind'];
  /** The job's delivery address without what was only good for that one job (its status message, an interaction). */
  delivery: DeliveryAddress;
}

export interface WebApi {
  /**
   * A one-time sign-in link for `actor` (random token, only its hash stored, valid 10 minutes, used once); `admin`
   * is the role the dispatcher resolved. `null` when the web is off (no `WEB_PORT`) or its address is not known yet.
   */
  webLink(actor: Actor, admin: boolean): Promise<WebLinkView | null>;
  /** Uses a link: a new session id (random; only its hash stored, 7 days), or `null` (unknown, used, expired). */
  webSignIn(token: string): Promise<{ sessionId: string; expiresAt: number } | null>;
  /** The live session of this id, or `null`. */
  webSession(sessionId: string): Promise<WebSessionView | null>;
  webSignOut(sessionId: string): Promise<void>;
  /** The actor's own results in the actor's community, newest first, with their kept files (see {@link GalleryPage}). */
  webGallery(actor: Actor, q?: GalleryQuery): Promise<GalleryPage>;
  /**
   * The chat the actor's own job `jobId` (in the actor's community) was made in, for "Run again"/"Vary" from the
   * web; `null` for anything else (another member's job, an unknown id, a job with no chat).
   */
  webJobOrigin(actor: Actor, jobId: string): Promise<WebJobOrigin | null>;
  /** The failure references the actor was shown in this community, newest first (default 50), with the chat's words. */
  webFailureRefs(actor: Actor, limit?: number): Promise<FailureRefView[]>;
  /** File `index` of the actor's own job `jobId` while it is kept; `null` for anything else (another member's job included). */
  webFile(actor: Actor, jobId: string, index: number): Promise<WebFileView | null>;
}
