import { describe, expect, it } from 'vitest';
import { commandRegistry } from '../../src/core/commands/registry.js';
import type { Reply } from '../../src/core/commands/types.js';
import { menuCustomId, parseMenuCustomId } from '../../src/platforms/discord/custom-ids.js';
import { renderReply } from '../../src/platforms/discord/reply-render.js';
import { ActionTable } from '../../src/platforms/telegram/actions.js';
import { privateResultPlace } from '../../src/platforms/telegram/run-command.js';

/** How the surfaces carry /settings' menus and buttons: everything in the id, so they work after a restart. */
describe('settings on the surfaces', () => {
  const menu = { placeholder: 'image_model: choose one', command: 'settings', args: { key: 'image_model' }, arg: 'value', options: [{ label: 'gpt-image-2', value: 'gpt-image-2' }] };

  it('Discord: a select menu id carries the command and the key; the chosen value fills the argument', () => {
    const id = menuCustomId(menu);
    expect(id).toBe('mbsel:settings:key=image_model:value');
    expect(parseMenuCustomId(id!, 'seedream-4.0')).toEqual({ command: 'settings', args: { key: 'image_model', value: 'seedream-4.0' } });
    expect(parseMenuCustomId('mb:reroll:j_abc', 'x')).toBeUndefined();
    expect(menuCustomId({ ...menu, args: { key: 'x'.repeat(100) } })).toBeUndefined();
  });

  it('Discord: menus come first, one per row, then the buttons in the rows left (5 in all)', () => {
    const actions = ['private on', 'n 1', 'n 2', 'n 4', 'aspect 1:1', 'aspect 16:9', 'aspect 9:16'].map((label) => {
      const [key = '', value = ''] = label.split(' ');
      return { label, command: 'settings', args: { key, value } };
    });
    const menus = ['image_model', 'video_model', 'text_model'].map((key) => ({ ...menu, args: { key } }));
    const reply: Reply = { visibility: 'private', tone: 'info', blocks: ['Your settings'], actions, menus };
    const rows = renderReply(reply, { uploadLimitBytes: 1e6 }).first.components;
    expect(rows.map((r) => r.components.map((c) => c.type))).toEqual([[3], [3], [3], [2, 2, 2, 2, 2], [2, 2]]);
    expect(rows[0]?.components[0]).toMatchObject({ custom_id: 'mbsel:settings:key=image_model:value', placeholder: 'image_model: choose one', options: [{ label: 'gpt-image-2', value: 'gpt-image-2' }] });
    // An error carries no components.
    expect(renderReply({ ...reply, tone: 'error' }, { uploadLimitBytes: 1e6 }).first.components).toEqual([]);
  });

  it('Telegram: a settings button is compact callback data a fresh table (after a restart) still runs', async () => {
    const data = new ActionTable(commandRegistry()).dataFor({ label: 'aspect 16:9', command: 'settings', args: { key: 'aspect', value: '16:9' } });
    expect(data).toBe('s:aspect=16:9');
    expect(await new ActionTable(commandRegistry()).resolve(data)).toEqual({ label: 'settings', command: 'settings', args: { key: 'aspect', value: '16:9' } });
    // A value outside the compact form goes through the in-memory table like any other action.
    expect(new ActionTable(commandRegistry()).dataFor({ label: 'x', command: 'settings', args: { key: 'aspect', value: 'a b' } })).toMatch(/^x:/);
    expect(await new ActionTable(commandRegistry()).resolve('s:aspect=16 9')).toBeUndefined();
  });

  it('Telegram: a private result in a group goes to the member\'s private chat; nothing else moves', () => {
    const actor = (kind: 'group' | 'private', user = '4242') => ({ actor: { scope: { platform: 'telegram', externalId: '-100', kind }, user: { platform: 'telegram', externalId: user } } });
    const result: Reply = { visibility: 'private', tone: 'result', blocks: [] };
    expect(privateResultPlace(actor('group'), result)).toEqual({ chatId: 4242 });
    expect(privateResultPlace(actor('private'), result)).toBeUndefined();
    expect(privateResultPlace(actor('group'), { ...result, visibility: 'public' })).toBeUndefined();
    expect(privateResultPlace(actor('group'), { ...result, tone: 'info' })).toBeUndefined();
    // An anonymous admin is the group itself: never a private chat.
    expect(privateResultPlace(actor('group', '-100'), result)).toBeUndefined();
  });
});
