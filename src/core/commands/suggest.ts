import { editDistance } from '../models/suggest.js';

/**
 * The closest of `names` to `given` (case-insensitive Levenshtein), or undefined when nothing is close: a distance
 * up to max(2, 40% of the typed length), or a name starting with what was typed (`/ima` → `imagine`).
 * Ties go to the earlier name.
 */
export function closestName(given: string, names: readonly string[]): string | undefined {
  const g = given.trim().toLowerCase();
  if (!g) return undefined;
  const limit = Math.max(2, Math.floor(g.length * 0.4));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const n of names) {
    const score = n.startsWith(g) && g.length >= 2 ? 1 : editDistance(g, n.toLowerCase());
    if (score <= limit && score < bestScore) {
      best = n;
      bestScore = score;
    }
  }
  return best;
}
