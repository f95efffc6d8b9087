import { ExprRefusal, FUNCTIONS, LIMITS, TOKEN_VARS, type BinaryOp, type CompiledExpr, type FunctionName, type Node, type RequestRule, type TokenVar } from './ast.js';
import { Lexer, type Token } from './lexer.js';

const PRECEDENCE: Readonly<Record<string, number>> = { '||': 1, or: 1, '&&': 2, and: 2, '==': 3, '!=': 3, '<': 4, '<=': 4, '>': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };
const KEYWORD_OPS: Readonly<Record<string, BinaryOp>> = { or: '||', and: '&&' };
/** Functions whose first argument must be a string literal (a name the quote can see without running anything). */
const LITERAL_FIRST: ReadonlySet<FunctionName> = new Set(['tier', 'param', 'header', 'u', 'hour', 'minute', 'weekday', 'month', 'day']);

/**
 * Compiles a billing expression: checks the length first ({@link LIMITS.maxLength}), strips the optional `v1:`
 * prefix (any other version is `unsupported`), and parses with recursive descent, token by token, into a tree bounded
 * in depth and nodes. Identifiers other than the token variables, `true`/`false`/`nil` and the known functions are
 * `unsupported`, as are functions whose name argument (`param`, `u`, `tier`, …) is not a string literal.
 * @throws ExprRefusal (use {@link compileBillingExpr} in ./index for the value form).
 */
export function parseBillingExpr(source: string): CompiledExpr {
  if (source.length > LIMITS.maxLength) throw new ExprRefusal('too_long', `${source.length} characters (at most ${LIMITS.maxLength})`);
  const version = /^\s*(v\d+)\s*:/.exec(source);
  if (version && version[1] !== 'v1') throw new ExprRefusal('unsupported', `expression version ${version[1]}`);
  const body = version ? source.slice(version[0].length) : source;
  const p = new Parser(body, new Lexer(body));
  const base = p.ternary(0);
  const rules: RequestRule[] = [];
  while (p.eatOp('|||')) rules.push(p.rule());
  p.expectEnd();
  return { source, base, rules, nodes: p.nodes, usesUsage: p.usesUsage, usesFixed: p.usesFixed };
}

class Parser {
  nodes = 0;
  usesUsage = false;
  usesFixed = false;
  private current: Token;

  constructor(
    private readonly src: string,
    private readonly lexer: Lexer,
  ) {
    this.current = lexer.next();
  }

  private peek(): Token {
    return this.current;
  }

  private next(): Token {
    const t = this.current;
    if (t.kind !== 'end') this.current = this.lexer.next();
    return t;
  }

  eatOp(op: string): boolean {
    const t = this.peek();
    if (t.kind === 'op' && t.value === op) {
      this.next();
      return true;
    }
    return false;
  }

  private expectOp(op: string): void {
    if (!this.eatOp(op)) this.fail(`expected "${op}"`);
  }

  expectEnd(): void {
    if (this.peek().kind !== 'end') this.fail('unexpected input');
  }

  private fail(what: string): never {
    const t = this.peek();
    throw new ExprRefusal('syntax', `${what} at ${t.pos}`);
  }

  private node(n: Node): Node {
    if (++this.nodes > LIMITS.maxNodes) throw new ExprRefusal('too_many_nodes', `more than ${LIMITS.maxNodes} nodes`);
    return n;
  }

  private guard(depth: number): void {
    if (depth > LIMITS.maxDepth) throw new ExprRefusal('too_deep', `nesting deeper than ${LIMITS.maxDepth}`);
  }

  /** `when(<cond>) * <multiplier>` after a `|||`. */
  rule(): RequestRule {
    const start = this.peek().pos;
    const w = this.next();
    if (w.kind !== 'ident' || w.value !== 'when') this.fail('expected when(…) after |||');
    this.expectOp('(');
    const cond = this.ternary(1);
    this.expectOp(')');
    this.expectOp('*');
    const multiplier = this.unary(1);
    return { cond, multiplier, source: this.src.slice(start, this.peek().pos).trim() };
  }

  ternary(depth: number): Node {
    this.guard(depth);
    const test = this.binary(0, depth + 1);
    if (!this.eatOp('?')) return test;
    const then = this.ternary(depth + 1);
    this.expectOp(':');
    const other = this.ternary(depth + 1);
    return this.node({ type: 'cond', test, then, else: other });
  }

  private binaryOp(): BinaryOp | undefined {
    const t = this.peek();
    // Own keys only: an identifier such as `constructor` must not find a prototype's member.
    if (t.kind === 'op' && Object.hasOwn(PRECEDENCE, t.value)) return t.value as BinaryOp;
    if (t.kind === 'ident' && Object.hasOwn(KEYWORD_OPS, t.value)) return KEYWORD_OPS[t.value];
    return undefined;
  }

  private binary(minPrec: number, depth: number): Node {
    this.guard(depth);
    let left = this.unary(depth + 1);
    for (;;) {
      const op = this.binaryOp();
      const prec = op === undefined ? -1 : PRECEDENCE[op]!;
      if (op === undefined || prec <= minPrec) return left;
      this.next();
      const right = this.binary(prec, depth + 1);
      left = this.node({ type: 'binary', op, left, right });
    }
  }

  unary(depth: number): Node {
    this.guard(depth);
    const t = this.peek();
    if (t.kind === 'op' && (t.value === '!' || t.value === '-' || t.value === '+')) {
      this.next();
      return this.node({ type: 'unary', op: t.value, arg: this.unary(depth + 1) });
    }
    if (t.kind === 'ident' && t.value === 'not') {
      this.next();
      return this.node({ type: 'unary', op: '!', arg: this.unary(depth + 1) });
    }
    return this.primary(depth + 1);
  }

  private primary(depth: number): Node {
    this.guard(depth);
    const t = this.peek();
    if (!(t.kind === 'op' && t.value !== '(') && t.kind !== 'end') this.next();
    switch (t.kind) {
      case 'num':
        return this.node({ type: 'num', value: t.value });
      case 'str':
        return this.node({ type: 'str', value: t.value });
      case 'op':
        if (t.value === '(') {
          const inner = this.ternary(depth + 1);
          this.expectOp(')');
          return inner;
        }
        return this.fail(`unexpected "${t.value}"`);
      case 'ident':
        return this.identifier(t.value, depth);
      case 'end':
        return this.fail('unexpected end');
    }
  }

  private identifier(name: string, depth: number): Node {
    if (name === 'true' || name === 'false') return this.node({ type: 'bool', value: name === 'true' });
    if (name === 'nil') return this.node({ type: 'nil' });
    const isCall = this.peek().kind === 'op' && (this.peek() as { value: string }).value === '(';
    if (!isCall) {
      if ((TOKEN_VARS as readonly string[]).includes(name)) return this.node({ type: 'var', name: name as TokenVar });
      throw new ExprRefusal('unsupported', `variable ${name.slice(0, 40)}`);
    }
    if (!Object.hasOwn(FUNCTIONS, name)) throw new ExprRefusal('unsupported', `function ${name.slice(0, 40)}`);
    const fn = name as FunctionName;
    this.next();
    const args: Node[] = [];
    if (!this.eatOp(')')) {
      do args.push(this.ternary(depth + 1));
      while (this.eatOp(','));
      this.expectOp(')');
    }
    const [min, max] = FUNCTIONS[fn];
    if (args.length < min || (max >= 0 && args.length > max)) throw new ExprRefusal('syntax', `${fn}() takes ${min === max ? min : `${min} or more`} argument(s), got ${args.length}`);
    if (LITERAL_FIRST.has(fn) && args[0]!.type !== 'str') throw new ExprRefusal('unsupported', `${fn}() with a computed name`);
    if (fn === 'u') this.usesUsage = true;
    if (fn === 'fixed') this.usesFixed = true;
    return this.node({ type: 'call', name: fn, args });
  }
}
