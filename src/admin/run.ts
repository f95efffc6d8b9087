import { ConfigError, type Config } from '../config.js';
import { MoneyError, parseUsd } from '../core/money.js';
import { systemClock } from '../core/ports/clock.js';
import { SecretSet } from '../log.js';
import { openStore, type Store } from '../store/open-store.js';
import { parseArgs } from './args.js';
import { auditCommand } from './commands/audit.js';
import { backupDatabase } from './commands/backup.js';
import { budgetCommand } from './commands/budget.js';
import { helpText } from './commands/help.js';
import { jobsCommand } from './commands/jobs.js';
import { tokenCommand } from './commands/token.js';
import { usageCommand } from './commands/usage.js';
import type { AdminContext } from './context.js';
import { CliError, UsageError } from './errors.js';

/** Where the CLI reads and writes; the real process streams in `cli.ts`, buffers in tests. */
export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
  readSecret(prompt: string): Promise<string>;
}

const COMMANDS = {
  budget: budgetCommand,
  token: tokenCommand,
  usage: usageCommand,
  jobs: jobsCommand,
  audit: auditCommand,
} as const;

function isCommand(name: string | undefined): name is keyof typeof COMMANDS {
  return name !== undefined && Object.hasOwn(COMMANDS, name);
}

/** The operator's allowance for unconfigured scopes, as `openStore` wants it ('none' = unlimited). */
export function defaultAllowanceMicros(config: Config): number | null {
  const text = config.defaultAllowance.amount;
  if (/^(none|unlimited)$/i.test(text.trim())) return null;
  try {
    return parseUsd(text);
  } catch (e) {
    if (e instanceof MoneyError) throw new ConfigError('DEFAULT_ALLOWANCE', `an amount in USD or "none" (${e.message})`);
    throw e;
  }
}

/**
 * Runs one CLI command and returns the exit code: 0 ok, 1 the request could not be applied, 2 malformed usage.
 * The store is opened (migrations applied) only for commands that need it, and always closed.
 * `config` is a thunk so that `help` works even with a broken configuration.
 */
export async function runAdmin(argv: readonly string[], config: () => Config, io: AdminIo): Promise<number> {
  const secrets = new SecretSet();
  let store: Store | undefined;
  try {
    const args = parseArgs(argv, ['scope', 'status', 'limit'], ['csv', 'no-verify', 'help', 'force']);
    const [name, ...rest] = args.positional;
    if (name === 'help' || args.flags.get('help') === true) {
      io.out(helpText());
      return 0;
    }
    if (name === 'backup') {
      // Needs no store (no migration runs on the database being copied).
      const [dest, extra] = rest;
      if (!dest || extra !== undefined) throw new UsageError('usage: backup <file> [--force]');
      const r = await backupDatabase(config().databasePath, dest, args.flags.get('force') === true);
      io.out(`backup written: ${r.path} (${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${r.jobs} jobs), integrity check ok`);
      return 0;
    }
    if (!isCommand(name)) {
      io.err(name === undefined ? helpText() : `error: unknown command "${name}"; run \`npm run admin -- help\``);
      return 2;
    }
    const cfg = config();
    secrets.add(cfg.gateway.token);
    store = await openStore({
      path: cfg.databasePath,
      ...(cfg.encryptionKey ? { encryptionKey: cfg.encryptionKey } : {}),
      ...(cfg.gateway.token ? { operatorToken: cfg.gateway.token } : {}),
      defaultAllowanceMicros: defaultAllowanceMicros(cfg),
      defaultPeriod: cfg.defaultAllowance.period,
      clock: systemClock,
    });
    const ctx: AdminContext = {
      config: cfg,
      store,
      print: (t) => io.out(secrets.scrub(t)),
      readSecret: async (prompt) => {
        const s = await io.readSecret(prompt);
        secrets.add(s.trim());
        return s;
      },
      now: () => systemClock.now(),
    };
    await COMMANDS[name](ctx, { positional: rest, flags: args.flags });
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}`);
      return 2;
    }
    const known = e instanceof CliError || e instanceof ConfigError || (e instanceof Error && ['AdminError', 'EncryptionKeyError', 'TokenDecryptError', 'MigrationError'].includes(e.name));
    const message = e instanceof Error ? e.message : String(e);
    io.err(secrets.scrub(known ? `error: ${message}` : `unexpected error: ${message}`));
    return 1;
  } finally {
    await store?.close();
  }
}
