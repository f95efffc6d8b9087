/**
 * The syntax tree of a billing expression (new-api `billing_expr`, an expr-lang subset) and the typed refusals of
 * the compiler and the evaluator. Pure data: no evaluation here.
 */

/** A runtime value: expr-lang's number, string, bool and nil. */
export type Value = number | string | boolean | null;

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||' | '+' | '-' | '*' | '/' | '%';

export type Node =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'bool'; value: boolean }
  | { type: 'nil' }
  /** A token variable (`p`, `c`, `len`, …). */
  | { type: 'var'; name: TokenVar }
  | { type: 'call'; name: FunctionName; args: Node[] }
  | { type: 'unary'; op: '!' | '-' | '+'; arg: Node }
  | { type: 'binary'; op: BinaryOp; left: Node; right: Node }
  | { type: 'cond'; test: Node; then: Node; else: Node };

/** One `|||when(<cond>) * m` request multiplier. */
export interface RequestRule {
  cond: Node;
  multiplier: Node;
  /** The rule as written, for logs (`other.request_rules[].cond`). */
  source: string;
}

/** Token variables, in tokens per request. `p`/`c` lose the sub-categories the expression names (see quote). */
export const TOKEN_VARS = ['p', 'c', 'len', 'cr', 'cc', 'cc1h', 'img', 'img_o', 'ai', 'ao', 'img_cr'] as const;
export type TokenVar = (typeof TOKEN_VARS)[number];

/** Functions of the language, with their arity (min, max; max -1 = any). */
export const FUNCTIONS = {
  tier: [2, 2],
  fixed: [1, 1],
  param: [1, 1],
  header: [1, 1],
  has: [2, 2],
  u: [1, 1],
  hour: [1, 1],
  minute: [1, 1],
  weekday: [1, 1],
  month: [1, 1],
  day: [1, 1],
  max: [1, -1],
  min: [1, -1],
  abs: [1, 1],
  ceil: [1, 1],
  floor: [1, 1],
} as const satisfies Record<string, readonly [number, number]>;
export type FunctionName = keyof typeof FUNCTIONS;

/** The time functions and the range of what they return (Go's `time`: weekday 0 = Sunday). */
export const TIME_RANGE: Readonly<Record<'hour' | 'minute' | 'weekday' | 'month' | 'day', readonly [number, number]>> = {
  hour: [0, 23],
  minute: [0, 59],
  weekday: [0, 6],
  month: [1, 12],
  day: [1, 31],
};

/** A compiled expression: the base price, the request multipliers, and what it reads. */
export interface CompiledExpr {
  /** The expression as published (for logs and the simulator). */
  source: string;
  base: Node;
  rules: RequestRule[];
  /** Number of nodes (base and rules). */
  nodes: number;
  /** True when the expression reads task usage facts (`u()`): its result is USD, not USD per 1M tokens. */
  usesUsage: boolean;
  /** True when a `fixed()` leaf appears: its result is per request, multiplied by the image count. */
  usesFixed: boolean;
}

/** Why an expression was refused. Every refusal is final: the model is "no price", never guessed. */
export type RefusalReason =
  | 'too_long'
  | 'too_deep'
  | 'too_many_nodes'
  | 'syntax'
  | 'unsupported'
  | 'number_range'
  | 'type_error'
  | 'step_budget'
  | 'missing_fact'
  | 'unbounded'
  | 'too_complex';

/** A typed refusal with a short English detail for logs (never shown to members). */
export interface Refusal {
  reason: RefusalReason;
  detail: string;
}

/** Thrown inside the compiler and evaluator only; the public functions return it as a value. */
export class ExprRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'ExprRefusal';
  }

  toRefusal(): Refusal {
    return { reason: this.reason, detail: this.detail };
  }
}

/** Hard bounds that keep compiling and evaluating a hostile expression cheap. */
export const LIMITS = {
  /** Characters of an expression (published ones are a few hundred). */
  maxLength: 16_384,
  /** Recursion levels of the parser (about 4 per parenthesis or call): bounds the tree's depth and the stack. */
  maxDepth: 256,
  /** Nodes of the tree. */
  maxNodes: 2_000,
  /** Characters of one string literal. */
  maxString: 256,
  /** Largest magnitude of a number literal. */
  maxLiteral: 1e15,
  /** Largest magnitude of any intermediate value. */
  maxValue: 1e18,
  /** Nodes visited in one evaluation. */
  maxSteps: 20_000,
} as const;
