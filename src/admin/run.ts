import { compose, type Composition } from '../app/compose.js';
import { ConfigError, type Config } from '../config.js';
import { systemClock } from '../core/ports/clock.js';
import { HttpGatewayLog } from '../gateway/token-log.js';
import { createLogger, SecretSet } from '../log.js';
import { parseArgs } from './args.js';
import { auditCommand } from './commands/audit.js';
import { backupDatabase } from './commands/backup.js';
import { budgetCommand } from './commands/budget.js';
import { wordsCommand } from './commands/words.js';
import { communitiesCommand } from './commands/communities.js';
import { helpText } from './commands/help.js';
import { jobsCommand } from './commands/jobs.js';
import { migrateSqliteToPostgres } from './commands/migrate-to-postgres.js';
import { reconcileCommand } from './commands/reconcile.js';
import { refCommand } from './commands/ref.js';
import { tokenCommand } from './commands/token.js';
import { usageCommand } from './commands/usage.js';
import type { AdminContext } from './context.js';
import { CliError, UsageError } from './errors.js';
import { OPERATOR_OWNER_ID, unconfiguredGateway, vouchingGateway } from './operator-surface.js';

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
  ref: refCommand,
  audit: auditCommand,
  reconcile: reconcileCommand,
  communities: communitiesCommand,
  words: wordsCommand,
} as const;

function isCommand(name: string | undefined): name is keyof typeof COMMANDS {
  return name !== undefined && Object.hasOwn(COMMANDS, name);
}

/** Errors whose message is written for the operator (exit 1, one line, no stack). */
const KNOWN = ['AdminError', 'EncryptionKeyError', 'TokenDecryptError', 'MigrationError', 'PriceFileError', 'StoreUnavailableError'];

/**
 * Runs one CLI command and returns the exit code: 0 ok, 1 the request could not be applied, 2 malformed usage.
 * The app is composed through the one composition root (`compose`, no surfaces, no poller) with the operator
 * listed as an owner, so `budget` and `token` run the chat commands' own pieces through the dispatcher; without
 * `GATEWAY_BASE_URL` the app gets a gateway that refuses every call (budgets and reports need none). Always closed.
 * `config` is a thunk so that `help` works even with a broken configuration.
 */
export async function runAdmin(argv: readonly string[], config: () => Config, io: AdminIo): Promise<number> {
  const secrets = new SecretSet();
  let composed: Composition | undefined;
  try {
    const args = parseArgs(argv, ['scope', 'status', 'limit', 'since', 'token'], ['csv', 'no-verify', 'help', 'force']);
    const [name, ...rest] = args.positional;
    if (name === 'help' || args.flags.get('help') === true) {
      io.out(helpText());
      return 0;
    }
    if (name === 'backup') {
      // Needs no store (no migration runs on the database being copied).
      const [dest, extra] = rest;
      if (!dest || extra !== undefined) throw new UsageError('usage: backup <file> [--force]');
      if (config().databaseUrl) {
        throw new CliError('backup copies the SQLite file; this bot stores its data in PostgreSQL (DATABASE_URL). Back that up with pg_dump, e.g. pg_dump --format=custom --file=bot.dump "$DATABASE_URL" (restore with pg_restore into an empty database).');
      }
      const r = await backupDatabase(config().databasePath, dest, args.flags.get('force') === true);
      io.out(`backup written: ${r.path} (${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${r.jobs} jobs), integrity check ok`);
      return 0;
    }
    if (name === 'migrate-sqlite-to-postgres') {
      // Opens both databases itself; the bot must be stopped.
      for (const line of await migrateSqliteToPostgres(config(), rest)) io.out(line);
      return 0;
    }
    if (!isCommand(name)) {
      io.err(name === undefined ? helpText() : `error: unknown command "${name}"; run \`npm run admin -- help\``);
      return 2;
    }
    const cfg = config();
    secrets.add(cfg.gateway.token);
    const noVerify = name === 'token' && args.flags.get('no-verify') === true;
    // Only errors reach stderr: the operator reads the command's own answer, and failures are printed as `error: …`.
    const logger = createLogger({ level: 'error', format: 'json', secrets, destination: process.stderr });
    composed = await compose(
      { ...cfg, ownerIds: [...cfg.ownerIds, OPERATOR_OWNER_ID] },
      { logger, secrets, startPoller: false, ...(noVerify ? { gateway: vouchingGateway() } : cfg.gateway.baseUrl ? {} : { gateway: unconfiguredGateway() }) },
    );
    const ctx: AdminContext = {
      config: cfg,
      store: composed.app.store,
      dispatcher: composed.dispatcher,
      print: (t) => io.out(secrets.scrub(t)),
      readSecret: async (prompt) => {
        const s = await io.readSecret(prompt);
        secrets.add(s.trim());
        return s;
      },
      now: () => systemClock.now(),
      ...(cfg.gateway.baseUrl ? { gatewayLog: new HttpGatewayLog(cfg.gateway.baseUrl) } : {}),
    };
    await COMMANDS[name](ctx, { positional: rest, flags: args.flags });
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}`);
      return 2;
    }
    const known = e instanceof CliError || e instanceof ConfigError || (e instanceof Error && KNOWN.includes(e.name));
    const message = e instanceof Error ? e.message : String(e);
    io.err(secrets.scrub(known ? `error: ${message}` : `unexpected error: ${message}`));
    return 1;
  } finally {
    await composed?.close();
  }
}
