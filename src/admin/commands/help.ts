import { AUDIT_USAGE } from './audit.js';
import { BACKUP_USAGE } from './backup.js';
import { BUDGET_USAGE } from './budget.js';
import { COMMUNITIES_USAGE } from './communities.js';
import { JOBS_USAGE } from './jobs.js';
import { MIGRATE_TO_POSTGRES_USAGE } from './migrate-to-postgres.js';
import { RECONCILE_USAGE } from './reconcile.js';
import { REF_USAGE } from './ref.js';
import { TOKEN_USAGE } from './token.js';
import { USAGE_USAGE } from './usage.js';
import { WORDS_USAGE } from './words.js';

/** The full help text of `npm run admin -- help`. */
export function helpText(): string {
  return [
    'Operator CLI — works on DATABASE_URL (PostgreSQL) or else DATABASE_PATH, with BOT_ENCRYPTION_KEY (from the environment or .env).',
    'Usage: npm run admin -- <command>   (in the container: docker compose exec bot npm run admin -- <command>)',
    '',
    'Budgets (amounts in USD, e.g. 2 or 0.50; periods day|week|month|total):',
    ...BUDGET_USAGE.map((l) => `  ${l}`),
    '',
    'Who may use GATEWAY_TOKEN (OPERATOR_TOKEN_ACCESS=approved):',
    ...COMMUNITIES_USAGE.map((l) => `  ${l}`),
    '',
    'Gateway tokens (read from stdin, never from the command line; shown masked):',
    ...TOKEN_USAGE.map((l) => `  ${l}`),
    '',
    'Prompt rules (refused free, before any hold; the global list applies to every community):',
    ...WORDS_USAGE.map((l) => `  ${l}`),
    '',
    'Reports:',
    `  ${USAGE_USAGE}`,
    ...JOBS_USAGE.map((l) => `  ${l}`),
    `  ${REF_USAGE}`,
    `  ${AUDIT_USAGE}`,
    `  ${RECONCILE_USAGE}   (the bot's figures against the gateway's token log; exit 1 when a log cannot be read)`,
    '',
    'Maintenance:',
    `  ${BACKUP_USAGE}`,
    `  ${MIGRATE_TO_POSTGRES_USAGE}`,
    '  help',
    '',
    'Scopes: discord:<guild id>, telegram:<chat id>, console:local (or --scope <scope> anywhere on the line).',
    'Users: discord:<user id>, telegram:<user id>, or @username of a member the bot has seen in that scope.',
    '`budget` and community `token` commands run the chat commands /budget and /setup of that scope, as the operator:',
    'the same checks and words as in the chats. Every change is recorded in the audit log with actor "operator".',
    'Exit codes: 0 ok, 1 the request could not be applied, 2 the command line is malformed.',
  ].join('\n');
}
