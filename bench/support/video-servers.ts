/**
 * Child process of the memory benchmark: the simulator (mp4 padded to `argv[2]` bytes, task done at once) and the
 * fake Telegram Bot API (upload limit raised to 200 MB). They buffer whole files in memory, which is why they run
 * here and not in the process being measured. Sends `{ simBaseUrl, mediaToken, apiRoot, botToken, chatId }` once
 * listening; answers `{ type: 'uploads' }` with the byte sizes of every `sendVideo` upload received; exits on
 * `{ type: 'close' }`.
 */
import { startSimulator } from '../../src/simulator/index.js';
import { startFakeTelegram } from '../../test/fakes/telegram/index.js';

const padding = Number(process.argv[2] ?? 0);
const sim = await startSimulator({ videoPaddingBytes: padding, video: { queuedMs: 0, runMs: 20, progressSteps: 1 } });
const fake = await startFakeTelegram({ uploadLimitBytes: 200 * 1024 * 1024 });
const chat = fake.supergroup({ title: 'Video bench' });
process.send?.({ simBaseUrl: sim.baseUrl, mediaToken: sim.tokens.media, apiRoot: fake.apiRoot, botToken: fake.token, chatId: chat.id });
process.on('message', (m: { type: string }) => {
  if (m.type === 'uploads') {
    process.send?.(fake.calls.filter((c) => c.method === 'sendVideo' && c.ok).map((c) => c.uploads.reduce((a, u) => a + u.bytes.length, 0)));
    fake.calls.splice(0);
  } else if (m.type === 'close') {
    void Promise.all([fake.close(), sim.close()]).then(() => process.exit(0));
  }
});
