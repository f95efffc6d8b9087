import { randomBytes } from 'node:crypto';

/** RFC 4648 base32 alphabet: no 0/1/8/9, so a reference read aloud or retyped is not confused with O/I/B. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `n` random base32 characters. 256 is a multiple of 32, so `byte & 31` is unbiased. */
function randomBase32(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

/**
 * A short reference for one failure (6 upper-case base32 characters, e.g. `K7Q2XM`, about 1 in 10^9 collisions).
 * Shown to users as "(ref K7Q2XM)" and logged beside the failure so support can find the log line.
 */
export function newRef(): string {
  return randomBase32(6);
}

/** True for text shaped like {@link newRef}'s output (6 base32 characters; any case, surrounding spaces ignored). */
export function isFailureRef(text: string): boolean {
  return /^[A-Z2-7]{6}$/.test(text.trim().toUpperCase());
}

/** A job id: `j_` + 8 lower-case base32 characters (e.g. `j_k7q2xm3a`), short enough to type in `/job`. */
export function newJobId(): string {
  return `j_${randomBase32(8).toLowerCase()}`;
}

/** True for a string shaped like {@link newJobId}'s output (case-insensitive). */
export function isJobId(s: string): boolean {
  return /^j_[a-z2-7]{8}$/i.test(s);
}
