import type { CompiledExpr, Node, Value } from './ast.js';

/** An input of an expression the caller may not know: a usage fact, a token count or a time function. */
export interface Site {
  /** `u:<key>`, `tok:<var>`, or `time:<fn>:<tz>`. */
  key: string;
  /** Literals the input is compared with (`u("mode") == "pro"` → "pro"). */
  literals: Set<Value>;
  /** True when the input is used in arithmetic (or anywhere but a comparison with a literal or `has()`). */
  arithmetic: boolean;
}

const COMPARE = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** The key of the input a node reads directly, if it reads one. */
export function siteKey(n: Node): string | undefined {
  if (n.type === 'var') return `tok:${n.name}`;
  if (n.type !== 'call') return undefined;
  const name = (n.args[0] as { value?: unknown } | undefined)?.value;
  if (n.name === 'u') return `u:${String(name)}`;
  if (n.name === 'hour' || n.name === 'minute' || n.name === 'weekday' || n.name === 'month' || n.name === 'day') return `time:${n.name}:${String(name)}`;
  return undefined;
}

function literalOf(n: Node): Value | undefined {
  if (n.type === 'num' || n.type === 'str' || n.type === 'bool') return n.value;
  if (n.type === 'nil') return null;
  if (n.type === 'unary' && n.op === '-' && n.arg.type === 'num') return -n.arg.value;
  return undefined;
}

/**
 * Every input the expression reads (usage facts, token variables, time functions), with the literals each is
 * compared with, and the number literals compared with something that is not one input read directly
 * (`p + c > 1000` → 1000: a breakpoint of every token input). Iterative, so a tree at the depth limit costs no stack.
 */
export function collectSites(expr: CompiledExpr): { sites: Map<string, Site>; numbers: Set<number> } {
  const hit = cache.get(expr);
  if (hit) return hit;
  const found = walk(expr);
  cache.set(expr, found);
  return found;
}

/** Sites per compiled expression (compiled once per published price, quoted per job): read-only once built. */
const cache = new WeakMap<CompiledExpr, { sites: Map<string, Site>; numbers: Set<number> }>();

function walk(expr: CompiledExpr): { sites: Map<string, Site>; numbers: Set<number> } {
  const sites = new Map<string, Site>();
  const numbers = new Set<number>();
  const site = (k: string): Site => {
    let s = sites.get(k);
    if (!s) sites.set(k, (s = { key: k, literals: new Set(), arithmetic: false }));
    return s;
  };
  const stack: Node[] = [expr.base, ...expr.rules.flatMap((r) => [r.cond, r.multiplier])];
  while (stack.length) {
    const n = stack.pop()!;
    const own = siteKey(n);
    if (own) {
      site(own).arithmetic = true;
      continue;
    }
    switch (n.type) {
      case 'unary':
        stack.push(n.arg);
        break;
      case 'cond':
        stack.push(n.test, n.then, n.else);
        break;
      case 'binary': {
        const [lk, rk] = [siteKey(n.left), siteKey(n.right)];
        const [ll, rl] = [literalOf(n.left), literalOf(n.right)];
        if (COMPARE.has(n.op) && lk && rl !== undefined) {
          site(lk).literals.add(rl);
          stack.push(n.right);
        } else if (COMPARE.has(n.op) && rk && ll !== undefined) {
          site(rk).literals.add(ll);
          stack.push(n.left);
        } else {
          if (COMPARE.has(n.op)) for (const l of [ll, rl]) if (typeof l === 'number') numbers.add(l);
          stack.push(n.left, n.right);
        }
        break;
      }
      case 'call': {
        if (n.name === 'has') {
          const k = siteKey(n.args[0]!);
          const sub = literalOf(n.args[1]!);
          if (k && typeof sub === 'string') {
            site(k).literals.add(sub);
            break;
          }
        }
        // The name argument of param/u/tier/… is a literal, not an input.
        stack.push(...n.args.filter((a) => a.type !== 'str'));
        break;
      }
      default:
        break;
    }
  }
  return { sites, numbers };
}
