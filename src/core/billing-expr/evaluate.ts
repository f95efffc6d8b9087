import { ExprRefusal, LIMITS, type CompiledExpr, type Node, type TokenVar, type Value } from './ast.js';

/** The time functions the language offers. */
export type TimeFn = 'hour' | 'minute' | 'weekday' | 'month' | 'day';

/** What an evaluation reads. Every reader may throw {@link ExprRefusal} (e.g. `missing_fact`). */
export interface EvalEnv {
  /** A token count (`p`/`c` already net of the sub-categories the expression names). */
  token(name: TokenVar): number;
  /** `param("a.b")`: the value at that path of the JSON request body; null (nil) when absent. */
  param(path: string): Value;
  /** `header("name")`: a request header; null when absent. */
  header(name: string): Value;
  /** `u("key")`: a task usage fact. */
  usage(key: string): Value;
  /** `hour("tz")` and the other time functions. */
  time(fn: TimeFn, tz: string): number;
}

/** A matched (or not) request multiplier, as new-api logs it in `other.request_rules`. */
export interface RuleOutcome {
  cond: string;
  multiplier: number;
  matched: boolean;
}

/** What one evaluation gives: the expression's number (before any conversion), the matched tier and the rules. */
export interface Evaluation {
  value: number;
  /** The last `tier()` evaluated (new-api's `matched_tier`); null when none was. */
  tier: string | null;
  rules: RuleOutcome[];
}

/**
 * Runs a compiled expression once. Bounded: at most {@link LIMITS.maxSteps} nodes visited (the tree is already
 * bounded, this is a second fence), every number finite and within {@link LIMITS.maxValue}; `&&`, `||`, `!` and
 * ternary tests take booleans only, ordering compares two numbers or two strings; anything else is `type_error`.
 * @throws ExprRefusal
 */
export function evaluate(expr: CompiledExpr, env: EvalEnv): Evaluation {
  const run = new Run(env);
  let value = run.number(run.visit(expr.base), 'the price');
  const rules: RuleOutcome[] = [];
  for (const r of expr.rules) {
    const matched = run.bool(run.visit(r.cond), 'when()');
    const multiplier = run.number(run.visit(r.multiplier), 'a multiplier');
    if (matched) value = run.checked(value * multiplier);
    rules.push({ cond: r.source, multiplier, matched });
  }
  return { value, tier: run.tier, rules };
}

class Run {
  tier: string | null = null;
  private steps = 0;

  constructor(private readonly env: EvalEnv) {}

  checked(n: number): number {
    if (!Number.isFinite(n) || Math.abs(n) > LIMITS.maxValue) throw new ExprRefusal('number_range', 'a value is not finite or too large');
    return n;
  }

  number(v: Value, what: string): number {
    if (typeof v !== 'number') throw new ExprRefusal('type_error', `${what} is ${kindOf(v)}, not a number`);
    return v;
  }

  bool(v: Value, what: string): boolean {
    if (typeof v !== 'boolean') throw new ExprRefusal('type_error', `${what} is ${kindOf(v)}, not a bool`);
    return v;
  }

  private str(v: Value, what: string): string {
    if (typeof v !== 'string') throw new ExprRefusal('type_error', `${what} is ${kindOf(v)}, not a string`);
    return v;
  }

  visit(n: Node): Value {
    if (++this.steps > LIMITS.maxSteps) throw new ExprRefusal('step_budget', `more than ${LIMITS.maxSteps} steps`);
    switch (n.type) {
      case 'num':
      case 'str':
      case 'bool':
        return n.value;
      case 'nil':
        return null;
      case 'var':
        return this.checked(this.env.token(n.name));
      case 'unary': {
        const v = this.visit(n.arg);
        if (n.op === '!') return !this.bool(v, '!');
        const x = this.number(v, `unary ${n.op}`);
        return n.op === '-' ? -x : x;
      }
      case 'cond':
        return this.bool(this.visit(n.test), 'a ternary test') ? this.visit(n.then) : this.visit(n.else);
      case 'binary':
        return this.binary(n);
      case 'call':
        return this.call(n);
    }
  }

  private binary(n: Extract<Node, { type: 'binary' }>): Value {
    if (n.op === '&&') return this.bool(this.visit(n.left), '&&') ? this.bool(this.visit(n.right), '&&') : false;
    if (n.op === '||') return this.bool(this.visit(n.left), '||') ? true : this.bool(this.visit(n.right), '||');
    const l = this.visit(n.left);
    const r = this.visit(n.right);
    switch (n.op) {
      case '==':
        return l === r;
      case '!=':
        return l !== r;
      case '<':
      case '<=':
      case '>':
      case '>=': {
        if (!((typeof l === 'number' && typeof r === 'number') || (typeof l === 'string' && typeof r === 'string'))) {
          throw new ExprRefusal('type_error', `${n.op} between ${kindOf(l)} and ${kindOf(r)}`);
        }
        return n.op === '<' ? l < r : n.op === '<=' ? l <= r : n.op === '>' ? l > r : l >= r;
      }
      case '+':
        if (typeof l === 'string' && typeof r === 'string') {
          if (l.length + r.length > LIMITS.maxString * 4) throw new ExprRefusal('number_range', 'a string grew too long');
          return l + r;
        }
        return this.checked(this.number(l, '+') + this.number(r, '+'));
      case '-':
        return this.checked(this.number(l, '-') - this.number(r, '-'));
      case '*':
        return this.checked(this.number(l, '*') * this.number(r, '*'));
      case '/': {
        const d = this.number(r, '/');
        if (d === 0) throw new ExprRefusal('number_range', 'division by zero');
        return this.checked(this.number(l, '/') / d);
      }
      case '%': {
        const a = this.number(l, '%');
        const b = this.number(r, '%');
        if (!Number.isInteger(a) || !Number.isInteger(b)) throw new ExprRefusal('type_error', '% takes integers');
        if (b === 0) throw new ExprRefusal('number_range', 'modulo by zero');
        return a % b;
      }
    }
  }

  private call(n: Extract<Node, { type: 'call' }>): Value {
    const name = (): string => (n.args[0] as { value: string }).value;
    switch (n.name) {
      case 'tier': {
        const v = this.number(this.visit(n.args[1]!), 'a tier price');
        this.tier = name();
        return v;
      }
      case 'fixed':
        return this.checked(this.number(this.visit(n.args[0]!), 'fixed()') * 1e6);
      case 'param':
        return this.env.param(name());
      case 'header':
        return this.env.header(name());
      case 'u':
        return this.env.usage(name());
      case 'hour':
      case 'minute':
      case 'weekday':
      case 'month':
      case 'day':
        return this.env.time(n.name, name());
      case 'has': {
        const s = this.visit(n.args[0]!);
        const sub = this.str(this.visit(n.args[1]!), 'has() substring');
        if (s === null) return false;
        return this.str(s, 'has() text').includes(sub);
      }
      case 'max':
      case 'min': {
        const xs = n.args.map((a) => this.number(this.visit(a), `${n.name}()`));
        return n.name === 'max' ? Math.max(...xs) : Math.min(...xs);
      }
      case 'abs':
        return Math.abs(this.number(this.visit(n.args[0]!), 'abs()'));
      case 'ceil':
        return Math.ceil(this.number(this.visit(n.args[0]!), 'ceil()'));
      case 'floor':
        return Math.floor(this.number(this.visit(n.args[0]!), 'floor()'));
    }
  }
}

function kindOf(v: Value): string {
  return v === null ? 'nil' : typeof v;
}
