import type { Kysely } from 'kysely';

/**
 * Languages. `users.language`: the member's own choice (`/language <code>`), null = none (the community default or
 * the platform's locale decides). `scopes.language`: the community's default (`/setup language <code>`), null =
 * none. `jobs.locale`: the effective language of the member who started the job, resolved when it started, so a late
 * delivery (a video, a kept result posted later, a failure notice) speaks the language its command was answered in.
 * Codes are the shipped locale folders' names (`en`, `zh-CN`, `pt-BR`…); an unknown stored code falls back at read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema.alterTable('scopes').addColumn('language', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('locale', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('locale').execute();
  await db.schema.alterTable('scopes').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
