/**
 * The set-up the crash matrices share (`1-crash-matrix.test.ts` for videos, `1b-crash-matrix-results.test.ts` for
 * image and ask jobs): a simulator and a fake Telegram in the test process with a hold-proxy in front of each, a real
 * bot process (`node --import tsx src/main.ts`, Telegram adapter) on a temp database, a probe of that database, and
 * the kill → fast-forward → restart step. The matrices keep their own stages and assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../../src/simulator/index.js';
import { startFakeTelegram, type FakeTelegram } from '../../fakes/telegram/index.js';
import { saveDatabase, saveSecrets, saveText } from './artifacts.js';
import { spawnBot, type BotProcess } from './bot-process.js';
import { DbProbe, type JobRow } from './db-probe.js';
import { startHoldProxy, type HoldProxy } from './hold-proxy.js';

/** Options of {@link startCrashStack}. */
export interface CrashStackOptions {
  /** Prefix of the temp folder, e.g. `rel-crash-`. */
  dirPrefix: string;
  /** Label of the secrets file written for the artifact scrubber. */
  secretsLabel: string;
  sim?: SimulatorOptions;
  /** Extra bot environment over the shared one (e.g. `DEFAULT_VIDEO_SECONDS`). */
  env?: Record<string, string>;
}

/** Artifact names written by {@link CrashStack.close}. */
export interface CrashArtifacts {
  /** The database copied while the last bot still runs (before its graceful stop). */
  openDb?: string;
  /** The database copied after everything stopped. */
  closedDb: string;
  /** Every bot process's output. */
  logs: string;
  /** What the fake Telegram holds, file bytes left out. */
  telegramSent?: string;
}

/** A job started from a fresh user in a fresh private chat. */
export interface CrashRun {
  chat: Chat.PrivateChat;
  user: User;
  /** The job row of that chat (there is one per run), or undefined before the bot wrote it. */
  job: () => JobRow | undefined;
}

/** A running crash-matrix stack; see the module description. */
export interface CrashStack {
  sim: SimulatorHandle;
  fake: FakeTelegram;
  /** In front of the simulator: the bot's `GATEWAY_BASE_URL`. */
  simProxy: HoldProxy;
  /** In front of the fake Telegram: the bot's `TELEGRAM_API_ROOT`. */
  tgProxy: HoldProxy;
  dir: string;
  dbPath: string;
  probe: DbProbe;
  /** The current bot process. */
  readonly bot: BotProcess;
  /** Outputs of the bot processes stopped so far. */
  readonly outputs: string[];
  /** Starts a bot process (again) on the same database and waits until it is ready. */
  startBot(): Promise<void>;
  /** Starts a bot when the current one is not running (an earlier case failed midway). */
  ensureBot(): Promise<void>;
  /** Sends `text` from a fresh user in a fresh private chat. */
  startJob(label: string, text: string): CrashRun;
  /**
   * Runs `reach` (it resolves at the kill instant, bot still alive), then SIGKILLs the bot — also when `reach` failed,
   * so the next case starts from a fresh bot — and disarms both proxies; fast-forwards time in the database by an
   * hour (leases expired, `reserved` rows aged past the stale window) and starts a new bot. Returns what `reach` did.
   */
  killAndRestart<T>(reach: () => Promise<T>): Promise<T>;
  /** Stops everything, saves the artifacts, deletes the temp folder. */
  close(artifacts: CrashArtifacts): Promise<void>;
}

/** Starts the simulator, the fake Telegram, both proxies and a first bot process. */
export async function startCrashStack(o: CrashStackOptions): Promise<CrashStack> {
  const dir = mkdtempSync(join(tmpdir(), o.dirPrefix));
  const dbPath = join(dir, 'bot.sqlite');
  const sim = await startSimulator(o.sim ?? {});
  const fake = await startFakeTelegram();
  const simProxy = await startHoldProxy(sim.baseUrl);
  const tgProxy = await startHoldProxy(fake.apiRoot);
  saveSecrets(o.secretsLabel, [fake.token, sim.tokens.media, sim.tokens.text, sim.tokens.poor, sim.tokens.invalid]);
  const env: Record<string, string> = {
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: tgProxy.url,
    GATEWAY_BASE_URL: simProxy.url,
    GATEWAY_TOKEN: sim.tokens.media,
    GATEWAY_TIMEOUT_MS: '20000',
    DATABASE_PATH: dbPath,
    BOT_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    POLL_INTERVAL_MS: '100',
    POLL_MAX_INTERVAL_MS: '200',
    DEFAULT_ALLOWANCE: '10',
    // The suites predate OPERATOR_DAILY_CAP (default $5 a day); the tests of the cap set it themselves.
    OPERATOR_DAILY_CAP: 'off',
    MAX_JOBS_PER_USER: '4',
    LOG_LEVEL: 'debug',
    LOG_FORMAT: 'json',
    ...o.env,
  };
  const outputs: string[] = [];
  let bot: BotProcess | undefined;
  let probe: DbProbe | undefined;

  const startBot = async (): Promise<void> => {
    bot = spawnBot(env, dir);
    await bot.ready;
  };
  const killBot = async (): Promise<void> => {
    await bot!.kill();
    outputs.push(bot!.output());
  };

  await startBot();
  probe = new DbProbe(dbPath);

  return {
    sim,
    fake,
    simProxy,
    tgProxy,
    dir,
    dbPath,
    probe,
    get bot() {
      return bot!;
    },
    outputs,
    startBot,
    async ensureBot() {
      if (bot!.child.exitCode !== null || bot!.child.signalCode !== null) await startBot();
    },
    startJob(label, text) {
      const user = fake.user({ firstName: label });
      const chat = fake.privateChat(user);
      fake.sendText({ chat, from: user, text });
      return { chat, user, job: () => probe!.jobsOfChat(chat.id)[0] };
    },
    async killAndRestart<T>(reach: () => Promise<T>): Promise<T> {
      let reached: T;
      try {
        reached = await reach();
      } finally {
        await killBot();
        simProxy.disarm();
        tgProxy.disarm();
      }
      probe!.fastForward(3_600_000);
      await startBot();
      return reached;
    },
    async close(a) {
      if (bot) {
        if (a.openDb) saveDatabase(a.openDb, dbPath);
        await bot.stop();
        outputs.push(bot.output());
      }
      probe?.close();
      saveDatabase(a.closedDb, dbPath);
      saveText(a.logs, outputs.join('\n'));
      if (a.telegramSent) saveText(a.telegramSent, JSON.stringify(fake.sent(), (k, v: unknown) => (k === 'bytes' ? undefined : v)));
      await tgProxy.close();
      await simProxy.close();
      await fake.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
