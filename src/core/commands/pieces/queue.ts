import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import { formatDuration } from '../../i18n/format.js';
import type { QueueItem } from '../../api/jobs.js';
import { choiceOf, en } from '../words.js';
import type { CommandDefinition } from '../types.js';
import { cancelAction, failureReply, str } from '../reply-kit.js';

/** Most Cancel buttons under one `/queue` (the rest are cancelled with `/queue cancel <id>`). */
const MAX_CANCEL_BUTTONS = 5;

/**
 * `/queue`: the member's queued and running jobs in this community with their place in line, time so far and (videos)
 * time left, and how many jobs of the community wait and run; admins see every member's. `/queue cancel <id>` takes a
 * job the gateway has not taken out of the line (its hold released, nothing charged) and refuses, saying why, one the
 * gateway already has.
 */
export const queueCommand: CommandDefinition = {
  name: 'queue',
  get description() { return en('cmd-queue'); },
  get help() { return en('cmd-queue.help'); },
  usage: ['/queue', '/queue cancel <job>'],
  examples: ['/queue', '/queue cancel j_abc123'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [
    { name: 'action', kind: 'choice', get description() { return en('cmd-queue-opt-action'); }, choices: [choiceOf('cancel', 'choice-queue-cancel')] },
    { name: 'job', kind: 'job', get description() { return en('cmd-queue-opt-job'); } },
  ],
  async run(ctx, args) {
    const l = ctx.actor.locale ?? DEFAULT_LOCALE;
    const admin = (await ctx.role()) !== 'member';
    const job = str(args, 'job');
    if (str(args, 'action') === 'cancel' || job !== undefined) {
      if (job === undefined) return { visibility: 'private', tone: 'error', blocks: [t(l, 'queue-cancel-which', { cmd: ctx.surface.commandHint('queue') })] };
      const r = await ctx.core.cancelJob(ctx.actor, job, admin);
      if (!r.ok) return failureReply(ctx, r.failure);
      const kind = t(l, 'job-kind', { kind: r.value.kind });
      return { visibility: 'private', tone: 'info', title: t(l, 'queue-cancelled-title'), blocks: [t(l, 'queue-cancelled', { id: r.value.jobId, kind, held: r.value.held ? 'yes' : 'no' })] };
    }
    const view = await ctx.core.queue(ctx.actor, admin);
    const community = t(l, 'queue-community', { waiting: view.waiting, running: view.running });
    const title = t(l, view.all ? 'queue-title-all' : 'queue-title');
    if (view.items.length === 0) return { visibility: 'private', tone: 'info', title, blocks: [t(l, view.all ? 'queue-none-all' : 'queue-none'), community] };
    const fields = view.items.map((i) => ({ name: i.jobId, value: itemLine(l, i, view.all) }));
    const actions = view.items
      .filter((i) => i.phase !== 'running' && (i.mine || view.all))
      .slice(0, MAX_CANCEL_BUTTONS)
      .map((i) => ({ ...cancelAction(i.jobId, l), label: t(l, 'action-cancel-job', { id: i.jobId }) }));
    return { visibility: 'private', tone: 'info', title, blocks: [community], fields, ...(actions.length ? { actions } : {}) };
  },
};

/** "image · gpt-image-1 · number 2 in line · 12 s" (admins: the member first). */
function itemLine(l: string, i: QueueItem, all: boolean): string {
  const where =
    i.phase === 'queued'
      ? t(l, 'queue-phase-queued', { position: i.position ?? 0 })
      : i.phase === 'waiting'
        ? t(l, 'queue-phase-waiting', { ahead: Math.max(0, (i.position ?? 1) - 1) })
        : t(l, 'queue-phase-running');
  const parts = [t(l, 'job-kind', { kind: i.kind }), ...(i.model ? [i.model] : []), where, t(l, 'queue-elapsed', { elapsed: formatDuration(l, Math.max(1_000, i.elapsedMs)) })];
  if (i.etaSeconds !== undefined) parts.push(i.etaSeconds > 0 ? t(l, 'queue-eta', { eta: formatDuration(l, i.etaSeconds * 1000) }) : t(l, 'queue-eta-overdue'));
  if (all) parts.unshift(t(l, 'queue-member', { user: i.userExternalId, mine: i.mine ? 'yes' : 'no' }));
  return parts.join(' · ');
}
