import type { AdminCommand } from '../../api/admin.js';
import type { CommandContext, Reply, ReplyFile } from '../types.js';
import { chartFile, failureReply } from '../reply-kit.js';

/**
 * Runs an admin command through the core (amounts and periods parsed by the money module there) and answers with
 * its text, plus for `usage` the chart as an image (when asked for and drawn) and the CSV report as a document.
 */
export async function runAdminReply(ctx: CommandContext, cmd: AdminCommand, title?: string): Promise<Reply> {
  const res = await ctx.core.admin(ctx.actor, cmd);
  if (!res.ok) return failureReply(ctx, res.failure);
  const { csv, chart } = res.value;
  const files: ReplyFile[] = [];
  if (chart) files.push(chartFile(chart));
  if (csv) {
    const bytes = new TextEncoder().encode(csv.content);
    files.push({ name: csv.filename, mime: 'text/csv', kind: 'document', bytes, size: bytes.byteLength });
  }
  return {
    visibility: 'private',
    tone: 'info',
    ...(title ? { title } : {}),
    blocks: [res.value.text],
    ...(files.length > 0 ? { files } : {}),
  };
}
