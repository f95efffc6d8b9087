import type { Actor } from '../api/actor.js';
import type { PriceCommand } from '../api/admin.js';
import { entryPriceText } from '../catalog/model-views.js';
import { priceText } from '../admin-text/texts.js';
import { t } from '../i18n/catalog.js';
import { formatPrice } from '../i18n/format.js';
import { err, fail, ok, type Failure, type Result } from '../failures.js';
import { phrase, say, type Phrase } from '../i18n/phrase.js';
import { badAmount, MoneyError, parseUsd } from '../money.js';
import type { ModelKind, PriceUnit } from '../pricing.js';
import { looksLikeKey } from '../secrets.js';
import { actorIds, isOwner, scopeRef } from './context.js';
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
 * Admin prices win over every other source for this community's jobs (see `PriceBook`), except that while the
 * operator's token pays here (no community token linked) a price below the gateway's cost is refused, and one for a
 * model whose cost is unknown too, unless a bot owner sets it ({@link isOwner}). A key-shaped model id is refused
 * without being stored or echoed.
 */
export async function prices(d: CoreDeps, actor: Actor, cmd: PriceCommand): Promise<Result<{ text: string }>> {
  const ids = await actorIds(d, actor);
  const ref = scopeRef(actor);
  const by = ids.userId;
  const l = ids.locale;
  if (cmd.op === 'list') {
    const own = d.catalog.book.adminSettings(ref);
    if (own.length === 0) return ok({ text: t(l, 'prices-none') });
    const lines = own.map((s) => {
      const parts = [s.price ? priceText(l, s.price.unitMicros, s.price.unit) : null, s.kind ? t(l, 'prices-kind-of', { kind: s.kind }) : null].filter(Boolean);
      return `${s.model}: ${parts.join(', ')}`;
    });
    return ok({ text: t(l, 'prices-list', { lines: lines.join('\n') }) });
  }
  const model = cmd.model.trim();
  if (looksLikeKey(model)) return err(refused(phrase('model-id-looks-like-key')));
  if (!MODEL_ID.test(model)) return err(fail('bad_amount', { message: t(l, 'prices-error-model-id') }));
  if (cmd.op === 'clear') {
    await d.modelSettings.setPrice(by, ids.scopeId, model, null);
    await reloadAdminSettings(d);
    return ok({ text: t(l, 'prices-cleared', { model, price: entryPriceText(d.catalog.book.entry(model, ref), l) }) });
  }
  if (cmd.op === 'kind') {
    const word = cmd.kind.trim().toLowerCase();
    if (!Object.hasOwn(KIND_WORDS, word)) return err(fail('bad_amount', { message: t(l, 'prices-error-kind') }));
    await d.modelSettings.setKind(by, ids.scopeId, model, KIND_WORDS[word] ?? null);
    await reloadAdminSettings(d);
    const e = d.catalog.book.entry(model, ref);
    return ok({ text: t(l, 'prices-kind-set', { model, kind: e.kind }) });
  }
  let micros: number;
  try {
    micros = parseUsd(cmd.amount);
  } catch (e) {
    if (e instanceof MoneyError) return err(fail('bad_amount', badAmount(e, cmd.amount)));
    throw e;
  }
  if (micros <= 0) return err(fail('bad_amount', { message: t(l, 'prices-error-zero') }));
  let unit: PriceUnit;
  if (cmd.unit?.trim()) {
    const u = UNIT_WORDS[cmd.unit.trim().toLowerCase()];
    if (!u) return err(fail('bad_amount', { message: t(l, 'prices-error-unit') }));
    unit = u;
  } else unit = UNIT_OF_KIND[d.catalog.book.entry(model, ref).kind];
  const owner = isOwner(d, actor);
  if (!owner && (await operatorPaysHere(d, ids.scopeId))) {
    const floor = d.catalog.book.costFloor(model, d.catalog.book.entry(model, ref).kind);
    if (!floor) return err(refused(phrase('prices-error-no-cost', { model })));
    if (floor.unit !== unit || micros < floor.unitMicros) {
      return err(refused(phrase('prices-error-below-cost', { model, amount: { priceMicros: floor.unitMicros }, unit: floor.unit === '1k_tokens' ? 'tokens' : floor.unit })));
    }
  }
  await d.modelSettings.setPrice(by, ids.scopeId, model, { unit, unitMicros: micros }, owner);
  await reloadAdminSettings(d);
  const listed = d.catalog.peekFor(actor)?.some((m) => m.id === model);
  return ok({ text: t(l, 'prices-set', { model, amount: formatPrice(l, micros), unit: unit === '1k_tokens' ? 'tokens' : unit, listed: listed === false ? 'no' : 'yes' }) });
}

/** A refusal of `/prices` in the reader's words (too long for a plain `message`). */
function refused(problem: Phrase): Failure {
  return fail('bad_amount', { message: say('en', problem), problem });
}

/** Whether the operator's token pays for this community's jobs (no community token linked; personal tokens aside). */
async function operatorPaysHere(d: CoreDeps, scopeId: string): Promise<boolean> {
  const r = await d.store.tokens.resolveToken(scopeId, '\u0000none');
  return r.source === 'operator';
}
