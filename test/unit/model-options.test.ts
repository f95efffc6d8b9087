import { describe, expect, it } from 'vitest';
import { compileBillingExpr } from '../../src/core/billing-expr/index.js';
import { parseArgWord } from '../../src/core/commands/arg-forms.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import { commandRegistry } from '../../src/core/commands/registry.js';
import { describeOptions, modelOptions, optionsFromExpression, optionsText, refuseOption } from '../../src/core/models/model-options.js';
import { mergePriceFile, PriceFileError, type ModelPrice } from '../../src/core/pricing.js';
import { buildCommandDefinitions } from '../../src/platforms/discord/commands/definitions.js';
import { modelOptionChoices } from '../../src/platforms/discord/interactions/autocomplete.js';
import type { ModelView } from '../../src/core/api/models.js';

const exprPrice = (source: string, kind: ModelPrice['kind']): Pick<ModelPrice, 'expression'> => {
  const c = compileBillingExpr(source);
  if (!c.ok) throw new Error(c.refusal.reason);
  return { expression: { expr: c.expr, ctx: { quotaPerUnit: 500_000, groupRatio: 1 }, markupPpm: 1_000_000n } };
};

describe('what a model offers', () => {
  it('known 2026 provider ids from the built-in table (a vendor prefix and case do not matter)', () => {
    expect(modelOptions('gpt-image-2')).toEqual({ quality: ['low', 'medium', 'high', 'auto'], background: ['transparent', 'opaque', 'auto'], format: ['png', 'jpeg', 'webp'] });
    expect(modelOptions('openai/GPT-Image-2').quality).toContain('high');
    expect(modelOptions('veo-3.1')).toEqual({ resolution: ['720p', '1080p'], audio: true, negative: true });
    expect(modelOptions('kling-v2-1')).toEqual({ endImage: true, negative: true });
    expect(modelOptions('seedance-1-0-pro').resolution).toEqual(['480p', '720p', '1080p']);
    expect(modelOptions('alpha-image-2')).toEqual({});
  });

  it('a price expression proves the options it reads', () => {
    const veo = '(u("resolution") == "1080p" ? tier("1080p", u("seconds") * 0.4) : tier("720p", u("seconds") * 0.2)) * (param("generate_audio") == true ? 1.5 : 1)';
    expect(optionsFromExpression(veo)).toEqual({ resolution: ['1080p'], audio: true });
    expect(optionsFromExpression('param("quality") == "ultra" ? tier("u", fixed(1)) : tier("s", fixed(0.1))')).toEqual({ quality: ['ultra'] });
    // An unknown id priced by such an expression offers what the expression reads; a known one adds it to its table.
    expect(modelOptions('acme-video', exprPrice(veo, 'video'))).toEqual({ resolution: ['1080p'], audio: true });
    expect(modelOptions('gpt-image-2', exprPrice('param("quality") == "ultra" ? tier("u", fixed(1)) : tier("s", fixed(0.1))', 'image')).quality).toEqual(['low', 'medium', 'high', 'auto', 'ultra']);
  });

  it('the price file lists options for any model, and refuses malformed ones naming the field', () => {
    const table = mergePriceFile({}, { models: { 'acme-video': { kind: 'video', usd: '0.1', options: { resolution: ['720p'], endImage: true } } } });
    expect(table['acme-video']!.options).toEqual({ resolution: ['720p'], endImage: true });
    expect(modelOptions('acme-video', table['acme-video'])).toEqual({ resolution: ['720p'], endImage: true });
    expect(() => mergePriceFile({}, { models: { m: { kind: 'image', usd: '0.1', options: { quality: ['Not A Word'] } } } })).toThrow(PriceFileError);
    expect(() => mergePriceFile({}, { models: { m: { kind: 'image', usd: '0.1', options: { sharpness: ['x'] } } } })).toThrow(/model "m", field "options"/);
  });

  it('refuses the first option the model does not offer, with what it offers', () => {
    const gpt = modelOptions('gpt-image-2');
    expect(refuseOption({ quality: 'high', format: 'webp' }, gpt)).toBeNull();
    expect(refuseOption({ quality: 'ultra' }, gpt)).toEqual({ option: 'quality', value: 'ultra', offered: ['low', 'medium', 'high', 'auto'] });
    expect(refuseOption({ resolution: '1080p' }, gpt)).toEqual({ option: 'resolution', value: '1080p', offered: [] });
    const kling = modelOptions('kling-v2-1');
    expect(refuseOption({ endImage: true, negative: 'blur' }, kling)).toBeNull();
    expect(refuseOption({ audio: false }, kling)).toEqual({ option: 'audio', value: 'off', offered: [] });
    expect(describeOptions(modelOptions('veo-3.1'))).toEqual(['--resolution 720p|1080p', '--audio on|off', '--negative']);
    expect(optionsText({ quality: 'high', audio: true })).toBe('--quality high · --audio on');
    expect(optionsText({})).toBe('');
  });
});

describe('the options as typed', () => {
  const commands = commandRegistry();

  it('/imagine and /video read the option flags; a quoted negative prompt is several words', () => {
    const i = parseCommandText('/imagine a crane --quality high --background transparent --format webp', commands);
    expect(i).toMatchObject({ ok: true, args: { prompt: 'a crane', quality: 'high', background: 'transparent', format: 'webp' } });
    const v = parseCommandText('/video a lake --resolution 1080p --audio on --negative "blurry, text overlays" at dawn', commands);
    expect(v).toMatchObject({ ok: true, args: { prompt: 'a lake at dawn', resolution: '1080p', audio: 'on', negative: 'blurry, text overlays' } });
  });

  it('a listed option takes any lower-case word (the core decides per model); --audio takes only on or off', () => {
    const quality = commands.find((c) => c.name === 'imagine')!.args!.find((a) => a.name === 'quality')!;
    expect(parseArgWord(quality, 'HIGH')).toBe('high');
    expect(parseArgWord(quality, 'ultra')).toBe('ultra');
    expect(parseArgWord(quality, 'two words')).toBeUndefined();
    const bad = parseCommandText('/video a lake --audio loud', commands);
    expect(bad.ok).toBe(false);
  });
});

describe('Discord: options offered per model', () => {
  const view = (id: string, options: ModelView['options'], isDefault = false): ModelView => ({ id, kind: 'image', unitMicros: 1, priceText: '$', onSale: true, ...(options ? { options } : {}), ...(isDefault ? { isDefault } : {}) });
  const imagine = commandRegistry().find((c) => c.name === 'imagine')!;
  const video = commandRegistry().find((c) => c.name === 'video')!;
  const quality = imagine.args!.find((a) => a.name === 'quality')!;
  const audio = video.args!.find((a) => a.name === 'audio')!;

  it('the option menus are completed, not fixed lists', () => {
    const json = buildCommandDefinitions([imagine, video]) as { name: string; options?: { name: string; autocomplete?: boolean; choices?: unknown[] }[] }[];
    const opt = (cmd: string, name: string) => json.find((j) => j.name === cmd)!.options!.find((o) => o.name === name)!;
    for (const [cmd, name] of [['imagine', 'quality'], ['imagine', 'background'], ['imagine', 'format'], ['video', 'resolution'], ['video', 'audio']] as const) {
      expect(opt(cmd, name).autocomplete, `${cmd} ${name}`).toBe(true);
      expect(opt(cmd, name).choices, `${cmd} ${name}`).toBeUndefined();
    }
    expect(json.find((j) => j.name === 'video')!.options!.map((o) => o.name)).toEqual(expect.arrayContaining(['negative', 'image', 'end_image']));
  });

  it('only the chosen model\'s values, the default model\'s when none is chosen, nothing for a model without the option', () => {
    const models = [view('alpha-image-2', undefined, true), view('gpt-image-2', modelOptions('gpt-image-2'))];
    expect(modelOptionChoices(quality, models, 'gpt-image-2', '').map((c) => c.value)).toEqual(['low', 'medium', 'high', 'auto']);
    expect(modelOptionChoices(quality, models, 'gpt-image-2', 'hi').map((c) => c.value)).toEqual(['high']);
    expect(modelOptionChoices(quality, models, 'alpha-image-2', '')).toEqual([]);
    expect(modelOptionChoices(quality, models, undefined, '')).toEqual([]);
    const videos = [view('veo-3.1', modelOptions('veo-3.1'), true), view('kling-v2-1', modelOptions('kling-v2-1'))];
    expect(modelOptionChoices(audio, videos, undefined, '').map((c) => c.value)).toEqual(['on', 'off']);
    expect(modelOptionChoices(audio, videos, 'kling-v2-1', '')).toEqual([]);
  });
});

describe('the console: --end-image', () => {
  it('puts the last frame after the first, and refuses it alone', async () => {
    const { takeImageFlags } = await import('../../src/platforms/console/local-files.js');
    const r = takeImageFlags('/video a flower --end-image /tmp/end.png --model kling-v2-1 --image /tmp/start.png', () => true);
    expect(r).toEqual({ text: '/video a flower --model kling-v2-1', paths: ['/tmp/start.png', '/tmp/end.png'], typed: ['/tmp/start.png', '/tmp/end.png'] });
    const alone = takeImageFlags('/video a flower --end-image /tmp/end.png', () => true);
    expect(alone).toMatchObject({ error: { id: 'playground-end-image-alone' } });
  });
});
