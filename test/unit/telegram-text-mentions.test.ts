import type { Message, User } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { withMentionIds } from '../../src/platforms/telegram/text-mentions.js';

const user = (id: number, first: string, isBot = false): User => ({ id, is_bot: isBot, first_name: first });

describe('withMentionIds', () => {
  it('replaces each text_mention span (UTF-16 offsets) by the member id and lists the members in order', () => {
    const text = '/block 🎨 Zoë Ünal and Bo';
    const zoe = user(111, 'Zoë');
    const bo = user(222, 'Bo');
    const msg: Pick<Message, 'text' | 'entities'> = {
      text,
      entities: [
        { type: 'bot_command', offset: 0, length: 6 },
        { type: 'text_mention', offset: text.indexOf('Bo'), length: 2, user: bo },
        { type: 'text_mention', offset: text.indexOf('Zoë'), length: 'Zoë Ünal'.length, user: zoe },
      ],
    };
    expect(withMentionIds(msg)).toEqual({ text: '/block 🎨 111 and 222', members: [zoe, bo] });
  });

  it('reads a caption with its caption entities; bots, overlapping and out-of-range spans are left as typed', () => {
    const caption = '/budget set Al 0.5';
    const al = user(5, 'Al');
    const bot = user(6, 'Helper', true);
    const msg: Pick<Message, 'caption' | 'caption_entities'> = {
      caption,
      caption_entities: [
        { type: 'text_mention', offset: 12, length: 2, user: al },
        { type: 'text_mention', offset: 13, length: 1, user: bot },
        { type: 'text_mention', offset: 12, length: 1, user: al },
        { type: 'text_mention', offset: 17, length: 9, user: al },
      ],
    };
    expect(withMentionIds(msg)).toEqual({ text: '/budget set 5 0.5', members: [al] });
    expect(withMentionIds({ text: 'plain' })).toEqual({ text: 'plain', members: [] });
  });
});
