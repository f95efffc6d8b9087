import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compileBillingExpr,
  evaluate,
  LIMITS,
  priceVariants,
  quoteExpr,
  quoteJob,
  readJsonPath,
  roundHalfAway,
  taskFacts,
  toQuota,
  type CompiledExpr,
  type EvalEnv,
  type PriceContext,
  type QuoteInput,
} from '../../src/core/billing-expr/index.js';

const ctx: PriceContext = { quotaPerUnit: 500_000, groupRatio: 1 };

function compiled(src: string): CompiledExpr {
  const r = compileBillingExpr(src);
  if (!r.ok) throw new Error(`refused: ${r.refusal.reason} ${r.refusal.detail}`);
  return r.expr;
}

/** Evaluates with every input given (no enumeration). */
function run(src: string, over: Partial<EvalEnv> & { tokens?: Record<string, number>; usage?: Record<string, number | string>; body?: Record<string, unknown> } = {}) {
  const env: EvalEnv = {
    token: (n) => over.tokens?.[n] ?? 0,
    param: (p) => readJsonPath(over.body ?? {}, p),
    header: () => null,
    usage: (k) => {
      const v = over.usage?.[k];
      if (v === undefined) throw new Error(`fact ${k}`);
      return v;
    },
    time: () => 12,
    ...over,
  };
  return evaluate(compiled(src), env);
}

function quote(src: string, input: QuoteInput, c: PriceContext = ctx, task?: boolean) {
  return quoteExpr(compiled(src), input, c, task);
}

describe('billing expressions: the language', () => {
  it('reads numbers, strings, bools, nil, comparisons, logic, arithmetic, ternaries and parentheses', () => {
    expect(run('1 + 2 * 3 - 4 / 2 % 3').value).toBe(1 + 6 - (2 % 3));
    expect(run('(1 + 2) * 3').value).toBe(9);
    expect(run('-2 * -3 + +1').value).toBe(7);
    expect(run('1_000 * 0.5e-3').value).toBe(0.5);
    expect(run('"a" == "a" && 1 != 2 && !(3 < 2) && 2 <= 2 && 3 > 2 && 3 >= 3 ? 10 : 20').value).toBe(10);
    expect(run('true || false ? (nil == nil ? 1 : 2) : 3').value).toBe(1);
    expect(run('1 < 2 and not (2 < 1) or false ? 4 : 5').value).toBe(4);
    expect(run("'it\\'s' == \"it's\" ? 1 : 0").value).toBe(1);
    // Ternaries nest to the right, as in expr-lang.
    expect(run('false ? 1 : true ? 2 : 3').value).toBe(2);
  });

  it('accepts the v1: prefix (no prefix is v1) and refuses other versions', () => {
    expect(run('v1:tier("base", 2)').value).toBe(2);
    expect(run('  v1 : 3').value).toBe(3);
    expect(compileBillingExpr('v2:tier("base", 2)')).toMatchObject({ ok: false, refusal: { reason: 'unsupported' } });
  });

  it('matches the last tier() evaluated', () => {
    expect(run('tier("a", 1) + tier("b", 2)').tier).toBe('b');
    expect(run('len <= 200000 ? tier("short", p * 2.5) : tier("long", p * 5)', { tokens: { len: 250_000, p: 250_000 } })).toMatchObject({ tier: 'long', value: 1_250_000 });
    expect(run('3').tier).toBeNull();
  });

  it('functions: param (JSON path, nil when absent), header, has, max min abs ceil floor, time', () => {
    const body = { quality: 'high', extra: { service_tier: 'priority' }, list: [{ x: 3 }], generate_audio: true };
    expect(run('param("quality") == "high" ? 1 : 0', { body }).value).toBe(1);
    expect(run('param("extra.service_tier") == "priority" ? 1 : 0', { body }).value).toBe(1);
    expect(run('param("list.0.x") * 2', { body }).value).toBe(6);
    expect(run('param("missing") == nil ? 1 : 0', { body }).value).toBe(1);
    expect(run('param("generate_audio") == true ? 2 : 1', { body }).value).toBe(2);
    expect(run('has(header("x-tier"), "gold") ? 5 : 1', { header: () => 'gold-plus' }).value).toBe(5);
    expect(run('has(header("x-tier"), "gold") ? 5 : 1').value).toBe(1);
    expect(run('max(1, 7, 3) + min(4, 2) + abs(-3) + ceil(1.2) + floor(1.8)').value).toBe(7 + 2 + 3 + 2 + 1);
    expect(run('hour("Asia/Shanghai") >= 12 ? 1 : 0').value).toBe(1);
  });

  it('token variables are USD per 1M tokens; fixed() is USD per request (× 1e6)', () => {
    const e = compiled('tier("base", p * 2.5 + c * 10)');
    expect(quoteExpr(e, { body: {}, tokens: { prompt: 1_000_000, completion: 0 } }, ctx)).toMatchObject({ ok: true, micros: 2_500_000, exact: true });
    expect(quoteExpr(e, { body: {}, tokens: { prompt: 0, completion: 100_000 } }, ctx)).toMatchObject({ micros: 1_000_000 });
    expect(run('tier("img", fixed(0.04))').value).toBe(40_000);
    // fixed() × the image count.
    expect(quote('tier("img", fixed(0.04))', { body: {}, imageCount: 3 })).toMatchObject({ ok: true, micros: 120_000, quota: 60_000 });
  });

  it('subtracts the sub-categories the expression names from p and c', () => {
    const e = 'tier("base", p * 3 + cr * 0.3 + c * 15 + img_o * 40)';
    const q = quote(e, { body: {}, tokens: { prompt: 1_000_000, completion: 1_000_000, sub: { cr: 400_000, img_o: 500_000 } } });
    // p = 600k → $1.80, cr 400k → $0.12, c = 500k → $7.50, img_o 500k → $20.
    expect(q).toMatchObject({ ok: true, micros: 29_420_000, exact: true });
  });

  it('request multipliers: `base|||when(cond) * m` and `(base) * (cond ? m : 1)` price the same and log the rules', () => {
    const pipes = 'tier("base", p * 2 + c * 8)|||when(param("service_tier") == "priority") * 2|||when(param("stream") == true) * 1.5';
    const factors = '(tier("base", p * 2 + c * 8)) * (param("service_tier") == "priority" ? 2 : 1) * (param("stream") == true ? 1.5 : 1)';
    for (const body of [{}, { service_tier: 'priority' }, { service_tier: 'priority', stream: true }]) {
      const input = { body, tokens: { prompt: 1000, completion: 500 } };
      const a = quote(pipes, input);
      const b = quote(factors, input);
      expect(a.ok && b.ok && a.micros === b.micros).toBe(true);
    }
    const q = quote(pipes, { body: { service_tier: 'priority' }, tokens: { prompt: 1_000_000, completion: 0 } });
    expect(q).toMatchObject({ ok: true, micros: 4_000_000, tier: 'base' });
    expect(q.ok && q.rules).toEqual([
      { cond: 'when(param("service_tier") == "priority") * 2', multiplier: 2, matched: true },
      { cond: 'when(param("stream") == true) * 1.5', multiplier: 1.5, matched: false },
    ]);
  });

  it('task expressions return USD: per second, enum tiers joined with &&, a constant plus several u() terms', () => {
    const perSecond = compiled('tier("base", u("seconds") * 0.4)');
    expect(quoteExpr(perSecond, { body: {}, usage: { seconds: 5 } }, ctx)).toMatchObject({ ok: true, micros: 2_000_000, quota: 1_000_000, exact: true });
    const modes = 'u("mode") == "pro" && u("resolution") == "1080p" ? tier("pro-1080p", u("seconds") * 0.9) : u("mode") == "pro" ? tier("pro", u("seconds") * 0.7) : tier("std", u("seconds") * 0.35)';
    expect(quote(modes, { body: {}, usage: { seconds: 10, mode: 'pro', resolution: '1080p' } }, ctx, true)).toMatchObject({ micros: 9_000_000, tier: 'pro-1080p', exact: true });
    expect(quote(modes, { body: {}, usage: { seconds: 10, mode: 'std', resolution: '1080p' } }, ctx, true)).toMatchObject({ micros: 3_500_000, tier: 'std' });
    expect(quote('tier("base", 0.1 + u("seconds") * 0.05 + u("count") * 0.02)', { body: {}, usage: { seconds: 6, count: 2 } }, ctx, true)).toMatchObject({ micros: 440_000 });
  });

  it('taskFacts reads seconds (default 4), size and resolution from the request body like the gateway', () => {
    expect(taskFacts({ seconds: '8', size: '1280x720' })).toEqual({ seconds: 8, size: '1280x720', resolution: '720p' });
    expect(taskFacts({ size: '1080x1920' })).toEqual({ seconds: 4, size: '1080x1920', resolution: '1080p' });
    expect(taskFacts({ seconds: 'eight', resolution: '4k' })).toEqual({ seconds: 4, resolution: '4k' });
  });
});

describe('billing expressions: conversion to money', () => {
  it('quota = value / 1e6 × quota_per_unit × group ratio (tokens, fixed); value × quota_per_unit × group ratio (tasks)', () => {
    expect(toQuota(2_500_000, false, ctx)).toBe(1_250_000);
    expect(toQuota(2_500_000, false, { quotaPerUnit: 500_000, groupRatio: 1.5 })).toBe(1_875_000);
    expect(toQuota(0.4, true, { quotaPerUnit: 500_000, groupRatio: 0.8 })).toBe(160_000);
    expect(quote('tier("base", u("seconds") * 0.4)', { body: {}, usage: { seconds: 5 } }, { quotaPerUnit: 1_000_000, groupRatio: 2 })).toMatchObject({ quota: 4_000_000, micros: 4_000_000 });
  });

  it('rounds half away from zero and lifts a positive charge below 10 quota to 10', () => {
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundHalfAway(2.4999)).toBe(2);
    expect(toQuota(7, false, ctx, 1)).toBe(10); // 7 / 1e6 × 500,000 = 3.5 → 4 → the minimum 10
    expect(toQuota(7, false, { ...ctx, minQuota: 0 })).toBe(4);
    expect(toQuota(0, false, ctx)).toBe(0);
    expect(toQuota(-5, true, ctx)).toBe(0);
  });
});

describe('billing expressions: quoting with unknown inputs', () => {
  it('an unknown enum is held at the most expensive branch, marked not exact', () => {
    const e = 'u("mode") == "pro" ? tier("pro", u("seconds") * 0.7) : tier("std", u("seconds") * 0.35)';
    expect(quote(e, { body: {}, usage: { seconds: 10 } }, ctx, true)).toMatchObject({ ok: true, micros: 7_000_000, tier: 'pro', exact: false });
    // The branch for "anything else" counts too.
    const other = 'u("mode") == "std" ? tier("std", u("seconds") * 0.3) : tier("other", u("seconds") * 0.5)';
    expect(quote(other, { body: {}, usage: { seconds: 10 } }, ctx, true)).toMatchObject({ micros: 5_000_000, tier: 'other', exact: false });
  });

  it('text: prompt and completion bounded by the estimate and max tokens, across context tiers', () => {
    const e = compiled('len <= 200000 ? tier("short", p * 2.5 + c * 15) : tier("long", p * 5 + c * 22.5)');
    expect(quoteJob(e, { kind: 'text', promptTokens: 1000, maxTokens: 500 }, ctx)).toMatchObject({ ok: true, micros: 10_000, exact: false, tier: 'short' });
    // A prompt that may cross the tier boundary is held at the long tier.
    expect(quoteJob(e, { kind: 'text', promptTokens: 300_000, maxTokens: 1000 }, ctx)).toMatchObject({ micros: 1_522_500, tier: 'long' });
    // After the call: exact.
    expect(quoteJob(e, { kind: 'text', promptTokens: 1000, maxTokens: 500, completionTokens: 100 }, ctx)).toMatchObject({ micros: 4_000, exact: true });
  });

  it('time rules are held at their most expensive hour unless the moment is given', () => {
    const e = 'tier("base", p * 2)|||when(hour("UTC") >= 22 || hour("UTC") < 6) * 0.5';
    const input = { body: {}, tokens: { prompt: 1_000_000, completion: 0 } };
    expect(quote(e, input)).toMatchObject({ micros: 2_000_000, exact: false });
    expect(quote(e, { ...input, now: Date.UTC(2026, 10, 27, 23, 0) })).toMatchObject({ micros: 1_000_000, exact: true });
    expect(quote('weekday("UTC") == 6 ? 2 : 1', { body: {}, now: Date.UTC(2026, 10, 28, 12, 0) }, ctx, true)).toMatchObject({ quota: 1_000_000 });
  });

  it('an unknown input used in arithmetic without a ceiling is "no price", never a guess', () => {
    expect(quote('tier("base", u("tokens") * 0.00001)', { body: {}, usage: { seconds: 5 } }, ctx, true)).toMatchObject({ ok: false, refusal: { reason: 'unbounded' } });
    // Tokens without a max on an image model: unknowable.
    expect(quote('tier("base", img_o * 40)', { body: {} })).toMatchObject({ ok: false, refusal: { reason: 'unbounded' } });
  });

  it('too many combinations of unknown inputs is refused', () => {
    const many = Array.from({ length: 13 }, (_, i) => `(u("k${i}") == "a" ? 2 : 1)`).join(' * ');
    expect(quote(many, { body: {} }, ctx, true)).toMatchObject({ ok: false, refusal: { reason: 'too_complex' } });
  });

  it('an ill-typed expression is refused (type_error), whatever the inputs', () => {
    expect(quote('param("quality") * 2', { body: {} })).toMatchObject({ ok: false, refusal: { reason: 'type_error' } });
    expect(quote('"a" < 2 ? 1 : 2', { body: {} })).toMatchObject({ ok: false, refusal: { reason: 'type_error' } });
    expect(quote('1 ? 2 : 3', { body: {} })).toMatchObject({ ok: false, refusal: { reason: 'type_error' } });
    expect(quote('1 / 0', { body: {} })).toMatchObject({ ok: false, refusal: { reason: 'number_range' } });
    expect(quote('5.5 % 2', { body: {} })).toMatchObject({ ok: false, refusal: { reason: 'type_error' } });
  });

  it('the listing form: per quality for images, per resolution × audio for videos', () => {
    const img = compiled('param("quality") == "high" ? tier("high", fixed(0.167)) : param("quality") == "medium" ? tier("medium", fixed(0.042)) : tier("low", fixed(0.011))');
    expect(priceVariants(img, 'image', ctx)).toEqual([
      { tier: 'low', micros: 11_000, exact: true },
      { quality: 'high', tier: 'high', micros: 167_000, exact: true },
      { quality: 'medium', tier: 'medium', micros: 42_000, exact: true },
    ]);
    const vid = compiled('(u("resolution") == "1080p" ? tier("1080p", u("seconds") * 0.5) : tier("720p", u("seconds") * 0.3)) * (param("generate_audio") == true ? 2 : 1)');
    expect(priceVariants(vid, 'video', ctx)).toEqual([
      { resolution: '1080p', audio: false, tier: '1080p', micros: 500_000, exact: true },
      { resolution: '1080p', audio: true, tier: '1080p', micros: 1_000_000, exact: true },
      { audio: false, tier: '720p', micros: 300_000, exact: true },
      { audio: true, tier: '720p', micros: 600_000, exact: true },
    ]);
  });
});

describe('billing expressions: hostile input', () => {
  it('10,000 nested parentheses: refused by length, and by depth when within the length', () => {
    expect(compileBillingExpr('('.repeat(10_000) + '1' + ')'.repeat(10_000))).toMatchObject({ ok: false, refusal: { reason: 'too_long' } });
    expect(compileBillingExpr('('.repeat(5_000) + '1' + ')'.repeat(5_000))).toMatchObject({ ok: false, refusal: { reason: 'too_deep' } });
    expect(compileBillingExpr('!'.repeat(10_000) + 'true')).toMatchObject({ ok: false, refusal: { reason: 'too_deep' } });
    expect(compileBillingExpr('-'.repeat(10_000) + '1')).toMatchObject({ ok: false, refusal: { reason: 'too_deep' } });
    expect(compileBillingExpr('max('.repeat(3_000) + '1' + ')'.repeat(3_000))).toMatchObject({ ok: false, refusal: { reason: 'too_deep' } });
    // Shallow enough is fine.
    expect(compileBillingExpr('('.repeat(30) + '1' + ')'.repeat(30))).toMatchObject({ ok: true });
  });

  it('a 1 MB expression is refused before it is read', () => {
    expect(compileBillingExpr('1+'.repeat(500_000) + '1')).toMatchObject({ ok: false, refusal: { reason: 'too_long' } });
    expect(compileBillingExpr(`"${'a'.repeat(1_000_000)}"`)).toMatchObject({ ok: false, refusal: { reason: 'too_long' } });
  });

  it('too many nodes within the length limit', () => {
    expect(compileBillingExpr('1+'.repeat(5_000) + '1')).toMatchObject({ ok: false, refusal: { reason: 'too_many_nodes' } });
    expect(LIMITS.maxNodes).toBeLessThan(5_000);
  });

  it('huge and non-finite numbers', () => {
    expect(compileBillingExpr('1e308*1e308')).toMatchObject({ ok: false, refusal: { reason: 'number_range' } });
    expect(compileBillingExpr('1e999')).toMatchObject({ ok: false, refusal: { reason: 'number_range' } });
    expect(compileBillingExpr('NaN')).toMatchObject({ ok: false, refusal: { reason: 'unsupported' } });
    expect(compileBillingExpr('Infinity * 2')).toMatchObject({ ok: false, refusal: { reason: 'unsupported' } });
    expect(quote('1e15 * 1e15 * 1e15', { body: {} })).toMatchObject({ ok: false, refusal: { reason: 'number_range' } });
    expect(quote('tier("x", p * 1e15)', { body: {}, tokens: { prompt: 1e9, completion: 0 } })).toMatchObject({ ok: false, refusal: { reason: 'number_range' } });
    expect(compileBillingExpr(`"${'a'.repeat(300)}"`)).toMatchObject({ ok: false, refusal: { reason: 'syntax' } });
  });

  it('unknown functions and variables, prototype names, computed names and recursion-like constructs are typed refusals', () => {
    for (const src of ['foo(1)', 'x + 1', 'constructor(1)', '__proto__', 'toString()', 'eval("1")', 'Function("return 1")()', 'now()', 'p ** 2', 'param(param("a"))', 'u("a" + "b")', 'tier(param("q"), 1)']) {
      const r = compileBillingExpr(src);
      expect(r.ok, src).toBe(false);
      expect(['unsupported', 'syntax'], src).toContain(r.ok ? '' : r.refusal.reason);
    }
    expect(compileBillingExpr('foo(1)')).toEqual({ ok: false, refusal: { reason: 'unsupported', detail: 'function foo' } });
    expect(compileBillingExpr('1 +')).toMatchObject({ ok: false, refusal: { reason: 'syntax' } });
    expect(compileBillingExpr('tier("a")')).toMatchObject({ ok: false, refusal: { reason: 'syntax' } });
    expect(compileBillingExpr('1 ||| 2')).toMatchObject({ ok: false, refusal: { reason: 'syntax' } });
    // Self-similar nesting of tiers stays within the bounds or is refused; never runs away.
    const nested = 'tier("a", '.repeat(200) + '1' + ')'.repeat(200);
    expect(compileBillingExpr(nested)).toMatchObject({ ok: false, refusal: { reason: 'too_deep' } });
    // Identifiers that name members of Object.prototype are not operators, and headers are own keys only.
    for (const src of ['1 constructor 2', '1 toString 2', '1 hasOwnProperty 2']) expect(compileBillingExpr(src), src).toMatchObject({ ok: false, refusal: { reason: 'syntax' } });
    expect(quote('header("__proto__") == nil ? 1 : 2', { body: {}, headers: {} }, ctx, true)).toMatchObject({ ok: true, quota: 500_000 });
    expect(readJsonPath({ a: 1 }, '__proto__')).toBeNull();
    expect(readJsonPath({ a: 1 }, 'constructor')).toBeNull();
  });

  it('the evaluator uses no eval or Function', () => {
    const dir = join(import.meta.dirname, '../../src/core/billing-expr');
    for (const f of readdirSync(dir)) {
      const src = readFileSync(join(dir, f), 'utf8');
      expect(src, f).not.toMatch(/(?<![.\w])eval\s*\(|new Function|(?<![.\w])Function\s*\(/);
    }
  });
});
