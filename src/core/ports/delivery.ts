import type { DeliveryAddress } from '../api/actor.js';
import type { JobView } from '../api/jobs.js';
import type { Reply } from '../commands/types.js';

/**
 * The port through which the job runner reaches the chat a job came from, one per surface, routed by
 * {@link DeliveryAddress.surface}. The core words every late post as the same neutral {@link Reply} a command returns
 * (a finished video, a kept image or answer its command could not post, a failure notice: `src/core/jobs/late-replies.ts`);
 * a surface only renders it to the address and says how that went. "Post, then record or hand over" is the engine's
 * (the runner's delivery steps, and `postReply` for a command's own reply), never a surface's.
 */
export interface Delivery {
  /** The surface id this delivery serves (`SurfaceInfo.id`). */
  readonly surface: string;
  /**
   * How users type commands here (`SurfaceInfo.commandHint`): the words of a late failure notice name them this way.
   * Absent: `/command subcommand`.
   */
  commandHint?(command: string, subcommand?: string): string;
  /**
   * True when whoever reads this surface's posts administers it (the playground's single user): a failure notice's
   * reference line then says how to read it with `/job`. Default false.
   */
  readonly readerIsAdmin?: boolean;
  /**
   * Posts `reply` to the chat of `address` (an address this surface made, or an older row of it: read fields
   * defensively). A reply with a `video` file is a finished video, one with `tone: 'error'` a failure notice (it ends
   * the job's status display), any other a kept result. Returns the platform message ids. Throws {@link DeliveryError}
   * (`retryAfterMs` of any length is honoured by a scheduled retry).
   */
  post(address: DeliveryAddress, reply: Reply): Promise<{ messageIds: string[] }>;
  /** Shows a running job's progress (0..100). The runner already throttles; implementations may throttle further. */
  progress(address: DeliveryAddress, job: JobView): Promise<void>;
  /** Largest file this address accepts, in bytes. */
  uploadLimitBytes(address: DeliveryAddress): number;
  /**
   * False for an address of this surface that another running process serves (two playgrounds on one database):
   * the runner then hands the job back untouched. Absent: every address of the surface is served here.
   */
  accepts?(address: DeliveryAddress): boolean;
}

/** Thrown by {@link Delivery.post}; the runner decides from `kind`. */
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
