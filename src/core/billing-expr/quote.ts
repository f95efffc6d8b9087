import { ExprRefusal, TIME_RANGE, type CompiledExpr, type Refusal, type TokenVar, type Value } from './ast.js';
import { evaluate, type EvalEnv, type RuleOutcome, type TimeFn } from './evaluate.js';
import { collectSites, type Site } from './sites.js';

/** How the gateway turns an expression's number into money. */
export interface PriceContext {
  /** Quota units per USD (`/api/status` `quota_per_unit`; new-api's default 500,000). */
  quotaPerUnit: number;
  /** The token's group ratio (`group_ratio` of `/api/pricing`); 1 when none. */
  groupRatio: number;
  /** Smallest positive charge in quota units (new-api's optional per-model minimum, 10); 0 turns it off. Default 10. */
  minQuota?: number;
}

/** Token counts: exact numbers (a finished request's usage) or a ceiling (`{ max }`, a request not yet run). */
export type TokenCount = number | { max: number };

/** Prompt-side sub-categories (subtracted from `p` when the expression names them) and completion-side ones. */
const INPUT_SUBS = ['cr', 'cc', 'cc1h', 'img', 'ai', 'img_cr'] as const satisfies readonly TokenVar[];
const OUTPUT_SUBS = ['img_o', 'ao'] as const satisfies readonly TokenVar[];

/** Everything one quote reads. What is absent is unknown and enumerated (or makes the quote `unbounded`). */
export interface QuoteInput {
  /** The JSON body as it is sent: `param()` reads it; an absent path is nil (known: the bot did not send it). */
  body: Readonly<Record<string, unknown>>;
  /** Headers as sent (lower-case names); an absent header is nil. */
  headers?: Readonly<Record<string, string>>;
  /** Task usage facts known in advance (`seconds`, `size`, `resolution`…); others are unknown. */
  usage?: Readonly<Record<string, number | string>>;
  /** Images per request (`fixed()` prices are per image); default 1. */
  imageCount?: number;
  /** Prompt (full input) and completion tokens; sub-categories (`cr`, `img_o`, …) when known, else 0..their side. */
  tokens?: { prompt: TokenCount; completion: TokenCount; sub?: Partial<Record<TokenVar, number>> };
  /** The moment the gateway prices at (epoch ms); absent: the time functions are unknown. */
  now?: number;
}

/** A price. `exact` false: an unknown input decides it, and `micros` is the most it can reach. */
export interface QuoteOk {
  ok: true;
  micros: number;
  /** Quota units the gateway takes (before the group ratio is undone: this is what its log shows). */
  quota: number;
  exact: boolean;
  tier: string | null;
  rules: RuleOutcome[];
}
export type Quote = QuoteOk | { ok: false; refusal: Refusal };

/** Most combinations of unknown inputs one quote evaluates before it gives up (`too_complex`). */
export const MAX_COMBINATIONS = 4_096;
const OTHER = '\u0000other';

/** new-api's rounding: half away from zero (after trimming float noise below 1e-9 quota). */
export function roundHalfAway(x: number): number {
  const clean = Math.round(Math.abs(x) * 1e9) / 1e9;
  return Math.sign(x) * Math.round(clean);
}

/**
 * Converts an expression's number to quota units: a task expression (it reads `u()`, or the model is a video)
 * returns USD, `quota = value × quotaPerUnit × groupRatio`; a token or `fixed()` expression returns USD per 1M
 * tokens, `quota = value / 1e6 × quotaPerUnit × groupRatio` (`fixed()` first × the image count). Rounded half away
 * from zero; a positive charge below `minQuota` becomes `minQuota`; negative becomes 0.
 */
export function toQuota(value: number, task: boolean, ctx: PriceContext, imageCount = 1): number {
  const raw = task ? value * ctx.quotaPerUnit * ctx.groupRatio : (value * imageCount * ctx.quotaPerUnit * ctx.groupRatio) / 1e6;
  const q = Math.max(0, roundHalfAway(raw));
  const min = ctx.minQuota ?? 10;
  return q > 0 && q < min ? min : q;
}

/** Quota units to micro-dollars, rounded up (a hold is never below what the gateway takes). */
export function quotaToMicros(quota: number, quotaPerUnit: number): number {
  return Math.ceil(roundHalfAway((quota * 1e6 * 1e3) / quotaPerUnit) / 1e3);
}

/**
 * Prices one request. Known inputs are read as given; each unknown one takes every value that can change a branch
 * (the literals it is compared with and their neighbours, the ends of its range, "something else" for an enum) and
 * the quote is the maximum over all combinations, marked `exact: false`. An unknown input used in arithmetic without
 * a ceiling (a usage fact such as `u("tokens")`, tokens without a `max`) makes the quote `unbounded`; more than
 * {@link MAX_COMBINATIONS} combinations `too_complex`. Exact for expressions that are piecewise linear in each input
 * with pieces split at their own constants (every shape new-api documents); a combination whose inputs make the
 * expression ill-typed is skipped, and when all are, the quote is refused with that error.
 * @param task whether the result is USD (a task model) rather than USD per 1M tokens; default: `expr.usesUsage`.
 */
export function quoteExpr(expr: CompiledExpr, input: QuoteInput, ctx: PriceContext, task = expr.usesUsage): Quote {
  try {
    return run(expr, input, ctx, task);
  } catch (e) {
    if (e instanceof ExprRefusal) return { ok: false, refusal: e.toRefusal() };
    throw e;
  }
}

function run(expr: CompiledExpr, input: QuoteInput, ctx: PriceContext, task: boolean): Quote {
  const { sites, numbers } = collectSites(expr);
  const known = knownValues(input, sites);
  const unknown = [...sites.values()].filter((s) => !known.has(s.key));
  const choices = unknown.map((s) => candidates(s, input, numbers));
  const total = choices.reduce((n, c) => n * c.length, 1);
  if (total > MAX_COMBINATIONS) throw new ExprRefusal('too_complex', `${total} combinations of unknown inputs`);
  let best: QuoteOk | undefined;
  let firstError: ExprRefusal | undefined;
  const picked = new Map(known);
  const visit = (i: number): void => {
    if (i < unknown.length) {
      for (const v of choices[i]!) {
        picked.set(unknown[i]!.key, v);
        visit(i + 1);
      }
      return;
    }
    let ev;
    try {
      ev = evaluate(expr, envFor(input, picked));
    } catch (e) {
      if (e instanceof ExprRefusal && (e.reason === 'type_error' || e.reason === 'missing_fact')) {
        firstError ??= e;
        return;
      }
      throw e;
    }
    const quota = toQuota(ev.value, task, ctx, expr.usesFixed ? (input.imageCount ?? 1) : 1);
    if (!best || quota > best.quota) best = { ok: true, micros: quotaToMicros(quota, ctx.quotaPerUnit), quota, exact: total === 1, tier: ev.tier, rules: ev.rules };
  };
  visit(0);
  if (!best) throw firstError ?? new ExprRefusal('type_error', 'no combination of inputs prices this request');
  return best;
}

/** Values of the sites the input fixes: given usage facts, exact tokens, the time when `now` is given. */
function knownValues(input: QuoteInput, sites: Map<string, Site>): Map<string, Value> {
  const out = new Map<string, Value>();
  const usedSubs = (subs: readonly TokenVar[]) => subs.filter((s) => sites.has(`tok:${s}`));
  for (const s of sites.values()) {
    const [kind, a, b] = s.key.split(':') as [string, string, string | undefined];
    if (kind === 'u' && input.usage && Object.hasOwn(input.usage, a)) out.set(s.key, input.usage[a]!);
    if (kind === 'time' && input.now !== undefined) out.set(s.key, timeIn(a as TimeFn, b ?? 'UTC', input.now));
  }
  const t = input.tokens;
  if (!t) return out;
  const sub = (v: TokenVar): number | undefined => t.sub?.[v];
  const exactSide = (total: TokenCount, subs: readonly TokenVar[], main: TokenVar): void => {
    if (typeof total !== 'number') return;
    const used = usedSubs(subs);
    if (used.some((v) => sub(v) === undefined)) return;
    for (const v of used) out.set(`tok:${v}`, sub(v)!);
    out.set(`tok:${main}`, Math.max(0, total - used.reduce((n, v) => n + sub(v)!, 0)));
  };
  exactSide(t.prompt, INPUT_SUBS, 'p');
  exactSide(t.completion, OUTPUT_SUBS, 'c');
  if (typeof t.prompt === 'number') out.set('tok:len', t.prompt);
  return out;
}

/** The values worth trying for an unknown input. */
function candidates(s: Site, input: QuoteInput, numbers: Set<number>): Value[] {
  const [kind, a] = s.key.split(':') as [string, string];
  const range = kind === 'time' ? TIME_RANGE[a as TimeFn] : kind === 'tok' ? tokenRange(a as TokenVar, input) : undefined;
  if (range) {
    const [lo, hi] = range;
    const pts = new Set<number>([lo, hi]);
    for (const n of kind === 'tok' ? [...numbers, ...nums(s.literals)] : nums(s.literals)) for (const x of [n - 1, n, n + 1]) if (x >= lo && x <= hi) pts.add(Math.round(x));
    return [...pts];
  }
  if (s.arithmetic) throw new ExprRefusal('unbounded', `${s.key} is unknown and has no ceiling`);
  const out = new Set<Value>([OTHER]);
  for (const l of s.literals) {
    out.add(l);
    if (typeof l === 'number') out.add(l - 1).add(l + 1);
  }
  return [...out];
}

function nums(vs: Set<Value>): number[] {
  return [...vs].filter((v): v is number => typeof v === 'number');
}

/** A token input's range: its side's ceiling (`len`: the prompt), sub-categories up to their side. */
function tokenRange(v: TokenVar, input: QuoteInput): readonly [number, number] | undefined {
  const t = input.tokens;
  if (!t) return undefined;
  const ceiling = (c: TokenCount): number => (typeof c === 'number' ? c : c.max);
  const side = (OUTPUT_SUBS as readonly string[]).includes(v) || v === 'c' ? t.completion : t.prompt;
  return [0, Math.max(0, ceiling(side))];
}

function envFor(input: QuoteInput, picked: ReadonlyMap<string, Value>): EvalEnv {
  const get = (key: string): Value => {
    if (!picked.has(key)) throw new ExprRefusal('missing_fact', key);
    return picked.get(key)!;
  };
  return {
    token: (name) => {
      const v = get(`tok:${name}`);
      if (typeof v !== 'number') throw new ExprRefusal('type_error', `token ${name}`);
      return v;
    },
    param: (path) => readJsonPath(input.body, path),
    header: (name) => input.headers?.[name.toLowerCase()] ?? null,
    usage: (key) => get(`u:${key}`),
    time: (fn, tz) => {
      const v = get(`time:${fn}:${tz}`);
      if (typeof v !== 'number') throw new ExprRefusal('type_error', `${fn}()`);
      return v;
    },
  };
}

/**
 * `param()`'s reading of a gjson path (`a.b`, `list.0.x`, `\.` for a literal dot) in a JSON body: a string, number
 * or bool as is; null, absent, objects and arrays are nil.
 */
export function readJsonPath(body: unknown, path: string): Value {
  let cur: unknown = body;
  for (const part of path.split(/(?<!\\)\./).map((p) => p.replace(/\\\./g, '.'))) {
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (cur !== null && typeof cur === 'object' && !Array.isArray(cur) && Object.hasOwn(cur, part)) cur = (cur as Record<string, unknown>)[part];
    else return null;
  }
  return typeof cur === 'string' || typeof cur === 'boolean' || (typeof cur === 'number' && Number.isFinite(cur)) ? cur : null;
}

/** `hour("tz")` and friends at `at` (epoch ms); an unknown time zone is a `type_error`. */
export function timeIn(fn: TimeFn, tz: string, at: number): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: tz || 'UTC', hourCycle: 'h23', hour: 'numeric', minute: 'numeric', weekday: 'short', month: 'numeric', day: 'numeric' }).formatToParts(at);
  } catch {
    throw new ExprRefusal('type_error', `unknown time zone ${tz.slice(0, 40)}`);
  }
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  if (fn === 'weekday') return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return Number(part(fn === 'hour' ? 'hour' : fn === 'minute' ? 'minute' : fn === 'month' ? 'month' : 'day'));
}
