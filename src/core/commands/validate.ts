import type { Actor } from '../api/actor.js';
import type { ImagesApi } from '../api/images.js';
import type { ModelsApi } from '../api/models.js';
import { err, fail, ok, type Failure, type Result } from '../failures.js';
import { didYouMean, formText, parseArgWord, parseInteger } from './arg-forms.js';
import { phrase } from '../i18n/phrase.js';
import { looksLikeKey } from '../secrets.js';
import { graphemePrefix } from '../text-cut.js';
import { firstConflict, flagFailure } from './grammar.js';
import type { ArgSpec, ArgValue, ArgValues, CommandDefinition, IncomingFile, SubcommandDefinition } from './types.js';
import type { SurfaceInfo } from '../ports/surface.js';

/** What argument validation asks the core: the cached models (a model's kind) and a reference image's byte limit. */
export type ArgChecks = Pick<ModelsApi, 'cachedModels'> & Pick<ImagesApi, 'referenceLimitBytes'>;

/** How a message names an argument: `--ar` on text surfaces, `aspect` on Discord. */
type Label = (spec: ArgSpec) => string;

/** What is validated: a command, or one of its subcommands. */
export interface ArgTarget {
  readonly command: CommandDefinition;
  readonly sub?: SubcommandDefinition;
}

/**
 * How messages about `at`'s arguments name them on `surface`: the option name where the surface takes options
 * (`SurfaceInfo.optionHint`, e.g. `aspect` for Discord's `aspect:`), else the first flag (`--ar`), else the argument's
 * name (a positional word).
 */
export function argLabel(surface: Pick<SurfaceInfo, 'optionHint'>, at: ArgTarget): Label {
  const hint = surface.optionHint?.bind(surface);
  const flag = (s: ArgSpec) => (s.flags?.[0] ? `--${s.flags[0]}` : s.name);
  if (!hint) return flag;
  return (s) => hint(s, at)?.split(' ')[0]?.replace(/:$/, '') || s.name;
}

/**
 * Checks argument values against their specs before any money moves, whichever surface produced them: kinds and
 * forms, integer ranges (`bad_duration` for seconds, `bad_count` for counts), conflicts, the model's kind (from the
 * model list cache, never waiting on the gateway; the use-case checks again against the price table), attachment
 * count and declared size. Returns the normalized values. A missing required argument is `missing_argument` with
 * `usage`; arguments the command does not declare are refused (`bad_flag`). Messages name arguments the way the
 * asking surface takes them ({@link argLabel}): `--ar 0:0 is not valid` when typed, `aspect 0:0 is not valid` on Discord.
 */
export function validateArgs(
  core: ArgChecks,
  actor: Actor,
  at: ArgTarget,
  given: ArgValues,
  usage: readonly string[],
  surface: Pick<SurfaceInfo, 'optionHint'>,
): Result<Record<string, ArgValue>> {
  const specs = (at.sub ? at.sub.args : at.command.args) ?? [];
  const label = argLabel(surface, at);
  const out: Record<string, ArgValue> = {};
  for (const name of Object.keys(given)) {
    if (given[name] !== undefined && !specs.some((s) => s.name === name)) return err(flagFailure(phrase('input-unknown-argument', { name: graphemePrefix(name, 32) })));
  }
  for (const spec of specs) {
    const raw = given[spec.name];
    const v = spec.kind === 'attachment' ? checkFiles(spec, raw, label) : checkValue(spec, raw, label);
    if (!v.ok) return v;
    if (v.value === undefined) {
      if (spec.required) return err(spec.kind === 'attachment' ? fail('attachment_missing') : fail('missing_argument', { name: spec.name, usage }));
      continue;
    }
    out[spec.name] = v.value;
  }
  const conflict = firstConflict(specs, out);
  if (conflict) return err(flagFailure(phrase('input-flag-conflict', { flag: label(conflict[1]), other: label(conflict[0]) })));
  const kind = checkModelKind(core, actor, specs, out);
  if (kind) return err(kind);
  const size = checkDeclaredSizes(core, specs, out);
  if (size) return err(size);
  return ok(out);
}

function checkValue(spec: ArgSpec, raw: ArgValue | undefined, label: Label): Result<ArgValue | undefined> {
  if (raw === undefined) return ok(undefined);
  if (Array.isArray(raw)) return err(flagFailure(phrase('input-not-files', { flag: label(spec), form: formText(spec) })));
  if (spec.kind === 'integer') {
    const n = typeof raw === 'number' ? raw : parseInteger(String(raw));
    if (n === undefined || !Number.isInteger(n)) return err(rangeFailure(spec, String(raw), label));
    if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) return err(rangeFailure(spec, n, label));
    return ok(n);
  }
  const s = String(raw);
  if (s.trim() === '') return ok(undefined);
  if (spec.kind === 'text') {
    if (spec.max !== undefined && s.length > spec.max) {
      return err(spec.name === 'prompt' ? fail('prompt_too_long', { max: spec.max, got: s.length }) : flagFailure(phrase('input-too-long', { flag: label(spec), max: spec.max })));
    }
    return ok(s.trim());
  }
  // A key pasted as a model id is refused and never quoted back (nor stored, nor sent anywhere).
  if (spec.kind === 'model' && looksLikeKey(s)) return err(flagFailure(phrase('model-id-looks-like-key')));
  const v = parseArgWord(spec, s);
  if (v === undefined) {
    // A secret is never quoted back.
    const problem =
      spec.kind === 'secret'
        ? phrase('input-secret-bad-value', { flag: label(spec), form: formText(spec) })
        : phrase('input-flag-bad-value', { flag: label(spec), value: graphemePrefix(s.trim(), 40), form: formText(spec) });
    return err(flagFailure(didYouMean(spec, s, problem)));
  }
  return ok(v);
}

function rangeFailure(spec: ArgSpec, given: number | string, label: Label): Failure {
  const min = spec.min ?? 1;
  const max = spec.max ?? Number.MAX_SAFE_INTEGER;
  if (spec.name === 'seconds') return fail('bad_duration', { given, min, max });
  if (spec.name === 'count') return fail('bad_count', { given, max });
  return flagFailure(phrase('input-flag-bad-value', { flag: label(spec), value: String(given).slice(0, 20), form: formText(spec) }));
}

function checkFiles(spec: ArgSpec, raw: ArgValue | undefined, label: Label): Result<ArgValue | undefined> {
  if (raw === undefined) return ok(undefined);
  if (!Array.isArray(raw)) return err(flagFailure(phrase('input-files-only', { flag: label(spec) })));
  const list = raw as readonly IncomingFile[];
  if (list.length === 0) return ok(undefined);
  const max = spec.maxCount ?? 1;
  if (list.length > max) return err(fail('attachment_too_many', { max, got: list.length }));
  return ok(list);
}

/** The kind of model a command's `model` argument expects, when it declares one. */
function expectedModelKind(specs: readonly ArgSpec[]): ArgSpec['modelKind'] {
  return specs.find((s) => s.kind === 'model')?.modelKind;
}

function checkModelKind(core: ArgChecks, actor: Actor, specs: readonly ArgSpec[], args: Record<string, ArgValue>): Failure | undefined {
  for (const spec of specs) {
    const model = args[spec.name];
    if (spec.kind !== 'model' || !spec.modelKind || typeof model !== 'string') continue;
    const known = core.cachedModels(actor).find((m) => m.id === model);
    if (known && known.kind !== spec.modelKind) return fail('model_wrong_kind', { model, expected: spec.modelKind });
  }
  return undefined;
}

function checkDeclaredSizes(core: ArgChecks, specs: readonly ArgSpec[], args: Record<string, ArgValue>): Failure | undefined {
  const kind = expectedModelKind(specs) === 'video' ? 'video' : 'image';
  const model = typeof args.model === 'string' ? args.model : undefined;
  for (const spec of specs) {
    if (spec.kind !== 'attachment') continue;
    const list = (args[spec.name] ?? []) as readonly IncomingFile[];
    const maxBytes = core.referenceLimitBytes(kind, model);
    const big = list.find((f) => f.declaredBytes !== undefined && f.declaredBytes > maxBytes);
    if (big) return fail('attachment_too_large', { maxBytes, gotBytes: big.declaredBytes ?? 0, name: big.name.slice(0, 80) });
  }
  return undefined;
}
