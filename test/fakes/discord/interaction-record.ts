import type { FakeCore } from './core.js';
import type { InteractionCallback, MessageSnapshot, StoredMessage } from './types.js';

/** What tests hold after dispatching an interaction: follow what the bot did with it. */
export interface InteractionHandle {
  readonly id: string;
  readonly token: string;
  /** The raw INTERACTION_CREATE payload that was dispatched. */
  readonly payload: Readonly<Record<string, unknown>>;
  /** Callbacks received so far (a correct bot sends exactly one; later ones were answered 400). */
  callbacks(): readonly InteractionCallback[];
  /** Resolves with the first callback (4 reply, 5 defer, 6 deferred update, 7 update, 8 choices, 9 modal). */
  waitForCallback(timeoutMs?: number): Promise<InteractionCallback>;
  /** The original response now (after reply/defer/edits), or undefined before a reply/defer or after delete. */
  original(): MessageSnapshot | undefined;
  /** Every state of the original after a `PATCH …/@original` (oldest first). */
  originalEdits(): readonly MessageSnapshot[];
  /** First edit of the original (past or future) matching `predicate` (default: any). */
  waitForOriginalEdit(predicate?: (m: MessageSnapshot) => boolean, timeoutMs?: number): Promise<MessageSnapshot>;
  /** Follow-up messages, current state of each. */
  followUps(): MessageSnapshot[];
  /** First follow-up (past or future) matching `predicate`, in its current state. */
  waitForFollowUp(predicate?: (m: MessageSnapshot) => boolean, timeoutMs?: number): Promise<MessageSnapshot>;
  /**
   * Makes the interaction behave as after Discord's deadlines: the callback answers 404 Unknown interaction
   * (10062) and webhook routes 401 Invalid Webhook Token (50027), as after the 3 s / 15 min limits.
   */
  expire(): void;
}

/** The fake's bookkeeping for one interaction; it is also the handle given to tests. */
export class InteractionRecord implements InteractionHandle {
  readonly callbackList: InteractionCallback[] = [];
  originalMessage: StoredMessage | undefined;
  readonly edits: MessageSnapshot[] = [];
  readonly followUpMessages: StoredMessage[] = [];
  expired = false;

  constructor(
    private readonly core: FakeCore,
    readonly id: string,
    readonly token: string,
    readonly payload: Readonly<Record<string, unknown>>,
  ) {}

  /** Channel the interaction happened in. */
  get channelId(): string {
    return String(this.payload.channel_id);
  }

  callbacks(): readonly InteractionCallback[] {
    return [...this.callbackList];
  }

  waitForCallback(timeoutMs?: number): Promise<InteractionCallback> {
    return this.core.signal.waitFor(() => this.callbackList[0], `a callback for interaction ${this.id}`, timeoutMs);
  }

  original(): MessageSnapshot | undefined {
    const m = this.originalMessage;
    return m && !m.deleted ? this.core.store.snapshot(m) : undefined;
  }

  originalEdits(): readonly MessageSnapshot[] {
    return [...this.edits];
  }

  waitForOriginalEdit(predicate: (m: MessageSnapshot) => boolean = () => true, timeoutMs?: number): Promise<MessageSnapshot> {
    return this.core.signal.waitFor(() => this.edits.find(predicate), `an edit of the original response of ${this.id}`, timeoutMs);
  }

  followUps(): MessageSnapshot[] {
    return this.followUpMessages.map((m) => this.core.store.snapshot(m));
  }

  waitForFollowUp(predicate: (m: MessageSnapshot) => boolean = () => true, timeoutMs?: number): Promise<MessageSnapshot> {
    return this.core.signal.waitFor(() => this.followUps().find(predicate), `a follow-up of interaction ${this.id}`, timeoutMs);
  }

  expire(): void {
    this.expired = true;
  }
}
