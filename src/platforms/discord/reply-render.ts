import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type APIActionRowComponent, type APIButtonComponent, type APIComponentInMessageActionRow, type APIEmbed } from 'discord.js';
import type { Reply, ReplyAction, ReplyFile, ReplyMenu } from '../../core/api/surface.js';
import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { formatBytes } from '../../core/i18n/format.js';
import { actionCustomId, menuCustomId } from './custom-ids.js';
import { clip, LIMITS } from './render.js';

/** A file as discord.js takes it: bytes in memory, or the path of a kept output (streamed from disk). */
export interface OutgoingFile {
  readonly attachment: Buffer | string;
  readonly name: string;
}

/** One Discord message of a rendered reply. */
export interface OutgoingMessage {
  readonly content: string;
  readonly embeds: APIEmbed[];
  readonly components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  readonly files: OutgoingFile[];
}

/** A reply as Discord messages: the first (the interaction response) and follow-ups carrying files past 10. */
export interface RenderedReply {
  readonly first: OutgoingMessage;
  readonly more: readonly OutgoingMessage[];
}

/**
 * Plain text made safe for Discord markdown: `* ` ~ | \` and word-edge underscores escaped, line-start headings and
 * quotes neutralised. Underscores inside words (`j_abc`, `snake_case`) never format, so ids stay copyable as shown.
 */
export function escapeText(s: string): string {
  return s
    .replace(/[\\*`~|]/g, '\\$&')
    .replace(/(?<!\w)_|_(?!\w)/g, '\\_')
    .replace(/^(#{1,3} |-# |>)/gm, '\\$1');
}

const kindOf = (files: readonly ReplyFile[]) => (files.every((f) => f.kind === 'image') ? 'image' : files.every((f) => f.kind === 'video') ? 'video' : 'file');

/** The sentence naming files over the upload limit in `locale`, with `/job <id>` to fetch them later (when the reply has a job). */
export function overLimitNote(skipped: readonly ReplyFile[], limitBytes: number, jobId: string | undefined, locale: string = DEFAULT_LOCALE): string {
  if (skipped.length === 0) return '';
  return t(locale, 'surface-over-limit', { count: skipped.length, kind: kindOf(skipped), limit: formatBytes(locale, limitBytes), job: jobId ? `/job ${jobId}` : 'none' });
}

/**
 * Reply actions as button rows (5 per row, 5 rows); an action whose id would not fit is left out. Numbered actions
 * (V1…Vn, U1…Un: an `index` argument) keep a row of their own, so the rows read V…, U…, then the rest.
 */
export function actionRows(actions: readonly ReplyAction[]): APIActionRowComponent<APIButtonComponent>[] {
  const groups: ButtonBuilder[][] = [];
  let prev: ReplyAction | undefined;
  for (const a of actions) {
    const id = actionCustomId(a);
    if (!id) continue;
    const last = groups.at(-1);
    const numberedEdge = prev !== undefined && prev.command !== a.command && (prev.args.index !== undefined || a.args.index !== undefined);
    const button = new ButtonBuilder().setCustomId(id).setLabel(clip(a.label, LIMITS.buttonLabel)).setStyle(ButtonStyle.Secondary);
    if (last && last.length < LIMITS.buttonsPerRow && !numberedEdge) last.push(button);
    else groups.push([button]);
    prev = a;
  }
  return groups.slice(0, LIMITS.rows).map((g) => new ActionRowBuilder<ButtonBuilder>().addComponents(g).toJSON());
}

/**
 * Reply menus as select-menu rows (one per row, 25 options each), then the actions' button rows in what is left of
 * the 5 rows; a menu whose id would not fit is left out.
 */
export function componentRows(menus: readonly ReplyMenu[], actions: readonly ReplyAction[]): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  for (const m of menus) {
    const id = menuCustomId(m);
    const options = m.options.slice(0, LIMITS.menuOptions);
    if (!id || options.length === 0 || rows.length >= LIMITS.rows - 1) continue;
    const menu = new StringSelectMenuBuilder()
      .setCustomId(id)
      .setPlaceholder(clip(m.placeholder, LIMITS.menuPlaceholder))
      .addOptions(options.map((o) => ({ label: clip(o.label, LIMITS.buttonLabel), value: o.value.slice(0, LIMITS.menuValue) })));
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu).toJSON());
  }
  return [...rows, ...actionRows(actions).slice(0, LIMITS.rows - rows.length)];
}

/** Longest field value shown side by side with others (longer ones, and lines, get the full width). */
const INLINE_MAX = 40;

/**
 * Title, blocks and fields as an embed within Discord's limits: 25 fields, 6000 characters in all. Fields (the
 * numbers) are kept first, in order, while they fit; the text gets what is left; the footer names the job.
 */
function embedOf(reply: Reply): APIEmbed {
  const title = reply.title ? clip(reply.title, LIMITS.embedTitle) : undefined;
  const footer = reply.jobId ? `Job ${reply.jobId}` : undefined;
  let left = LIMITS.embedTotal - (title?.length ?? 0) - (footer?.length ?? 0);
  const fields: NonNullable<APIEmbed['fields']> = [];
  for (const f of (reply.fields ?? []).slice(0, LIMITS.embedFields)) {
    const name = clip(f.name, LIMITS.fieldName) || '\u200b';
    const value = clip(escapeText(f.value), LIMITS.fieldValue) || '\u200b';
    if (name.length + value.length > left) break;
    left -= name.length + value.length;
    fields.push({ name, value, inline: f.value.length <= INLINE_MAX && !f.value.includes('\n') });
  }
  const description = clip(reply.blocks.map((b) => escapeText(b)).join('\n\n'), Math.min(LIMITS.embedDescription, left));
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(fields.length ? { fields } : {}),
    ...(footer ? { footer: { text: footer } } : {}),
  };
}

/** Title (bold) and blocks as message text. */
function textOf(reply: Reply): string {
  const parts = [...(reply.title ? [`**${escapeText(reply.title)}**`] : []), ...reply.blocks.map((b) => escapeText(b))];
  return parts.join('\n\n');
}

function outgoingFile(f: ReplyFile): OutgoingFile | undefined {
  if (f.bytes) return { attachment: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength), name: f.name };
  return f.path ? { attachment: f.path, name: f.name } : undefined;
}

/**
 * Lays a neutral reply out as Discord messages. Plain text (an error, a short info) goes in the message content;
 * a result, a reply with fields, or text past 2000 characters goes in an embed. Files over `uploadLimitBytes` are
 * not uploaded but named in the content with the `/job <id>` hint; 10 files per message, the rest in follow-ups.
 * Actions become buttons (none on errors).
 */
export function renderReply(reply: Reply, o: { uploadLimitBytes: number }): RenderedReply {
  const files = reply.tone === 'error' ? [] : (reply.files ?? []);
  const fits = files.filter((f) => f.size <= o.uploadLimitBytes);
  const note = overLimitNote(
    files.filter((f) => f.size > o.uploadLimitBytes),
    o.uploadLimitBytes,
    reply.jobId,
    reply.locale,
  );
  const outgoing = fits.map(outgoingFile).filter((f): f is OutgoingFile => f !== undefined);
  const components = reply.tone === 'error' ? [] : componentRows(reply.menus ?? [], reply.actions ?? []);
  const text = textOf(reply);
  const asEmbed = reply.tone !== 'error' && (reply.tone === 'result' || (reply.fields?.length ?? 0) > 0 || text.length + note.length + 2 > LIMITS.content);
  const first: OutgoingMessage = asEmbed
    ? { content: note, embeds: [embedOf(reply)], components, files: outgoing.slice(0, LIMITS.filesPerMessage) }
    : { content: clip([text, note].filter(Boolean).join('\n\n'), LIMITS.content), embeds: [], components, files: outgoing.slice(0, LIMITS.filesPerMessage) };
  const more: OutgoingMessage[] = [];
  for (let at = LIMITS.filesPerMessage; at < outgoing.length; at += LIMITS.filesPerMessage) {
    more.push({ content: '', embeds: [], components: [], files: outgoing.slice(at, at + LIMITS.filesPerMessage) });
  }
  return { first, more };
}
