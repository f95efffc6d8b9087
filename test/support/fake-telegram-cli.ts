/**
 * The fake Telegram Bot API as a process (for the production smoke test of `.ci/run` and the start-up benchmark):
 * `node --import tsx test/support/fake-telegram-cli.ts` prints one JSON line `{"apiRoot":…,"token":…}` once it
 * listens on 127.0.0.1, then serves until SIGTERM/SIGINT.
 */
import { startFakeTelegram } from '../fakes/telegram/index.js';

const fake = await startFakeTelegram();
process.stdout.write(`${JSON.stringify({ apiRoot: fake.apiRoot, token: fake.token })}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
