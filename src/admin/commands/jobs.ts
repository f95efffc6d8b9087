import { existsSync } from 'node:fs';
import { formatUsd } from '../../core/money.js';
import { newSortableId } from '../../store/ids.js';
import { flag, expectArity, type ParsedArgs } from '../args.js';
import { OPERATOR, type AdminContext } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { formatTime, renderTable } from '../format.js';
import { parseRef, scopeId } from '../refs.js';

/** The forms of `jobs`. */
export const JOBS_USAGE = ['jobs list [--scope <scope>] [--status <status>] [--limit n]', 'jobs inspect <id>', 'jobs retry-delivery <id>'];

/** Statuses from which `retry-delivery` may re-queue a job whose result is kept on disk. */
const RETRYABLE = ['undeliverable', 'delivering'] as const;

function baseQuery(ctx: AdminContext) {
  return ctx.store.db
    .selectFrom('jobs as j')
    .innerJoin('scopes as s', 's.id', 'j.scope_id')
    .innerJoin('users as u', 'u.id', 'j.user_id')
    .selectAll('j')
    .select(['s.platform as scope_platform', 's.external_id as scope_external', 'u.platform as user_platform', 'u.external_id as user_external']);
}

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
  let q = baseQuery(ctx).orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(Number(limitText));
  const scopeText = flag(a, 'scope');
  if (scopeText !== undefined) q = q.where('j.scope_id', '=', await scopeId(ctx.store.db, ctx.store.directory, parseRef(scopeText, 'scope'), false));
  const status = flag(a, 'status');
  if (status !== undefined) q = q.where('j.status', '=', status);
  const rows = await q.execute();
  if (rows.length === 0) {
    ctx.print('No jobs.');
    return;
  }
  ctx.print(
    renderTable(
      ['id', 'kind', 'status', 'scope', 'user', 'model', 'charged', 'created', 'prompt'],
      rows.map((r) => [r.id, r.kind, r.status, `${r.scope_platform}:${r.scope_external}`, `${r.user_platform}:${r.user_external}`, r.model, r.charged_micros === null ? '-' : formatUsd(r.charged_micros), formatTime(r.created_at), r.prompt]),
      40,
    ),
  );
}

/** Parses a JSON column, hiding interaction tokens (they grant posting rights for 15 minutes). */
function safeJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text, (k, v: unknown) => (k === 'token' && typeof v === 'string' ? '[hidden]' : v));
  } catch {
    return text;
  }
}

async function inspect(ctx: AdminContext, id: string): Promise<void> {
  const r = await baseQuery(ctx).where('j.id', '=', id).executeTakeFirst();
  if (!r) throw new CliError(`no job ${id}`);
  const fields: [string, string][] = [
    ['id', r.id],
    ['kind', r.kind],
    ['status', r.status],
    ['scope', `${r.scope_platform}:${r.scope_external}`],
    ['user', `${r.user_platform}:${r.user_external}`],
    ['model', r.model],
    ['prompt', r.prompt],
    ['params', JSON.stringify(safeJson(r.params))],
    ['token source', r.token_source],
    ['estimate', formatUsd(r.estimate_micros)],
    ['charged', r.charged_micros === null ? '-' : formatUsd(r.charged_micros)],
    ['hold', r.hold_id ?? '-'],
    ['remote task', r.remote_task_id ?? '-'],
    ['progress', `${r.progress}%`],
    ['delivery', JSON.stringify(safeJson(r.delivery))],
    ['delivered', r.delivered === null ? '-' : JSON.stringify(safeJson(r.delivered))],
    ['output', r.output_path ? `${r.output_path}${existsSync(r.output_path) ? '' : ' (missing)'} until ${formatTime(r.output_expires_at)}` : '-'],
    ['error', r.error_code ? `${r.error_code}${r.error_detail ? `: ${r.error_detail}` : ''}` : '-'],
    ['attempts', String(r.attempts)],
    ['lease', r.lease_owner ? `${r.lease_owner} until ${formatTime(r.lease_expires_at)}` : '-'],
    ['next poll', formatTime(r.next_poll_at)],
    ['deadline', formatTime(r.deadline_at)],
    ['created', formatTime(r.created_at)],
    ['updated', formatTime(r.updated_at)],
    ['finished', formatTime(r.finished_at)],
  ];
  const width = Math.max(...fields.map(([k]) => k.length));
  ctx.print(fields.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}

/**
 * Puts a job whose result is kept on disk back into `delivering`, due now and unleased, so the running poller
 * posts it again. Conditional on the status (undeliverable or a stuck delivering) and audited in one transaction.
 */
async function retryDelivery(ctx: AdminContext, id: string): Promise<void> {
  const db = ctx.store.db;
  const job = await db.selectFrom('jobs').select(['status', 'output_path', 'scope_id', 'kind']).where('id', '=', id).executeTakeFirst();
  if (!job) throw new CliError(`no job ${id}`);
  if (job.kind !== 'video') throw new CliError(`job ${id} is a ${job.kind} job; only video results are re-delivered by the poller`);
  if (!(RETRYABLE as readonly string[]).includes(job.status)) throw new CliError(`job ${id} is ${job.status}; only ${RETRYABLE.join(' or ')} jobs can be re-delivered`);
  if (!job.output_path || !existsSync(job.output_path)) throw new CliError(`job ${id} has no kept result on disk any more (retention expired?)`);
  const now = ctx.now();
  const applied = await db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('jobs')
      .set({ status: 'delivering', next_poll_at: now, lease_owner: null, lease_expires_at: null, attempts: 0, error_code: null, error_detail: null, finished_at: null, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', RETRYABLE)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await tx
      .insertInto('audit_log')
      .values({ id: newSortableId('au', now), actor: OPERATOR, scope_id: job.scope_id, action: 'job.retry_delivery', before: JSON.stringify({ jobId: id, status: job.status }), after: JSON.stringify({ jobId: id, status: 'delivering' }), created_at: now })
      .execute();
    return true;
  });
  if (!applied) throw new CliError(`job ${id} changed status meanwhile; look again with \`jobs inspect ${id}\``);
  ctx.print(`Job ${id} is queued for delivery again; the running bot will post it on its next poll.`);
}
