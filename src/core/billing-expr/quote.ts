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
  const unknown = [...sites.values()].filter((s) => !known.has(s.key) && !s.key.startsWith('tok:'));
  const dims: { key: string; values: Value[] }[] = unknown.map((s) => ({ key: s.key, values: candidates(s) }));
  const tokens = tokenDims(sites, input, numbers);
  dims.push(...tokens);
  const total = dims.reduce((n, d) => n * d.values.length, 1);
  if (total > MAX_COMBINATIONS) throw new ExprRefusal('too_complex', `${total} combinations of unknown inputs`);
  let best: QuoteOk | undefined;
  let firstError: ExprRefusal | undefined;
  const picked = new Map(known);
  const visit = (i: number): void => {
    if (i < dims.length) {
      for (const v of dims[i]!.values) {
        picked.set(dims[i]!.key, v);
        visit(i + 1);
      }
      return;
    }
    if (tokens.length && !deriveTokens(sites, picked)) return;
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

/** Values of the sites the input fixes: given usage facts, and the time when `now` is given. */
function knownValues(input: QuoteInput, sites: Map<string, Site>): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const s of sites.values()) {
    const [kind, a, b] = s.key.split(':') as [string, string, string | undefined];
    if (kind === 'u' && input.usage && Object.hasOwn(input.usage, a)) out.set(s.key, input.usage[a]!);
    if (kind === 'time' && input.now !== undefined) out.set(s.key, timeIn(a as TimeFn, b ?? 'UTC', input.now));
  }
  return out;
}

/**
 * The token dimensions to enumerate: the prompt total `P` (read as `len`, and as `p` less the input sub-categories
 * the expression names), the completion total `C` (`c` less the output ones), and each named sub-category. Exact
 * counts give one value; a ceiling gives its ends and every breakpoint the expression compares them with.
 */
function tokenDims(sites: Map<string, Site>, input: QuoteInput, numbers: Set<number>): { key: string; values: number[] }[] {
  const used = (v: string): boolean => sites.has(`tok:${v}`);
  const any = [...sites.keys()].some((k) => k.startsWith('tok:'));
  if (!any) return [];
  const t = input.tokens;
  if (!t) throw new ExprRefusal('unbounded', 'token counts are unknown and have no ceiling');
  const lits = (...vars: string[]): number[] => vars.flatMap((v) => nums(sites.get(`tok:${v}`)?.literals ?? new Set()));
  const dim = (key: string, count: TokenCount, own: number[]): { key: string; values: number[] } =>
    typeof count === 'number' ? { key, values: [count] } : { key, values: points(0, Math.max(0, count.max), [...own, ...numbers]) };
  const out = [dim('P', t.prompt, lits('p', 'len')), dim('C', t.completion, lits('c'))];
  for (const [subs, side] of [[INPUT_SUBS, t.prompt], [OUTPUT_SUBS, t.completion]] as const) {
    for (const v of subs) {
      if (!used(v)) continue;
      const given = t.sub?.[v];
      out.push(given !== undefined ? { key: `S:${v}`, values: [given] } : dim(`S:${v}`, typeof side === 'number' ? { max: side } : side, lits(v)));
    }
  }
  return out;
}

/** Sets the token sites from the picked dimensions; false when the sub-categories exceed their side's total. */
function deriveTokens(sites: Map<string, Site>, picked: Map<string, Value>): boolean {
  const n = (k: string): number => (picked.get(k) as number | undefined) ?? 0;
  const subs = (list: readonly TokenVar[]): number => list.filter((v) => sites.has(`tok:${v}`)).reduce((a, v) => a + n(`S:${v}`), 0);
  const p = n('P') - subs(INPUT_SUBS);
  const c = n('C') - subs(OUTPUT_SUBS);
  if (p < 0 || c < 0) return false;
  picked.set('tok:p', p);
  picked.set('tok:len', n('P'));
  picked.set('tok:c', c);
  for (const v of [...INPUT_SUBS, ...OUTPUT_SUBS]) if (sites.has(`tok:${v}`)) picked.set(`tok:${v}`, n(`S:${v}`));
  return true;
}

/** A range's ends and each breakpoint inside it with its neighbours (whole numbers). */
function points(lo: number, hi: number, breaks: Iterable<number>): number[] {
  const out = new Set<number>([lo, hi]);
  for (const b of breaks) for (const x of [b - 1, b, b + 1]) if (x >= lo && x <= hi) out.add(Math.round(x));
  return [...out];
}

/** The values worth trying for an unknown usage fact or time function. */
function candidates(s: Site): Value[] {
  const [kind, a] = s.key.split(':') as [string, string];
  if (kind === 'time') {
    const [lo, hi] = TIME_RANGE[a as TimeFn];
    return points(lo, hi, nums(s.literals));
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
    header: (name) => {
      const h = input.headers;
      const key = name.toLowerCase();
      return h && Object.hasOwn(h, key) ? (h[key] ?? null) : null;
    },
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
