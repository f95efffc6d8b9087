import type { AdminCommand } from '../../api.js';
import type { CommandContext, Reply } from '../types.js';
import { failureReply } from '../reply-kit.js';

/**
 * Runs an admin command through the core (amounts and periods parsed by the money module there) and answers with
 * its text, plus the CSV report as a document for `usage`.
 */
export async function runAdminReply(ctx: CommandContext, cmd: AdminCommand, title?: string): Promise<Reply> {
  const res = await ctx.core.admin(ctx.actor, cmd);
  if (!res.ok) return failureReply(ctx, res.failure);
  const csv = res.value.csv;
  const bytes = csv ? new TextEncoder().encode(csv.content) : undefined;
  return {
    visibility: 'private',
    tone: 'info',
    ...(title ? { title } : {}),
    blocks: [res.value.text],
    ...(csv && bytes ? { files: [{ name: csv.filename, mime: 'text/csv', kind: 'document' as const, bytes, size: bytes.byteLength }] } : {}),
  };
}
