import { err, fail, ok, type Result } from '../failures.js';
import { describeOptions, modelOptions, refuseOption, type RequestedOptions } from '../models/model-options.js';
import type { ModelPrice } from '../pricing.js';

/**
 * Checks the options a member asked for against what `model` offers ({@link modelOptions}): ok, or
 * `option_unsupported` naming the option, the values the model offers for it and everything it takes. Before any
 * hold: a refused option costs nothing.
 */
export function checkOptions(model: string, price: ModelPrice, asked: RequestedOptions): Result<void> {
  const offered = modelOptions(model, price);
  const refusal = refuseOption(asked, offered);
  if (!refusal) return ok(undefined);
  return err(fail('option_unsupported', { model, option: refusal.option, value: refusal.value, offered: [...refusal.offered], all: describeOptions(offered) }));
}
