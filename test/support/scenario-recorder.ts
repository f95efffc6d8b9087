import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { Invocation, Reply } from '../../src/core/commands/types.js';
import type { TestStack } from './harness.js';
import { until } from './scenario.js';

/** One invocation the dispatcher ran, and its reply once returned. */
export interface Recorded {
  readonly invocation: Invocation;
  reply: Reply | undefined;
}

/**
 * The real {@link CommandDispatcher}, remembering every invocation in the order it ARRIVED and its reply once
 * returned, so a scenario driver knows the neutral reply behind what its surface rendered even while earlier commands
 * are still being made (a `/queue` typed behind two images answers before them). It changes nothing about what runs.
 */
export class RecordingDispatcher extends CommandDispatcher {
  readonly replies: Recorded[] = [];

  constructor(stack: TestStack) {
    super({ core: stack.core, ownerIds: [], logger: stack.logger.child({ module: 'commands' }) });
  }

  override async run(inv: Invocation): Promise<Reply> {
    const slot: Recorded = { invocation: inv, reply: undefined };
    this.replies.push(slot);
    const reply = await super.run(inv);
    slot.reply = reply;
    return reply;
  }

  /** The reply to the `index`-th invocation (0-based, in arrival order), once the dispatcher returned it. */
  reply(index: number, timeoutMs = 10_000): Promise<Reply> {
    return until(() => this.replies[index]?.reply, `reply #${index + 1} of the dispatcher`, timeoutMs);
  }
}
