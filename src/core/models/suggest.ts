/** Lower-case, with `.`, `-`, `_` and whitespace all read as one separator. */
export function normalizeModelId(id: string): string {
  return id.trim().toLowerCase().replace(/[.\-_\s]+/g, '-');
}

/** Levenshtein distance, O(|a|·|b|) time and O(|b|) memory. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The listed model id closest to what the user typed, or undefined when nothing is close enough.
 * Compares normalized ids ({@link normalizeModelId}); accepts a distance up to max(2, 30% of the typed length).
 * Also matches an id that differs only by a trailing suffix such as a date (`x-4-8` vs `x-4.8-20250101`).
 * An exact match after normalization (`Alpha_Image.2`) is returned too: the caller shows it as a suggestion and
 * never rewrites the id silently. Ties go to the earlier id in `available`.
 */
export function suggestModel(given: string, available: readonly string[]): string | undefined {
  const g = normalizeModelId(given);
  if (!g) return undefined;
  const limit = Math.max(2, Math.floor(g.length * 0.3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const id of available) {
    const n = normalizeModelId(id);
    let score = editDistance(g, n);
    const [short, long] = g.length <= n.length ? [g, n] : [n, g];
    if (score > limit && short.length >= 4 && long.startsWith(`${short}-`)) score = limit;
    if (score <= limit && score < bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}
