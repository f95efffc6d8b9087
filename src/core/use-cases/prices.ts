import type { Actor, PriceCommand } from '../api.js';
import { entryPriceText, PRICE_SOURCE_TEXT } from '../catalog/model-views.js';
import { err, fail, ok, type Result } from '../failures.js';
import { formatUsd, MoneyError, parseUsd } from '../money.js';
import type { ModelKind, PriceUnit } from '../pricing.js';
import { actorIds, scopeRef } from './context.js';
import type { CoreDeps } from './deps.js';

const UNIT_WORDS: Record<string, PriceUnit> = {
  image: 'image', images: 'image', img: 'image',
  second: 'second', seconds: 'second', sec: 'second', s: 'second',
  '1k': '1k_tokens', '1k_tokens': '1k_tokens', tokens: '1k_tokens', '1k-tokens': '1k_tokens',
};
const KIND_WORDS: Record<string, ModelKind | null> = { image: 'image', video: 'video', text: 'text', auto: null, clear: null };
const UNIT_OF_KIND: Record<ModelKind, PriceUnit> = { image: 'image', video: 'second', text: '1k_tokens' };
const MODEL_ID = /^[A-Za-z0-9._:/@+-]{1,128}$/;

/** Re-reads every admin model setting into the price book (after a change, and at start). */
export async function reloadAdminSettings(d: Pick<CoreDeps, 'catalog' | 'modelSettings'>): Promise<void> {
  d.catalog.book.setAdminSettings(await d.modelSettings.all());
}

/**
 * `prices`: an admin's own model prices and kinds in this community (the adapter checked the actor is an admin).
 * - `list`: every admin price and kind here, with what each model would cost otherwise;
 * - `set <model> <usd> [image|second|1k]`: the unit defaults from the model's kind; audited;
 * - `clear <model>`: back to the operator's or the gateway's price; audited;
 * - `kind <model> image|video|text|auto`: corrects (or with `auto` forgets) the model's kind; audited.
 * Admin prices win over every other source for this community's jobs (see `PriceBook`).
 */
export async function prices(d: CoreDeps, actor: Actor, cmd: PriceCommand): Promise<Result<{ text: string }>> {
  const ids = await actorIds(d, actor);
  const ref = scopeRef(actor);
  const by = ids.userId;
  if (cmd.op === 'list') {
    const own = d.catalog.book.adminSettings(ref);
    if (own.length === 0) return ok({ text: 'No admin prices here. Models use the operator\'s price file or the gateway\'s published prices; see /models.' });
    const lines = own.map((s) => {
      const parts = [s.price ? `${formatUsd(s.price.unitMicros)} / ${s.price.unit === '1k_tokens' ? '1K tokens' : s.price.unit}` : null, s.kind ? `kind ${s.kind}` : null].filter(Boolean);
      return `${s.model}: ${parts.join(', ')}`;
    });
    return ok({ text: `Admin settings here (${PRICE_SOURCE_TEXT.admin}):\n${lines.join('\n')}` });
  }
  const model = cmd.model.trim();
  if (!MODEL_ID.test(model)) return err(fail('bad_amount', { message: 'Give the exact model id as /models lists it.' }));
  if (cmd.op === 'clear') {
    await d.modelSettings.setPrice(by, ids.scopeId, model, null);
    await reloadAdminSettings(d);
    return ok({ text: `The admin price of ${model} was removed; it now costs ${entryPriceText(d.catalog.book.entry(model, ref))}.` });
  }
  if (cmd.op === 'kind') {
    const word = cmd.kind.trim().toLowerCase();
    if (!Object.hasOwn(KIND_WORDS, word)) return err(fail('bad_amount', { message: 'The kind is image, video, text or auto.' }));
    await d.modelSettings.setKind(by, ids.scopeId, model, KIND_WORDS[word] ?? null);
    await reloadAdminSettings(d);
    const e = d.catalog.book.entry(model, ref);
    return ok({ text: `${model} is now treated as ${e.kind === 'image' ? 'an image' : e.kind === 'video' ? 'a video' : 'a text'} model here.` });
  }
  let micros: number;
  try {
    micros = parseUsd(cmd.amount);
  } catch (e) {
    if (e instanceof MoneyError) return err(fail('bad_amount', { message: e.message }));
    throw e;
  }
  if (micros <= 0) return err(fail('bad_amount', { message: 'A price must be more than $0.' }));
  let unit: PriceUnit;
  if (cmd.unit?.trim()) {
    const u = UNIT_WORDS[cmd.unit.trim().toLowerCase()];
    if (!u) return err(fail('bad_amount', { message: 'The unit is image, second or 1k (1,000 text tokens).' }));
    unit = u;
  } else unit = UNIT_OF_KIND[d.catalog.book.entry(model, ref).kind];
  await d.modelSettings.setPrice(by, ids.scopeId, model, { unit, unitMicros: micros });
  await reloadAdminSettings(d);
  const listed = d.catalog.peekFor(actor)?.some((m) => m.id === model);
  return ok({ text: `${model} now costs ${formatUsd(micros)} per ${unit === '1k_tokens' ? '1K tokens' : unit} here (set by an admin; it wins over other prices).${listed === false ? ' Note: this token does not list that model.' : ''}` });
}
