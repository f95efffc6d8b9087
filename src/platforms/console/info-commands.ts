import { formatUsd } from '../../core/money.js';
import type { ConsoleContext } from './context.js';

/** `/balance`: the core's own balance text. */
export async function balance(ctx: ConsoleContext): Promise<void> {
  ctx.print((await ctx.core.balance(ctx.actor)).text);
}

/** `/models`: models the token reaches, with prices. */
export async function models(ctx: ConsoleContext): Promise<void> {
  const r = await ctx.core.models(ctx.actor);
  if (!r.ok) return ctx.print(`✗ ${ctx.core.explain(r.failure)}`);
  if (r.value.length === 0) return ctx.print('No models are available with this token.');
  const width = Math.max(...r.value.map((m) => m.id.length));
  for (const m of r.value) ctx.print(`  ${m.id.padEnd(width)}  ${m.kind.padEnd(5)}  ${m.priceText}${m.onSale || /not on sale/i.test(m.priceText) ? '' : ' (not on sale)'}`);
}

/** `/jobs`: the user's recent jobs. */
export async function jobs(ctx: ConsoleContext): Promise<void> {
  const list = await ctx.core.jobs(ctx.actor, 10);
  if (list.length === 0) return ctx.print('No jobs yet. Try /imagine a red fox');
  for (const j of list) {
    const cost = j.chargedMicros === null ? `held ${formatUsd(j.estimateMicros)}` : formatUsd(j.chargedMicros);
    ctx.print(`  ${j.id}  ${j.kind.padEnd(7)} ${j.status.padEnd(13)} ${cost.padEnd(12)} ${j.prompt.slice(0, 50)}`);
  }
}

/** `/job <id>`: one job in detail, with its kept files. */
export async function job(ctx: ConsoleContext, rest: string): Promise<void> {
  const id = rest.trim();
  if (id === '') return ctx.print('Usage: /job <id>   (ids are listed by /jobs)');
  const r = await ctx.core.job(ctx.actor, id);
  if (!r.ok) return ctx.print(`✗ ${ctx.core.explain(r.failure)}`);
  const j = r.value;
  ctx.print(`Job ${j.id}: ${j.kind} with ${j.model}, ${j.status} (${Math.round(j.progress)}%)`);
  ctx.print(`  prompt: ${j.prompt}`);
  if (j.seconds) ctx.print(`  length: ${j.seconds} s`);
  if (j.size) ctx.print(`  size: ${j.size}`);
  ctx.print(`  estimate ${formatUsd(j.estimateMicros)}, charged ${j.chargedMicros === null ? '-' : formatUsd(j.chargedMicros)}`);
  if (j.errorCode) ctx.print(`  ended with: ${j.errorCode}`);
  for (const o of j.outputs ?? []) ctx.print(`  file: ${o.path} (${o.mime}, ${o.bytes} bytes)`);
}

/** `/ask <prompt>`: a text answer. */
export async function ask(ctx: ConsoleContext, rest: string): Promise<void> {
  if (rest.trim() === '') return ctx.print('Usage: /ask <question>');
  const r = await ctx.core.ask({ ...ctx.actor, prompt: rest.trim() });
  if (!r.ok) return ctx.print(`✗ ${ctx.core.explain(r.failure)}`);
  ctx.print(r.value.text);
  ctx.print(`  ${r.value.model}, ${r.value.totalTokens} tokens, charged ${formatUsd(r.value.costMicros)}`);
}

/** The text of `/help`. */
export function helpText(): string {
  return [
    'Commands:',
    '  /imagine <prompt> [--ar 16:9] [--size WxH] [--model id] [--n 2]   make images',
    '  /edit <file> [<file> <file>] <instruction> [--size WxH]           edit local images',
    '  /video <prompt> [--seconds 6] [--ar 16:9] [--image <file>]        make a video (delivered when ready)',
    '  /ask <question>                                                   ask a text model',
    '  /balance   /models   /jobs   /job <id>   /usage [day|week|month|total]',
    '  /budget default <amount> [period] | set <user> <amount> [period] | clear <user>',
    '          | pool <amount|none> [period] | block <user> | unblock <user>',
    '          | adjust <user> <±amount> [note] | show [user] | timezone <Area/City>',
    '  /help   /quit',
  ].join('\n');
}
