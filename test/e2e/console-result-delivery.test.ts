/**
 * The console's late delivery of a kept result: when the session cannot post an image (its output directory cannot
 * be written), it hands the job over and the poller's result-delivery step prints it through `ConsoleDelivery` with
 * the same facts (model, size, cost, what is left, job) and the same follow-ups to type as a reply the command
 * printed itself. Real core → simulator, real poller.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { ConsoleDelivery } from '../../src/platforms/console/console-delivery.js';
import { CONSOLE, consoleInstance, type ConsoleAddress } from '../../src/platforms/console/console-surface.js';
import { ConsoleSession } from '../../src/platforms/console/session.js';
import { DbProbe, until } from '../reliability/support/db-probe.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/** A printed fact (`  Model: alpha-image-1`) or a follow-up to type (`    /reroll j_1    Reroll`). */
const FACT = /^ {2}[A-Z][\w ]*: \S/;
const HINT = /^ {4}\/\S/;
const JOB_ID = /j_[a-z2-7]{8}/gi;

describe('Console: a result posted late carries the same facts and follow-ups as a direct one', () => {
  let stack: TestStack;
  let probe: DbProbe;
  const lines: string[] = [];
  const print = (line: string) => void lines.push(...line.split('\n'));
  let dispatcher: CommandDispatcher;
  const address: ConsoleAddress = { surface: CONSOLE, instance: consoleInstance() };

  beforeAll(async () => {
    stack = await createTestStack();
    probe = new DbProbe(stack.dbPath);
    dispatcher = new CommandDispatcher({ core: stack.core, ownerIds: [], logger: stack.logger.child({ module: 'commands' }) });
    stack.app.registerDelivery(
      new ConsoleDelivery(address.instance, join(stack.dir, 'delivered'), print, {
        commands: dispatcher.commands,
      }),
    );
  });

  afterAll(async () => {
    probe?.close();
    await stack?.close();
  });

  function session(user: string, outputDir: string): ConsoleSession {
    const actor: Actor = {
      scope: { platform: CONSOLE, externalId: 'local', kind: 'console', title: 'Terminal playground' },
      user: { platform: CONSOLE, externalId: user, displayName: user },
    };
    return new ConsoleSession({ dispatcher, core: stack.core, actor, address, outputDir, print });
  }

  const shape = (printed: readonly string[]) => ({
    facts: printed.filter((l) => FACT.test(l) && !HINT.test(l)).map((l) => l.replace(JOB_ID, '<job>')),
    hints: printed.filter((l) => HINT.test(l)).map((l) => l.replace(JOB_ID, '<job>')),
  });

  it('an image the session could not write is printed by the delivery step with the same facts and follow-ups', async () => {
    let from = lines.length;
    await session('direct', join(stack.dir, 'direct-out')).handle('/imagine a twin owl');
    const direct = shape(lines.slice(from));
    expect(direct.facts.map((l) => l.trim().split(':')[0])).toEqual(['Model', 'Size', 'Cost', 'Left', 'Job']);
    expect(direct.hints.join('\n')).toMatch(/\/reroll <job>.*\n.*\/edit <prompt> --from <job>.*\n.*\/animate <job>/);

    // The late user's output directory is a file: the reply cannot be written, so the job is handed over.
    const blocked = join(stack.dir, 'not-a-dir');
    writeFileSync(blocked, 'x');
    from = lines.length;
    await session('late', blocked).handle('/imagine a twin owl');
    const job = await until('delivered by the poller', () => {
      const j = probe.allJobs().at(-1);
      return j?.status === 'delivered' ? j : undefined;
    }, 8000);
    const printed = lines.slice(from);
    expect(printed.some((l) => l.startsWith(`✓ image ${job.id}: `))).toBe(true);
    expect(shape(printed)).toEqual(direct);
    expect(printed.join('\n')).toContain(`/reroll ${job.id}`);
    expect(probe.ledgerNet(job.id)).toBe(10_000);
  });
});
