import type { JobView } from '../../api.js';
import { en } from '../words.js';
import { formatUsd } from '../../money.js';
import type { CommandDefinition } from '../types.js';

/** Statuses after which a job no longer changes. */
const FINAL = new Set<JobView['status']>(['delivered', 'succeeded', 'failed', 'refunded', 'expired', 'released', 'undeliverable']);

/** Whether the job is still moving (a video being made or delivered). */
export function isRunning(j: JobView): boolean {
  return !FINAL.has(j.status);
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** `/jobs`: the actor's recent jobs, one field each (id → kind · status · model · money · prompt). */
export const jobsCommand: CommandDefinition = {
  name: 'jobs',
  description: en('cmd-jobs'),
  help: en('cmd-jobs.help'),
  usage: ['/jobs'],
  examples: ['/jobs'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [],
  async run(ctx) {
    const jobs = await ctx.core.jobs(ctx.actor, 10);
    if (jobs.length === 0) return { visibility: 'private', tone: 'info', title: 'Your jobs', blocks: ['You have no jobs yet.'] };
    const fields = jobs.map((j) => {
      const money = j.chargedMicros !== null ? formatUsd(j.chargedMicros) : `est. ${formatUsd(j.estimateMicros)}`;
      const progress = j.kind === 'video' && isRunning(j) ? ` ${Math.round(j.progress)}%` : '';
      return { name: j.id, value: `${j.kind} · ${j.status}${progress} · ${j.model} · ${money} · ${oneLine(j.prompt, 40)}` };
    });
    return { visibility: 'private', tone: 'info', title: 'Your jobs', blocks: [], fields };
  },
};
