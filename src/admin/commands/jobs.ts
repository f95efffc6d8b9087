import { existsSync } from 'node:fs';
import type { JobStatus } from '../../core/api/surface.js';
import { formatUsd } from '../../core/money.js';
import type { JobListing } from '../../core/ports/job-admin.js';
import { flag, expectArity, type ParsedArgs } from '../args.js';
import { OPERATOR, type AdminContext } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { formatTime, renderTable } from '../format.js';
import { parseRef, refText, scopeId } from '../refs.js';

/** The forms of `jobs`. */
export const JOBS_USAGE = ['jobs list [--scope <scope>] [--status <status>] [--limit n]', 'jobs inspect <id>', 'jobs retry-delivery <id>'];

/** Statuses from which `retry-delivery` may re-queue a job whose result is kept on disk. */
const RETRYABLE: readonly JobStatus[] = ['undeliverable', 'delivering'];

const scopeOf = (j: JobListing) => refText(j.scope.platform, j.scope.externalId);
const userOf = (j: JobListing) => refText(j.user.platform, j.user.externalId);

/** Runs `jobs list|inspect|retry-delivery`. */
export async function jobsCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  const [op, ...rest] = args.positional;
  const a: ParsedArgs = { positional: rest, flags: args.flags };
  switch (op) {
    case 'list':
      expectArity(a, 0, 0, JOBS_USAGE[0]!);
      return list(ctx, a);
    case 'inspect':
      expectArity(a, 1, 1, JOBS_USAGE[1]!);
      return inspect(ctx, rest[0]!);
    case 'retry-delivery':
      expectArity(a, 1, 1, JOBS_USAGE[2]!);
      return retryDelivery(ctx, rest[0]!);
    default:
      throw new UsageError(`usage:\n  ${JOBS_USAGE.join('\n  ')}`);
  }
}

async function list(ctx: AdminContext, a: ParsedArgs): Promise<void> {
  const limitText = flag(a, 'limit') ?? '50';
  if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1) throw new UsageError('--limit must be a whole number from 1 to 9999');
  const scopeText = flag(a, 'scope');
  const status = flag(a, 'status');
  const rows = await ctx.store.jobAdmin.list({
    limit: Number(limitText),
    ...(scopeText !== undefined ? { scopeId: await scopeId(ctx.store.directory, parseRef(scopeText, 'scope'), false) } : {}),
    ...(status !== undefined ? { status } : {}),
  });
  if (rows.length === 0) {
    ctx.print('No jobs.');
    return;
  }
  ctx.print(
    renderTable(
      ['id', 'kind', 'status', 'scope', 'user', 'model', 'charged', 'created', 'prompt'],
      rows.map((r) => [r.id, r.kind, r.status, scopeOf(r), userOf(r), r.model, r.chargedMicros === null ? '-' : formatUsd(r.chargedMicros), formatTime(r.createdAt), r.prompt]),
      40,
    ),
  );
}

/** A stored value as JSON text, hiding `token` fields (a Discord interaction token grants posting rights for 15 minutes). */
function safeJson(value: unknown): string {
  return JSON.stringify(value, (k, v: unknown) => (k === 'token' && typeof v === 'string' ? '[hidden]' : v)) ?? 'null';
}

async function inspect(ctx: AdminContext, id: string): Promise<void> {
  const r = await ctx.store.jobAdmin.inspect(id);
  if (!r) throw new CliError(`no job ${id}`);
  const fields: [string, string][] = [
    ['id', r.id],
    ['kind', r.kind],
    ['status', r.status],
    ['scope', scopeOf(r)],
    ['user', userOf(r)],
    ['model', r.model],
    ['prompt', r.prompt],
    ['params', safeJson(r.params)],
    ['token source', r.tokenSource],
    ['estimate', formatUsd(r.estimateMicros)],
    ['charged', r.chargedMicros === null ? '-' : formatUsd(r.chargedMicros)],
    ['hold', r.holdId ?? '-'],
    ['remote task', r.remoteTaskId ?? '-'],
    ['progress', `${r.progress}%`],
    ['delivery', safeJson(r.delivery)],
    ['delivered', r.delivered === null ? '-' : safeJson(r.delivered)],
    ['output', r.outputPath ? `${r.outputPath}${existsSync(r.outputPath) ? '' : ' (missing)'} until ${formatTime(r.outputExpiresAt)}` : '-'],
    ['error', r.errorCode ? `${r.errorCode}${r.errorDetail ? `: ${r.errorDetail}` : ''}` : '-'],
    ['attempts', String(r.attempts)],
    ['lease', r.leaseOwner ? `${r.leaseOwner} until ${formatTime(r.leaseExpiresAt)}` : '-'],
    ['next poll', formatTime(r.nextPollAt)],
    ['deadline', formatTime(r.deadlineAt)],
    ['created', formatTime(r.createdAt)],
    ['updated', formatTime(r.updatedAt)],
    ['finished', formatTime(r.finishedAt)],
  ];
  const width = Math.max(...fields.map(([k]) => k.length));
  ctx.print(fields.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}

/**
 * Puts a video job back into `delivering`, due now and unleased, so the running poller posts it again: from the file
 * kept on disk, or, when none is kept (the download from the gateway kept failing, or retention expired), after
 * downloading it again from the gateway's task (the poller's delivery step sends a job without its file back to
 * `downloading`) — which works while the gateway still keeps the task. Conditional on the status (undeliverable or a
 * stuck delivering) and audited in one transaction.
 */
async function retryDelivery(ctx: AdminContext, id: string): Promise<void> {
  const job = await ctx.store.jobAdmin.inspect(id);
  if (!job) throw new CliError(`no job ${id}`);
  if (job.kind !== 'video') throw new CliError(`job ${id} is a ${job.kind} job; only video results are re-delivered by the poller`);
  if (!RETRYABLE.includes(job.status)) throw new CliError(`job ${id} is ${job.status}; only ${RETRYABLE.join(' or ')} jobs can be re-delivered`);
  const kept = job.outputPath !== null && existsSync(job.outputPath);
  if (!kept && !job.remoteTaskId) throw new CliError(`job ${id} has no kept result on disk and no gateway task to download it from again`);
  const r = await ctx.store.jobAdmin.requeueDelivery(id, RETRYABLE, OPERATOR, ctx.now());
  if (!r.ok) throw new CliError(`job ${id} changed status meanwhile; look again with \`jobs inspect ${id}\``);
  ctx.print(
    kept
      ? `Job ${id} is queued for delivery again; the running bot will post it on its next poll.`
      : `Job ${id} is queued for delivery again. No file is kept, so the running bot will first download the video again from the gateway (task ${job.remoteTaskId}); if the gateway no longer has it, the job ends undeliverable again and the user is told.`,
  );
}
