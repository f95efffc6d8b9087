import { describe, expect, it } from 'vitest';
import {
  extractTaskId, extractVideoUrl, normalizeProgress, normalizeStatusWord, normalizeVideoTask,
  parseChatCompletion, parseImages, parseMessagesResponse, parseModelList,
} from '../../src/gateway/normalize.js';

describe('normalizeStatusWord', () => {
  const table: [string, string][] = [
    ['queued', 'queued'], ['QUEUED', 'queued'], ['NOT_START', 'queued'], ['SUBMITTED', 'queued'], ['pending', 'queued'],
    ['unknown', 'queued'], ['UNKNOWN', 'queued'],
    ['in_progress', 'running'], ['IN_PROGRESS', 'running'], ['processing', 'running'], ['running', 'running'], ['started', 'running'],
    ['completed', 'succeeded'], ['succeeded', 'succeeded'], ['SUCCESS', 'succeeded'], ['succeed', 'succeeded'], ['done', 'succeeded'],
    ['failed', 'failed'], ['FAILURE', 'failed'], ['error', 'failed'], ['cancelled', 'failed'], ['canceled', 'failed'], ['expired', 'failed'],
  ];
  it.each(table)('%s → %s', (word, want) => expect(normalizeStatusWord(word)).toBe(want));
  it('returns undefined for an unknown word', () => expect(normalizeStatusWord('warming_up')).toBeUndefined());
});

describe('normalizeProgress', () => {
  it.each([
    [0, 0], [30, 30], [42.6, 43], ['30%', 30], ['100%', 100], [' 7 % ', 7], ['55', 55], [150, 100], [-5, 0], ['abc', 0], [null, 0], [undefined, 0],
  ] as [unknown, number][])('%s → %s', (v, want) => expect(normalizeProgress(v)).toBe(want));
});

describe('extractTaskId / extractVideoUrl', () => {
  it('reads id ?? task_id ?? data.task_id ?? data.id', () => {
    expect(extractTaskId({ id: 'task_a', task_id: 'task_b' })).toBe('task_a');
    expect(extractTaskId({ task_id: 'task_b' })).toBe('task_b');
    expect(extractTaskId({ code: 'success', data: { task_id: 'task_c' } })).toBe('task_c');
    expect(extractTaskId({ data: { id: 'video_d' } })).toBe('video_d');
    expect(extractTaskId({ id: 123 })).toBe('123');
    expect(extractTaskId({})).toBeUndefined();
  });
  it('reads every URL field', () => {
    expect(extractVideoUrl({ metadata: { url: 'http://a/1' } })).toBe('http://a/1');
    expect(extractVideoUrl({ data: { result_url: 'http://a/2' } })).toBe('http://a/2');
    expect(extractVideoUrl({ result_url: 'http://a/3' })).toBe('http://a/3');
    expect(extractVideoUrl({ url: 'http://a/4' })).toBe('http://a/4');
    expect(extractVideoUrl({ video_url: 'http://a/5' })).toBe('http://a/5');
    expect(extractVideoUrl({ id: 'x' })).toBeUndefined();
  });
});

describe('normalizeVideoTask', () => {
  it('reads an OpenAI-style create answer', () => {
    const n = normalizeVideoTask({ id: 'task_1', task_id: 'task_1', object: 'video', status: 'queued', progress: 0, created_at: 1 });
    expect(n).toEqual({ task: { id: 'task_1', status: 'queued', progress: 0 } });
  });
  it('reads new-api upper-case words and "NN%" progress', () => {
    expect(normalizeVideoTask({ task_id: 't', status: 'IN_PROGRESS', progress: '30%' })?.task).toEqual({ id: 't', status: 'running', progress: 30 });
  });
  it('forces 100 on success and keeps a URL', () => {
    expect(normalizeVideoTask({ id: 't', status: 'completed', progress: 90, metadata: { url: 'http://localhost:3000/v.mp4' } })?.task)
      .toEqual({ id: 't', status: 'succeeded', progress: 100, url: 'http://localhost:3000/v.mp4' });
  });
  it('unwraps the legacy {code,message,data} envelope', () => {
    const body = { code: 'success', message: '', data: { task_id: 'task_9', status: 'SUCCESS', progress: '100%', result_url: 'http://cdn/v.mp4' } };
    expect(normalizeVideoTask(body)?.task).toEqual({ id: 'task_9', status: 'succeeded', progress: 100, url: 'http://cdn/v.mp4' });
  });
  it('legacy failure carries fail_reason', () => {
    const body = { code: 'success', data: { task_id: 't', status: 'FAILURE', progress: '100%', fail_reason: 'upstream refused' } };
    expect(normalizeVideoTask(body)?.task).toEqual({ id: 't', status: 'failed', progress: 100, error: { message: 'upstream refused' } });
  });
  it('no status but an error object → failed, numeric code as string', () => {
    expect(normalizeVideoTask({ id: 't', error: { code: 500, message: 'boom' } })?.task)
      .toEqual({ id: 't', status: 'failed', progress: 0, error: { code: '500', message: 'boom' } });
  });
  it('failed may come without an error', () => {
    expect(normalizeVideoTask({ id: 't', status: 'failed', progress: 20 })?.task).toEqual({ id: 't', status: 'failed', progress: 20 });
  });
  it('unknown word → running, reported', () => {
    expect(normalizeVideoTask({ id: 't', status: 'warming_up', progress: 10 })).toEqual({ task: { id: 't', status: 'running', progress: 10 }, unknownStatus: 'warming_up' });
  });
  it('uses the fallback id, or fails without any id', () => {
    expect(normalizeVideoTask({ status: 'queued' }, 'known')?.task.id).toBe('known');
    expect(normalizeVideoTask({ status: 'queued' })).toBeUndefined();
    expect(normalizeVideoTask('nope')).toBeUndefined();
  });
});

describe('response parsers', () => {
  it('parses model lists in both shapes', () => {
    const entry = { id: 'alpha-image-2', owned_by: 'custom', supported_endpoint_types: ['image-generation'] };
    const want = [{ id: 'alpha-image-2', ownedBy: 'custom', endpointTypes: ['image-generation'] }];
    expect(parseModelList({ object: 'list', data: [entry, { name: 'no id' }] })).toEqual(want);
    expect(parseModelList([entry])).toEqual(want);
    expect(parseModelList({ models: [] })).toBeUndefined();
  });
  it('parses images and refuses empty data', () => {
    expect(parseImages({ data: [{ b64_json: 'QUJD', revised_prompt: 'a cat' }, { url: 'http://x/y.png' }] }))
      .toEqual([{ b64: 'QUJD', revisedPrompt: 'a cat' }, { url: 'http://x/y.png' }]);
    expect(parseImages({ data: [] })).toBeUndefined();
    expect(parseImages({ data: [{}] })).toBeUndefined();
    expect(parseImages({})).toBeUndefined();
  });
  it('parses chat completions', () => {
    expect(parseChatCompletion({ choices: [{ message: { role: 'assistant', content: 'hi' } }], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } }))
      .toEqual({ text: 'hi', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 }, usageReported: true });
    expect(parseChatCompletion({ choices: [] })).toBeUndefined();
    // Several OpenAI-compatible servers send no usage: said so, so the core charges its own count instead of $0.
    expect(parseChatCompletion({ choices: [{ message: { role: 'assistant', content: 'hi' } }] })).toEqual({ text: 'hi', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, usageReported: false });
  });
  it('parses native messages', () => {
    expect(parseMessagesResponse({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], usage: { input_tokens: 4, output_tokens: 6 } }))
      .toEqual({ text: 'ab', usage: { promptTokens: 4, completionTokens: 6, totalTokens: 10 }, usageReported: true });
    expect(parseMessagesResponse({ type: 'error' })).toBeUndefined();
  });
});

