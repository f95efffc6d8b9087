/** Discord's epoch (2015-01-01T00:00:00Z) in milliseconds. */
const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Makes real-looking snowflakes: the timestamp bits are the current time, so discord.js computes sensible
 * `createdTimestamp`s; a per-generator counter in the low bits keeps ids unique and increasing.
 */
export class SnowflakeGenerator {
  private counter = 0n;
  private last = 0n;

  /** Returns a new snowflake string, strictly greater than any previous one from this generator. */
  next(): string {
    const ts = BigInt(Date.now()) - DISCORD_EPOCH;
    const base = ts << 22n;
    this.counter = (this.counter + 1n) & 0xfffn;
    let id = base | (1n << 17n) | this.counter;
    if (id <= this.last) id = this.last + 1n;
    this.last = id;
    return id.toString();
  }
}

/**
 * A token shaped like a real bot token: base64 of the bot's user id, a timestamp part and an HMAC-like part.
 * It is random per fake instance and is accepted only by that instance.
 */
export function makeBotToken(botUserId: string): string {
  const head = Buffer.from(botUserId).toString('base64').replace(/=+$/, '');
  return `${head}.${randomPart(6)}.${randomPart(38)}`;
}

/** A long random url-safe string, used for interaction tokens and session ids. */
export function randomPart(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}
