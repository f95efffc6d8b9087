import { describe, expect, it } from 'vitest';
import { CALLBACK_DATA_MAX_BYTES, decodeCallbackData, encodeCallbackData, type CallbackCommand } from '../../src/platforms/telegram/util/callback-data.js';

describe('callback data', () => {
  it('round-trips every command compactly, with the codes buttons already posted carry', () => {
    const commands: CallbackCommand[] = ['reroll', 'animate', 'edit', 'job', 'upscale'];
    const encoded = commands.map((command) => encodeCallbackData({ command, jobId: 'j_7fk2m9' }));
    expect(encoded).toEqual(['r:j_7fk2m9', 'a:j_7fk2m9', 'e:j_7fk2m9', 'f:j_7fk2m9', 'u:j_7fk2m9']);
    expect(encoded.map(decodeCallbackData)).toEqual(commands.map((command) => ({ command, jobId: 'j_7fk2m9' })));
  });

  it('stays within 64 bytes for the longest job id', () => {
    const data = encodeCallbackData({ command: 'upscale', jobId: 'x'.repeat(62) });
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    expect(decodeCallbackData(data)).toEqual({ command: 'upscale', jobId: 'x'.repeat(62) });
  });

  it('refuses job ids that do not fit or contain separators, and commands without a code', () => {
    expect(() => encodeCallbackData({ command: 'edit', jobId: 'x'.repeat(63) })).toThrow(RangeError);
    expect(() => encodeCallbackData({ command: 'edit', jobId: 'a:b' })).toThrow(RangeError);
    expect(() => encodeCallbackData({ command: 'edit', jobId: '' })).toThrow(RangeError);
    expect(() => encodeCallbackData({ command: 'budget' as CallbackCommand, jobId: 'j_1' })).toThrow(RangeError);
  });

  it('returns undefined for foreign or malformed data', () => {
    for (const data of [undefined, '', 'r:', 'z:j_1', 'reroll:j_1', 'r:j 1', 'R:j_1', 'r:ü', `r:${'x'.repeat(70)}`, '{"a":1}']) {
      expect(decodeCallbackData(data), String(data)).toBeUndefined();
    }
  });
});
