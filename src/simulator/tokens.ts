import { randomBytes } from 'node:crypto';
import { TokenLog, type LogMeta } from './token-log.js';

/** Token groups the simulator knows. */
export type SimGroup = 'media' | 'default';

interface Account {
  group: SimGroup;
  initialMicros: number;
  chargedMicros: number;
  refundedMicros: number;
}

/**
 * Tokens, their groups and balances (integer micro-dollars). Balance = initial − charged + refunded.
 * Charges are refused (not partially applied) when the balance is short.
 */
export class TokenBook {
  private readonly accounts = new Map<string, Account>();
  /** Every charge and refund, as the gateway's token log shows them (`GET /api/log/token`). */
  readonly log = new TokenLog();
  /** The four built-in tokens; `invalid` is never registered. */
  readonly builtin: { media: string; text: string; poor: string; invalid: string };

  constructor(private readonly initialMicros: number) {
    const rnd = (): string => randomBytes(12).toString('hex');
    this.builtin = { media: `sk-sim-media-${rnd()}`, text: `sk-sim-text-${rnd()}`, poor: `sk-sim-poor-${rnd()}`, invalid: `sk-sim-invalid-${rnd()}` };
    this.add(this.builtin.media, 'media');
    this.add(this.builtin.text, 'default');
    this.add(this.builtin.poor, 'media', 0);
  }

  /** Registers (or resets) a token; balance defaults to the simulator's initial balance. */
  add(token: string, group: SimGroup, balanceMicros: number = this.initialMicros): void {
    if (!Number.isSafeInteger(balanceMicros)) throw new TypeError('balanceMicros must be an integer');
    this.accounts.set(token, { group, initialMicros: balanceMicros, chargedMicros: 0, refundedMicros: 0 });
  }

  /** The token's group, or undefined when the token is unknown. */
  group(token: string | undefined): SimGroup | undefined {
    return token === undefined ? undefined : this.accounts.get(token)?.group;
  }

  balance(token: string): number {
    const a = this.accounts.get(token);
    return a ? a.initialMicros - a.chargedMicros + a.refundedMicros : 0;
  }

  spent(token: string): number {
    const a = this.accounts.get(token);
    return a ? a.chargedMicros - a.refundedMicros : 0;
  }

  /** True when the balance covers `micros` (a zero-price request still needs a positive balance). */
  canAfford(token: string, micros: number): boolean {
    const b = this.balance(token);
    return b > 0 && b >= micros;
  }

  /** Takes `micros`; false (and nothing taken) when the balance is short. With `meta`, writes the log's consume row. */
  charge(token: string, micros: number, meta?: Omit<LogMeta, 'group'>): boolean {
    const a = this.accounts.get(token);
    if (!a || !this.canAfford(token, micros)) return false;
    a.chargedMicros += micros;
    if (meta) this.log.write(token, micros, false, { ...meta, group: a.group });
    return true;
  }

  /** Gives back `micros` (callers ensure a charge is refunded at most once). With `meta`, writes the log's refund row. */
  refund(token: string, micros: number, meta?: Omit<LogMeta, 'group'>): void {
    const a = this.accounts.get(token);
    if (!a) return;
    a.refundedMicros += micros;
    if (meta && micros > 0) this.log.write(token, micros, true, { ...meta, group: a.group });
  }

  /** Snapshot for `/__sim/state`. */
  snapshot(): Record<string, { group: SimGroup; balanceMicros: number; spentMicros: number }> {
    const out: Record<string, { group: SimGroup; balanceMicros: number; spentMicros: number }> = {};
    for (const [t, a] of this.accounts) out[t] = { group: a.group, balanceMicros: this.balance(t), spentMicros: this.spent(t) };
    return out;
  }
}

/** The bearer token of a request; `/v1/messages` also accepts `x-api-key`. */
export function extractToken(headers: { authorization?: string | undefined; 'x-api-key'?: string | string[] | undefined }, allowApiKey: boolean): string | undefined {
  const auth = headers.authorization;
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return m[1];
  }
  const key = headers['x-api-key'];
  if (allowApiKey && typeof key === 'string' && key.length > 0) return key.trim();
  return undefined;
}
