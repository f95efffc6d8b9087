/**
 * Benchmark — billing expressions: what pricing a job by the gateway's `billing_expr` costs, on one core.
 * (a) compiling a published expression (done once per `/api/pricing` read, per distinct expression);
 * (b) an exact quote (every input known: a video at 1080p with audio, an image per quality);
 * (c) a quote held at the maximum (a text model's context tiers, a priority rule and a night-time rule: the
 *     evaluator tries every combination of prompt, completion and hour that can change a branch);
 * (d) refusing hostile expressions (5,000 nested parentheses; a 16 KiB chain; an unknown function).
 * Each figure is the time per operation over a batch; every quote is checked against its known price.
 * Targets: an exact quote ≤ 1 ms and a maximum ≤ 10 ms median (a gateway call takes hundreds of ms: quoting must
 * never show beside it); a refusal is bounded by the length, depth and node limits, not by the input's size.
 */
import { compileBillingExpr, quoteJob, type CompiledExpr } from '../src/core/billing-expr/index.js';
import type { Benchmark } from './lib/context.js';
import { median, msSince, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';

const B = 'billing-expr';
const BATCH = 2_000;
const CTX = { quotaPerUnit: 500_000, groupRatio: 1 };
const VIDEO = '(u("resolution") == "1080p" ? tier("1080p", u("seconds") * 0.4) : tier("720p", u("seconds") * 0.2)) * (param("generate_audio") == true ? 1.5 : 1)';
const IMAGE = 'v1:param("quality") == "high" ? tier("high", fixed(0.167)) : param("quality") == "medium" ? tier("medium", fixed(0.042)) : tier("low", fixed(0.011))';
const TEXT = 'len <= 200000 ? tier("short", p * 1.25 + c * 10) : tier("long", p * 2.5 + c * 15)|||when(param("service_tier") == "priority") * 2|||when(hour("UTC") >= 22 || hour("UTC") < 6) * 0.8';
const HOSTILE = ['('.repeat(5_000) + '1' + ')'.repeat(5_000), '1+'.repeat(8_000) + '1', 'surge(p) * 2'];

function compiled(src: string): CompiledExpr {
  const c = compileBillingExpr(src);
  if (!c.ok) throw new Error(`refused: ${c.refusal.reason}`);
  return c.expr;
}

/** Microseconds per call of `fn` over a batch, for each run. */
function perOp(runs: number, fn: (i: number) => void): number[] {
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) fn(i);
    out.push((msSince(start) * 1000) / BATCH);
  }
  return out;
}

export const billingExprBench: Benchmark = {
  name: B,
  async run(ctx) {
    const rows: Row[] = [];
    const compile = perOp(ctx.runs, () => compiled(TEXT));
    rows.push(row({ benchmark: B, figure: 'compile a published expression (token tiers + 2 rules)', median: median(compile), p99: p99(compile), unit: 'µs' }));
    const video = compiled(VIDEO);
    const image = compiled(IMAGE);
    const exact = perOp(ctx.runs, (i) => {
      const q = i % 2 === 0 ? quoteJob(video, { kind: 'video', seconds: 8, size: '1920x1080', audio: true }, CTX) : quoteJob(image, { kind: 'image', quality: 'high', n: 2 }, CTX);
      const want = i % 2 === 0 ? 4_800_000 : 334_000;
      if (!q.ok || q.micros !== want || !q.exact) throw new Error(`wrong quote ${JSON.stringify(q)}`);
    });
    rows.push(row({ benchmark: B, figure: 'exact quote of a job (video 1080p + audio; image per quality)', median: median(exact), p99: p99(exact), unit: 'µs', target: { op: '<=', value: 1_000 } }));
    const text = compiled(TEXT);
    const most = perOp(ctx.runs, () => {
      const q = quoteJob(text, { kind: 'text', promptTokens: 300_000, maxTokens: 1_024 }, CTX);
      if (!q.ok || q.exact || q.micros !== 765_360) throw new Error(`wrong maximum ${JSON.stringify(q)}`);
    });
    rows.push(row({ benchmark: B, figure: 'quote held at the maximum (text tiers, time rule)', median: median(most), p99: p99(most), unit: 'µs', target: { op: '<=', value: 10_000 } }));
    const hostile = perOp(ctx.runs, (i) => {
      if (compileBillingExpr(HOSTILE[i % HOSTILE.length]!).ok) throw new Error('a hostile expression compiled');
    });
    rows.push(row({ benchmark: B, figure: 'refuse a hostile expression (deep, long, unknown)', median: median(hostile), p99: p99(hostile), unit: 'µs' }));
    return rows;
  },
};
