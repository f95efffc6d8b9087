import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Token encryption at rest: AES-256-GCM with a random 96-bit nonce per token. The owner of a token
 * (`scope:<id>` or `personal:<id>`) is bound as additional authenticated data, so a row copied onto
 * another owner fails to decrypt. Ciphertext, nonce and tag are stored as base64 text.
 */

/** The key is missing or malformed. The message says how to make one and never echoes the value. */
export class EncryptionKeyError extends Error {
  constructor(detail: string) {
    super(`BOT_ENCRYPTION_KEY ${detail}; run \`npm run keygen\` to make one.`);
    this.name = 'EncryptionKeyError';
  }
}

/** A stored token could not be decrypted (wrong key or tampered row). */
export class TokenDecryptError extends Error {
  constructor() {
    super('the stored token cannot be decrypted with this BOT_ENCRYPTION_KEY');
    this.name = 'TokenDecryptError';
  }
}

/**
 * Parses a 32-byte key written as 64 hex digits or base64 (standard or URL-safe, padding optional).
 * @throws EncryptionKeyError (one line, says to run `npm run keygen`).
 */
export function parseEncryptionKey(text: string | undefined): Buffer {
  const t = (text ?? '').trim();
  if (t === '') throw new EncryptionKeyError('is not set');
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const key = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  throw new EncryptionKeyError('must be 32 bytes written as base64 or 64 hex digits');
}

/** A fresh random key, base64-encoded (what `npm run keygen` prints). */
export function generateEncryptionKey(): string {
  return randomBytes(32).toString('base64');
}

/** A short, non-secret fingerprint of a key (first 8 hex digits of its SHA-256), stored as `key_id`. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** The stored form of one secret. */
export interface Sealed {
  ciphertext: string;
  nonce: string;
  tag: string;
}

/** Encrypts `plain` for `aad` (the owner label). */
export function seal(key: Buffer, plain: string, aad: string): Sealed {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { ciphertext: ciphertext.toString('base64'), nonce: nonce.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** Decrypts a {@link Sealed} value. @throws TokenDecryptError on a wrong key or altered data. */
export function open(key: Buffer, sealed: Sealed, aad: string): string {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.nonce, 'base64'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new TokenDecryptError();
  }
}

/** The last 4 characters of a token (what is stored in clear and shown). */
export function last4(token: string): string {
  return token.slice(-4);
}

/** A token as it may be shown: "sk-…a1b2" (prefix up to the first dash, then the last 4). Never more. */
export function maskToken(token: string): string {
  const prefix = /^([a-z]{1,4}-)/i.exec(token)?.[1] ?? '';
  return `${prefix}…${last4(token)}`;
}
