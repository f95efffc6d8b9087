/**
 * The `Delivery` port: how the job runner reaches the chat a job came from. The core contract the adapters call is
 * in `./api/` (one facade per feature, composed as `CoreApi` in `./api/core-api.ts`).
 */
import type { Failure } from './failures.js';
import type { Micros } from './money.js';
import type { DeliveryAddress } from './api/actor.js';
import type { JobView } from './api/jobs.js';

/** Thrown by {@link Delivery} implementations; the poller decides from `kind`. */
export class DeliveryError extends Error {
  constructor(
    readonly kind: 'too_large' | 'gone' | 'transient',
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** A kept result, as {@link Delivery.deliver} receives it. */
export interface DeliverableResult {
  files: { path: string; filename: string; mime: string; bytes: number }[];
  /** The answer of an ask job. */
  text?: string;
  /**
   * What the requester has left after the charge, as the command's own reply shows it: null for no limit (or a
   * personal token), undefined when not known (the charge not settled yet, or an answer, whose reply shows none).
   */
  remainingMicros?: Micros | null;
}

/**
 * The port through which the job runner reaches the chat a job came from: one per surface, routed by
 * {@link DeliveryAddress.surface}. Each method receives an address that surface made (or an older row of it: read
 * fields defensively).
 */
export interface Delivery {
  /** The surface id this delivery serves (`SurfaceInfo.id`). */
  readonly surface: string;
  /** Shows progress (0..100). The poller already throttles; implementations may throttle further. */
  progress(address: DeliveryAddress, job: JobView): Promise<void>;
  /** Posts the finished file; returns the platform message ids. Throws {@link DeliveryError}. */
  deliverVideo(address: DeliveryAddress, job: JobView, file: { path: string; bytes: number; mime: string }): Promise<{ messageIds: string[] }>;
  /**
   * Posts a kept result of an image, edit or ask job (the surface could not post it at once, or the process that
   * could died): `files` are the kept images (none for an answer), `text` the answer of an ask job. Returns the
   * platform message ids. Throws {@link DeliveryError} (`retryAfterMs` of any length is honoured by a scheduled retry).
   */
  deliver(address: DeliveryAddress, job: JobView, result: DeliverableResult): Promise<{ messageIds: string[] }>;
  /** Tells the user the job ended without a result, and whether money moved. */
  notifyFailure(address: DeliveryAddress, job: JobView, failure: Failure): Promise<void>;
  /** Largest file this address accepts, in bytes. */
  uploadLimitBytes(address: DeliveryAddress): number;
  /**
   * False for an address of this surface that another running process serves (two playgrounds on one database):
   * the poller then hands the job back untouched. Absent: every address of the surface is served here.
   */
  accepts?(address: DeliveryAddress): boolean;
}
