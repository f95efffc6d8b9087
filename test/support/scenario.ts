/**
 * ONE scenario, played on every chat surface (Discord fake, Telegram fake, console session) by a small driver per
 * surface ({@link ScenarioDriver}). Each step is data: who acts, what they type (or which action of an earlier
 * result they take), and what must come out (kind of reply, files the surface carried, money the ledger moved).
 * {@link playScenario} runs the steps in order on one driver and records, per step, what the user saw and what moved
 * in the ledger and on the simulator's bill, so a test can compare the runs of the three surfaces step by step.
 */
import type { Actor } from '../../src/core/api/actor.js';
import type { Reply } from '../../src/core/commands/types.js';
import { ledgerNetCharged, openHolds } from './ledger.js';
import type { TestStack } from './harness.js';

/** The two people of the scenario: a community admin and a plain member. */
export type Who = 'admin' | 'member';

/** What a step must produce on every surface. */
export interface StepExpect {
  tone: Reply['tone'];
  /** Files the surface carried to the user for this step (images of the reply, plus a delivered video). */
  files: number;
  /** Net micro-dollars the ledger charged for this step (charges − refunds); `'positive'` when only "more than nothing" is known. */
  charged: number | 'positive';
  /** The failure code of an error reply. */
  failure?: string;
  /** The action labels the reply offers (buttons, or typed hints on the console), in order. */
  actions?: readonly string[];
  /** A video: action labels the delivered file must offer (others may follow, e.g. Remix where the gateway has it). */
  deliveredActions?: readonly string[];
  /** Words the member must see in the step's reply as the surface rendered it ("16:9 from your settings"). */
  says?: string;
  /** Words the step's reply must not show (a setting a typed flag overrode). */
  lacks?: string;
  /** The results of the step's `behind` commands: their tone, in order. */
  behind?: readonly Reply['tone'][];
}

/** A step typed as a command (`run`), optionally with the image of an earlier step's result attached. */
export interface CommandStep {
  readonly id: string;
  readonly as: Who;
  readonly run: string;
  /** Attach the first image of this earlier step's result (the user re-sends what the bot posted). */
  readonly attach?: string;
  /**
   * Commands the same person typed just before `run`, still being made when `run` is typed: the first is slowed at
   * the gateway (a one-time `slow` fault of the simulator) and each next one waits behind it in the bot's fair-use line
   * (the scenario's stack runs one job per member at a time), so its place in line is known. The step then waits for
   * their results too: files and money of the step include theirs.
   */
  readonly behind?: readonly string[];
  readonly expect: StepExpect;
}

/** A step taken through an action of an earlier step's result (a button, or the console's typed hint). */
export interface ActionStep {
  readonly id: string;
  readonly as: Who;
  /** The earlier step whose result carries the action. */
  readonly on: string;
  /** The action's label as the reply names it (`Reroll`, `Edit`, `Animate`). */
  readonly action: string;
  /** What the user types when the action asks for input (Edit: what should change). */
  readonly input?: string;
  readonly expect: StepExpect;
}

export type ScenarioStep = CommandStep | ActionStep;

const IMAGE = 10_000;
/** An image with no larger size on its model (16:9 or 1536x1536 on the 1536-pixel alpha-image-2): Vary, no Upscale. */
const NO_UPSCALE = ['Vary', 'Reroll', 'Edit', 'Animate'];
/** A 1024x1024 image (the default size) has a larger one (1536x1536): Vary and Upscale. */
const WITH_UPSCALE = ['Vary', 'Upscale', 'Reroll', 'Edit', 'Animate'];
/** The simulator's default video model is priced per second. */
const VIDEO_PER_SECOND = 50_000;

/**
 * The scenario of issue 10: an admin sets the budget, a member makes an image, edits it (attaching the posted image),
 * makes a video and rerolls it from the delivered video, asks a question, rerolls / edits / animates the image through
 * its actions, makes four images at once (`--n 4`) and takes V2 and U1 on them, reads /balance, /jobs and /help, and is
 * refused a video that no longer fits the budget (nothing charged).
 * Issue 23: the member first sets an aspect and the video seconds with /settings, so no command of the session
 * carries an option but two, where a typed `--size` and a typed `--seconds 5` override the settings (before settings it
 * typed `--ar 16:9` once and `--seconds 4` twice), and the replies that used a setting say so.
 */
export const SCENARIO: readonly ScenarioStep[] = [
  { id: 'budget', as: 'admin', run: '/budget default 0.80 day', expect: { tone: 'info', files: 0, charged: 0 } },
  { id: 'settings-aspect', as: 'member', run: '/settings aspect 16:9', expect: { tone: 'info', files: 0, charged: 0, says: 'aspect is now 16:9 in this community.' } },
  { id: 'settings-seconds', as: 'member', run: '/settings seconds 4', expect: { tone: 'info', files: 0, charged: 0, says: 'seconds is now 4 in this community.' } },
  { id: 'imagine', as: 'member', run: '/imagine a red fox', expect: { tone: 'result', files: 1, charged: IMAGE, actions: NO_UPSCALE, says: '16:9 from your settings' } },
  { id: 'edit', as: 'member', run: '/edit make it snowy', attach: 'imagine', expect: { tone: 'result', files: 1, charged: IMAGE, actions: WITH_UPSCALE } },
  {
    id: 'video',
    as: 'member',
    run: '/video a cat on a skateboard',
    expect: { tone: 'info', files: 1, charged: 4 * VIDEO_PER_SECOND, actions: ['Refresh'], deliveredActions: ['Reroll'], says: '4 s, 16:9 from your settings' },
  },
  { id: 'video-reroll', as: 'member', on: 'video', action: 'Reroll', expect: { tone: 'info', files: 1, charged: 4 * VIDEO_PER_SECOND, actions: ['Refresh'], deliveredActions: ['Reroll'] } },
  { id: 'ask', as: 'member', run: '/ask what is a haiku?', expect: { tone: 'result', files: 0, charged: 'positive' } },
  { id: 'reroll', as: 'member', on: 'imagine', action: 'Reroll', expect: { tone: 'result', files: 1, charged: IMAGE, actions: NO_UPSCALE } },
  { id: 'edit-action', as: 'member', on: 'imagine', action: 'Edit', input: 'add a hat', expect: { tone: 'result', files: 1, charged: IMAGE, actions: WITH_UPSCALE } },
  {
    id: 'imagine-4',
    as: 'member',
    // A typed size wins over the aspect of the settings: 1024x1024 has a larger size, so U buttons too.
    run: '/imagine four foxes --n 4 --size 1024x1024',
    expect: { tone: 'result', files: 4, charged: 4 * IMAGE, actions: ['V1', 'V2', 'V3', 'V4', 'U1', 'U2', 'U3', 'U4', 'Reroll', 'Edit', 'Animate'] },
  },
  { id: 'vary-2', as: 'member', on: 'imagine-4', action: 'V2', expect: { tone: 'result', files: 1, charged: IMAGE, actions: WITH_UPSCALE } },
  { id: 'upscale-1', as: 'member', on: 'imagine-4', action: 'U1', expect: { tone: 'result', files: 1, charged: IMAGE, actions: NO_UPSCALE } },
  { id: 'animate', as: 'member', on: 'imagine', action: 'Animate', expect: { tone: 'info', files: 1, charged: 4 * VIDEO_PER_SECOND, actions: ['Refresh'], deliveredActions: ['Reroll'], says: '4 s from your settings' } },
  { id: 'balance', as: 'member', run: '/balance', expect: { tone: 'info', files: 0, charged: 0 } },
  { id: 'jobs', as: 'member', run: '/jobs', expect: { tone: 'info', files: 0, charged: 0 } },
  { id: 'help', as: 'member', run: '/help', expect: { tone: 'info', files: 0, charged: 0 } },
  // One image being made (slowed at the gateway), a second one of the member's waiting behind it: /queue names its place.
  {
    id: 'queue',
    as: 'member',
    run: '/queue',
    behind: ['/imagine a slow lighthouse', '/imagine a second lighthouse'],
    expect: { tone: 'info', files: 2, charged: 2 * IMAGE, says: 'number 1 in line', actions: ['Cancel j_*'], behind: ['result', 'result'] },
  },
  // A typed flag wins over the setting: 5 s asked, 4 s from the settings unused (not named with the settings used;
  // a bare '4 s' could match a failure reference such as 'XMHNP4 shows')
  {
    id: 'over-budget',
    as: 'member',
    run: '/video a storm at sea --seconds 5',
    expect: { tone: 'error', files: 0, charged: 0, failure: 'budget_exhausted', says: '16:9 from your settings', lacks: '4 s, 16:9' },
  },
  { id: 'words', as: 'admin', run: '/setup words add space* No space pictures here.', expect: { tone: 'info', files: 0, charged: 0 } },
  // Cyrillic а с е inside a Latin word: refused before any hold, whatever is left of the budget.
  { id: 'word-refused', as: 'member', run: '/imagine a sp\u0430\u0441\u0435ship', expect: { tone: 'error', files: 0, charged: 0, failure: 'prompt_blocked' } },
  // A channel rule: only /ask works here; the member's image is refused free, then the admin lifts the rule.
  { id: 'channel-only', as: 'admin', run: '/setup channel only ask', expect: { tone: 'info', files: 0, charged: 0 } },
  { id: 'channel-refused', as: 'member', run: '/imagine a lighthouse', expect: { tone: 'error', files: 0, charged: 0, failure: 'not_in_channel', says: 'does not work in this channel' } },
  { id: 'channel-reset', as: 'admin', run: '/setup channel reset', expect: { tone: 'info', files: 0, charged: 0 } },
  { id: 'channel-open', as: 'member', run: '/imagine a lighthouse', expect: { tone: 'result', files: 1, charged: IMAGE, actions: NO_UPSCALE } },
];

/** What a surface showed for one step: the neutral reply the dispatcher returned, and the surface's own rendering. */
export interface Shown {
  readonly reply: Reply;
  /** Everything the user saw for this step, as plain text (markup and escapes removed). */
  readonly text: string;
  /** The driver's own handle on the message carrying the result (for actions and attachments of later steps). */
  readonly ref: unknown;
  /** The action labels the surface rendered (button labels, or the console's typed hints), in order. */
  readonly actions: readonly string[];
}

/** A driver's mark of "now": what it had carried before a step began (opaque to the runner). */
export type Mark = unknown;

/** Plays steps on one surface. Every method waits until the surface finished rendering what it reports. */
export interface ScenarioDriver {
  /** `discord`, `telegram`, `console`. */
  readonly surface: string;
  readonly stack: TestStack;
  /** The core's actor for `who` on this surface (to read the ledger). */
  actor(who: Who): Actor;
  mark(): Mark;
  /** Files the surface carried to users since `mark` (uploads, photos, saved files). */
  filesSince(mark: Mark): number;
  /** Types `text` as `who` (with the first image of `attach`'s result attached) and waits for the rendered reply. */
  command(who: Who, text: string, attach?: Shown): Promise<Shown>;
  /** Takes the action labelled `label` on an earlier result as `who` (typing `input` when it asks) and waits. */
  action(who: Who, on: Shown, label: string, input?: string): Promise<Shown>;
  /**
   * Waits until the surface delivered the video `shown` started (since `mark`); returns what the user sees then: the
   * same reply, with `ref`, `text` and `actions` of the message carrying the video.
   */
  videoDelivered(mark: Mark, shown: Shown): Promise<Shown>;
  close(): Promise<void>;
}

/** One played step. */
export interface StepRecord {
  readonly id: string;
  readonly tone: Reply['tone'];
  readonly failure?: string;
  readonly title?: string;
  readonly files: number;
  /** Net micro-dollars the ledger charged during the step. */
  readonly charged: number;
  /** What the simulator billed the operator token during the step. */
  readonly billed: number;
  /** Holds still open after the step (0 once every job ended). */
  readonly openHolds: number;
  /** The reply's fields with job ids and dates blanked, for comparison across surfaces. */
  readonly fields: readonly string[];
  readonly actions: readonly string[];
  /** A video: the action labels offered with the delivered file. */
  readonly delivered?: readonly string[];
  /** The tones of the results of the step's `behind` commands. */
  readonly behind?: readonly Reply['tone'][];
  readonly text: string;
  readonly ms: number;
}

/** One surface's whole run. */
export interface ScenarioRun {
  readonly surface: string;
  readonly steps: readonly StepRecord[];
  /** Spent and held per person at the end, from the store. */
  readonly ledger: Readonly<Record<Who, { spent: number; held: number }>>;
  readonly netCharged: number;
  readonly billed: number;
  /** Jobs in creation order as `kind:status`. */
  readonly jobs: readonly string[];
  readonly ms: number;
}

const FINAL = new Set(['delivered', 'succeeded', 'failed', 'refunded', 'expired', 'released', 'undeliverable']);

/** Job ids (`j_…`), date-times and `/queue`'s time so far blanked, so replies of different runs compare equal. */
export function neutral(s: string): string {
  return s
    .replace(/\bj_[A-Za-z0-9]+/g, 'j_*')
    .replace(/\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?( ?UTC)?/g, '<time>')
    .replace(/\b\d+ s so far\b/g, '<elapsed> so far');
}

/** Polls `get` every 20 ms until it returns a value; rejects after `timeoutMs` naming `what`. */
export async function until<T>(get: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The first characters of what a reply shows first (its title, else its first block), whitespace collapsed. */
export function needleOf(reply: Reply): string {
  return (reply.title ?? reply.blocks[0] ?? '').replace(/\s+/g, ' ').trim().slice(0, 28);
}

/** Plain text as a surface rendered it: markup tags, HTML entities and Markdown escapes removed, whitespace collapsed. */
export function plain(s: string): string {
  return s
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How long the gateway holds the first `behind` command's image (long enough to type the rest and the step). */
const BEHIND_SLOW_MS = 1500;

/**
 * Types `commands` as `who` without waiting for their results: the first one's image is slowed at the gateway, and
 * each is typed once the one before stands where it should (the first being made, each next one in the fair-use
 * line), so places in line are the same on every surface. Returns the pending results, in order.
 */
async function startBehind(driver: ScenarioDriver, who: Who, commands: readonly string[]): Promise<Promise<Shown>[]> {
  driver.stack.sim.addFault({ kind: 'slow', endpoint: 'image', slowMs: BEHIND_SLOW_MS, times: 1 });
  const pending: Promise<Shown>[] = [];
  for (const [i, text] of commands.entries()) {
    const p = driver.command(who, text);
    p.catch(() => undefined); // awaited by the caller; a failure is reported there
    pending.push(p);
    await until(async () => {
      const items = (await driver.stack.core.queue(driver.actor(who), false)).items;
      const ready = i === 0 ? items.some((x) => x.phase === 'running') : items.filter((x) => x.phase === 'queued').length >= i;
      return ready ? true : undefined;
    }, `"${text}" to stand in line on ${driver.surface}`);
  }
  return pending;
}

async function waitJobEnded(driver: ScenarioDriver, who: Who, jobId: string): Promise<void> {
  await until(async () => {
    const j = await driver.stack.core.job(driver.actor(who), jobId);
    return j.ok && FINAL.has(j.value.status) ? true : undefined;
  }, `job ${jobId} to end on ${driver.surface}`);
}

/**
 * Plays `steps` on `driver`: each step's reply is awaited as the surface rendered it; a started video is awaited
 * until the surface delivered the file and the job settled. Records tone, files, money and bill per step.
 * A step that throws is recorded as tone `error` with failure `driver:<message>` and the run goes on.
 */
export async function playScenario(driver: ScenarioDriver, steps: readonly ScenarioStep[] = SCENARIO): Promise<ScenarioRun> {
  const { stack } = driver;
  const token = stack.sim.tokens.media;
  const started = Date.now();
  const shown = new Map<string, Shown>();
  const records: StepRecord[] = [];
  for (const step of steps) {
    const t0 = Date.now();
    const mark = driver.mark();
    const charged0 = await ledgerNetCharged(stack.store);
    const billed0 = stack.sim.spentMicros(token);
    let s: Shown;
    let delivered: Shown | undefined;
    const behindShown: Shown[] = [];
    try {
      if ('run' in step) {
        const attach = step.attach ? shown.get(step.attach) : undefined;
        if (step.attach && !attach) throw new Error(`step ${step.attach} showed nothing to attach`);
        const behind = step.behind?.length ? await startBehind(driver, step.as, step.behind) : [];
        s = await driver.command(step.as, step.run, attach);
        for (const b of await Promise.all(behind)) {
          behindShown.push(b);
          if (b.reply.jobId && b.reply.tone !== 'error') await waitJobEnded(driver, step.as, b.reply.jobId);
        }
      } else {
        const on = shown.get(step.on);
        if (!on) throw new Error(`step ${step.on} showed nothing to act on`);
        s = await driver.action(step.as, on, step.action, step.input);
      }
      const jobId = s.reply.jobId;
      if (jobId && s.reply.tone !== 'error') {
        const job = await stack.core.job(driver.actor(step.as), jobId);
        if (job.ok && job.value.kind === 'video') delivered = await driver.videoDelivered(mark, s);
        await waitJobEnded(driver, step.as, jobId);
      }
      // Later steps act on what the user sees last: the delivered video rather than its acknowledgment.
      shown.set(step.id, delivered ?? s);
    } catch (e) {
      records.push({ id: step.id, tone: 'error', failure: `driver: ${e instanceof Error ? e.message : String(e)}`, files: driver.filesSince(mark), charged: 0, billed: 0, openHolds: await openHolds(stack.store), fields: [], actions: [], text: '', ms: Date.now() - t0 });
      continue;
    }
    const r = s.reply;
    records.push({
      id: step.id,
      tone: r.tone,
      ...(r.failure ? { failure: r.failure.code } : {}),
      ...(r.title ? { title: neutral(r.title) } : {}),
      files: driver.filesSince(mark),
      charged: (await ledgerNetCharged(stack.store)) - charged0,
      billed: stack.sim.spentMicros(token) - billed0,
      openHolds: await openHolds(stack.store),
      fields: (r.fields ?? []).filter((f) => f.name !== 'Resets' && f.name !== 'Job').map((f) => `${neutral(f.name)}: ${neutral(f.value)}`),
      actions: s.actions.map(neutral),
      ...(delivered ? { delivered: delivered.actions } : {}),
      ...(behindShown.length ? { behind: behindShown.map((b) => b.reply.tone) } : {}),
      text: s.text,
      ms: Date.now() - t0,
    });
  }
  const ledger = {} as Record<Who, { spent: number; held: number }>;
  for (const who of ['admin', 'member'] as const) {
    const b = await stack.core.balance(driver.actor(who));
    ledger[who] = { spent: b.spentMicros, held: b.heldMicros };
  }
  const jobs = await stack.store.db.selectFrom('jobs').select(['kind', 'status']).orderBy('created_at').orderBy('id').execute();
  return {
    surface: driver.surface,
    steps: records,
    ledger,
    netCharged: await ledgerNetCharged(stack.store),
    billed: stack.sim.spentMicros(token),
    jobs: jobs.map((j) => `${j.kind}:${j.status}`),
    ms: Date.now() - started,
  };
}
