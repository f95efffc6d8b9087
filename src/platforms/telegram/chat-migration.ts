import type { Context, MiddlewareFn } from 'grammy';
import type { SurfaceCore } from '../../core/api/surface.js';
import type { Logger } from '../../log.js';

/**
 * A basic group upgraded to a supergroup gets a new chat id. Telegram says so twice: `migrate_to_chat_id` in the
 * old group and `migrate_from_chat_id` in the new one. Either one (whichever comes first; the second finds the move
 * done) moves the community to its new id in the core, so it keeps its budgets, blocks, token, jobs and usage.
 * Installed before anything that records members, so the new id is not first created as an empty community here;
 * another process behind the same webhook may already have run a command there, and that job joins the community
 * (see `Directory.moveScope`).
 * These service messages need nothing else.
 */
export function chatMigration(core: Pick<SurfaceCore, 'scopeMoved'>, logger: Logger): MiddlewareFn<Context> {
  return async (ctx, next) => {
    const m = ctx.msg;
    const to = m?.migrate_to_chat_id;
    const from = m?.migrate_from_chat_id;
    if (!m || (to === undefined && from === undefined)) return next();
    const oldId = to !== undefined ? m.chat.id : from!;
    const newId = to !== undefined ? to : m.chat.id;
    try {
      const outcome = await core.scopeMoved({ platform: 'telegram', externalId: String(oldId) }, String(newId));
      logger.info({ from: oldId, to: newId, outcome }, 'telegram group upgraded to a supergroup');
    } catch (err) {
      logger.error({ err, from: oldId, to: newId }, 'could not move a community to its supergroup id');
    }
  };
}
