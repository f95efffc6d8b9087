import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Actor } from '../../src/core/api/actor.js';
import { ConsoleDelivery } from '../../src/platforms/console/console-delivery.js';
import { CONSOLE, consoleInstance, type ConsoleAddress } from '../../src/platforms/console/console-surface.js';
import { ConsoleSession } from '../../src/platforms/console/session.js';
import { createTestStack, type TestStackOptions } from './harness.js';
import { RecordingDispatcher } from './scenario-recorder.js';
import { needleOf, plain, until, type Mark, type ScenarioDriver, type Shown, type Who } from './scenario.js';

/** What a console step printed: the lines, from `from` on. */
interface ConsoleRef {
  readonly lines: readonly string[];
}

/** A printed file line: `✓ image image/png, 123 bytes: /path` or `✓ video j_1 ready (…): /path`. */
const FILE_LINE = /^✓ \S+ .*: (\/\S.*)$/;
/** An action printed as a command to type: `    /reroll j_1                     Reroll`. */
const HINT_LINE = /^ {4}(\/\S.*?) {2,}(\S.*)$/;

/**
 * The console surface driven in-process: one {@link ConsoleSession} per person over the same dispatcher, output
 * directory and delivery address (the playground's wiring, see `startPlayground`), and its {@link ConsoleDelivery}
 * registered on the stack. Both people are the console's single kind of user: an admin of the console scope, in its
 * one channel (`console`, as `consoleActor` names it).
 */
export async function consoleDriver(opts: TestStackOptions = {}): Promise<ScenarioDriver> {
  const stack = await createTestStack(opts);
  const dispatcher = new RecordingDispatcher(stack);
  const outputDir = join(stack.dir, 'console-out');
  const lines: string[] = [];
  const print = (line: string) => void lines.push(...line.split('\n'));
  const address: ConsoleAddress = { surface: CONSOLE, instance: consoleInstance() };
  const actors: Record<Who, Actor> = {
    admin: { scope: { platform: CONSOLE, externalId: 'local', kind: 'console', title: 'Terminal playground' }, user: { platform: CONSOLE, externalId: 'local', displayName: 'admin' }, channel: { id: 'console' } },
    member: { scope: { platform: CONSOLE, externalId: 'local', kind: 'console', title: 'Terminal playground' }, user: { platform: CONSOLE, externalId: 'member', displayName: 'member' }, channel: { id: 'console' } },
  };
  const sessions: Record<Who, ConsoleSession> = {
    admin: new ConsoleSession({ dispatcher, core: stack.core, actor: actors.admin, address, outputDir, print }),
    member: new ConsoleSession({ dispatcher, core: stack.core, actor: actors.member, address, outputDir, print }),
  };
  stack.app.registerDelivery(
    new ConsoleDelivery(address.instance, outputDir, print, {
      onFinished: (id) => Object.values(sessions).forEach((s) => s.finished(id)),
      commands: dispatcher.commands,
    }),
  );

  const filesIn = (from: number) => lines.slice(from).flatMap((l) => FILE_LINE.exec(l)?.[1] ?? []).filter((p) => existsSync(p));

  async function typed(who: Who, line: string): Promise<Shown> {
    const from = lines.length;
    const replies = dispatcher.replies.length;
    print(`> ${line}`);
    await sessions[who].handle(line);
    const reply = await dispatcher.reply(replies, 100);
    const printed = lines.slice(from);
    const text = plain(printed.join('\n'));
    if (!text.includes(needleOf(reply))) throw new Error(`the console did not print the reply (${needleOf(reply)}): ${text}`);
    const actions = printed.flatMap((l) => HINT_LINE.exec(l)?.[2]?.split(':')[0] ?? []);
    return { reply, text, ref: { lines: printed } satisfies ConsoleRef, actions };
  }

  return {
    surface: CONSOLE,
    stack,
    actor: (who) => actors[who],
    mark: () => lines.length,
    filesSince: (mark: Mark) => filesIn(mark as number).length,
    command(who, text, attach) {
      if (!attach) return typed(who, text);
      const path = (attach.ref as ConsoleRef).lines.flatMap((l) => FILE_LINE.exec(l)?.[1] ?? [])[0];
      if (!path) throw new Error('the earlier console step printed no file');
      return typed(who, `${text} --image ${path}`);
    },
    action(who, on, label, input) {
      const hint = (on.ref as ConsoleRef).lines.map((l) => HINT_LINE.exec(l)).find((m) => m?.[2]?.split(':')[0] === label)?.[1];
      if (!hint) throw new Error(`no "${label}" hint printed`);
      return typed(who, hint.replace(/<[a-z_]+>/, input ?? ''));
    },
    async videoDelivered(mark, shown) {
      const done = new RegExp(`^✓ video ${shown.reply.jobId ?? 'j_\\w+'} ready`);
      const at = await until(() => {
        const i = lines.findIndex((l, k) => k >= (mark as number) && done.test(l));
        return i >= 0 ? i : undefined;
      }, 'a video delivered on the console');
      const printed = lines.slice(at);
      return { ...shown, text: plain(printed.join('\n')), ref: { lines: printed } satisfies ConsoleRef, actions: printed.flatMap((l) => HINT_LINE.exec(l)?.[2]?.split(':')[0] ?? []) };
    },
    close: () => stack.close(),
  };
}
