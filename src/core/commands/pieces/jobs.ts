import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import { FINAL_STATUSES, type JobView } from '../../api/jobs.js';
import { describeJobMoney, describeJobState } from '../../messages.js';
import { en } from '../words.js';
import type { CommandDefinition } from '../types.js';

/** Statuses after which a job no longer changes. */
const FINAL = new Set<string>(FINAL_STATUSES);

/** Whether the job is still moving (a video being made or delivered). */
export function isRunning(j: JobView): boolean {
  return !FINAL.has(j.status);
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** `/jobs`: the actor's recent jobs, one field each (id → kind · state · model · money outcome · prompt). */
export const jobsCommand: CommandDefinition = {
  name: 'jobs',
  get description() { return en('cmd-jobs'); },
  get help() { return en('cmd-jobs.help'); },
  usage: ['/jobs'],
  examples: ['/jobs'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [],
  async run(ctx) {
    const l = ctx.actor.locale ?? DEFAULT_LOCALE;
    const jobs = await ctx.core.jobs(ctx.actor, 10);
    if (jobs.length === 0) return { visibility: 'private', tone: 'info', title: t(l, 'jobs-title'), blocks: [t(l, 'jobs-none')] };
    const fields = jobs.map((j) => {
      const progress = j.kind === 'video' && isRunning(j) ? ` ${Math.round(j.progress)}%` : '';
      const state = `${describeJobState(l, j.state)}${progress}`;
      return { name: j.id, value: t(l, 'jobs-line', { kind: t(l, 'job-kind', { kind: j.kind }), state, model: j.model, money: describeJobMoney(l, j.money), prompt: oneLine(j.prompt, 40) }) };
    });
    return { visibility: 'private', tone: 'info', title: t(l, 'jobs-title'), blocks: [], fields };
  },
};
