import { generateEncryptionKey } from './crypto.js';

/** `npm run keygen`: prints a fresh 32-byte key (base64) for BOT_ENCRYPTION_KEY. */
console.log(generateEncryptionKey());
console.error('Put it in .env as BOT_ENCRYPTION_KEY=… and keep a copy: without it stored tokens cannot be read.');
