/**
 * Benchmark — prompt rules (`/setup words`): what checking one prompt against a word list costs, on one core.
 * A 2,000-character prompt (11 distinct words repeated: mixed scripts, full-width letters) against 50 and 500 rules (words and `*` patterns),
 * none matching, so every rule is tried: the worst case for a prompt that is allowed. Target: ≤ 1 ms median for
 * 500 rules (it runs once per prompt-taking job, beside a gateway call of seconds).
 */
import { firstMatch } from '../src/core/rules/word-match.js';
import type { Benchmark } from './lib/context.js';
import { median, msSince, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';

const B = 'word-rules';
const BATCH = 200;
const WORDS = ['lighthouse', 'ｎｉｇｈｔ', 'storm', 'sea', 'c\u0430t', 'grand', 'piano', 'über', 'café', 'водопад', '夜の海'];
const PROMPT = Array.from({ length: 400 }, (_, i) => WORDS[i % WORDS.length]).join(' ').slice(0, 2_000);

function rules(n: number): { id: string; pattern: string }[] {
  return Array.from({ length: n }, (_, i) => ({ id: String(i), pattern: i % 3 === 0 ? `zq${i}*` : i % 3 === 1 ? `*xw${i}` : `blocked${i} word` }));
}

export const wordRulesBench: Benchmark = {
  name: B,
  async run(ctx) {
    const rows: Row[] = [];
    for (const n of [50, 500]) {
      const list = rules(n);
      const times: number[] = [];
      for (let r = 0; r < ctx.runs; r++) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < BATCH; i++) if (firstMatch(PROMPT, list)) throw new Error('no rule should match');
        times.push((msSince(start) * 1000) / BATCH);
      }
      rows.push(row({ benchmark: B, figure: `a 2,000-character prompt against ${n} rules (none matching)`, median: median(times), p99: p99(times), unit: 'µs', ...(n === 500 ? { target: { op: '<=', value: 1_000 } } : {}) }));
    }
    if (!firstMatch(`${PROMPT} sp\u0430\u0441\u0435`, [{ id: 'x', pattern: 'space' }])) throw new Error('a disguised word should match');
    return rows;
  },
};
