import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { Invocation, Reply } from '../../src/core/commands/types.js';
import type { TestStack } from './harness.js';
import { until } from './scenario.js';

/**
 * The real {@link CommandDispatcher}, remembering every reply it returned (in order), so a scenario driver knows the
 * neutral reply behind what its surface rendered. It changes nothing about what runs.
 */
export class RecordingDispatcher extends CommandDispatcher {
  readonly replies: { readonly invocation: Invocation; readonly reply: Reply }[] = [];

  constructor(stack: TestStack) {
    super({ core: stack.core, ownerIds: [], logger: stack.logger.child({ module: 'commands' }) });
  }

  override async run(inv: Invocation): Promise<Reply> {
    const reply = await super.run(inv);
    this.replies.push({ invocation: inv, reply });
    return reply;
  }

  /** The `index`-th reply (0-based), once the dispatcher returned it. */
  reply(index: number, timeoutMs = 10_000): Promise<Reply> {
    return until(() => this.replies[index]?.reply, `reply #${index + 1} of the dispatcher`, timeoutMs);
  }
}
