import { describe, expect, it } from 'vitest';
import { supportedLocales } from '../../src/core/i18n/catalog.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import { commandRegistry } from '../../src/core/commands/registry.js';
import { describeFailure } from '../../src/core/messages/failure-text.js';
import { allowanceLine, bannerText } from '../../src/playground/banner.js';
import { printActions } from '../../src/platforms/console/render.js';

/** The playground's own lines and the grammar's refusals come from the catalogue, in the reader's language. */
describe('words kept as data speak the reader\'s language', () => {
  const balance = { limitMicros: 5_000_000, remainingMicros: 4_790_000, period: 'day' as const, blocked: false };
  const banner = (locale: string) =>
    bannerText({ gateway: { kind: 'simulator', url: 'http://127.0.0.1:1' }, balance, you: { name: 'ada', id: 'local' }, outputDir: 'out', databasePath: 'data/x.db', interactive: true, locale });

  it('the banner in English is the one the playground always printed', () => {
    expect(banner('en')).toContain('  budget:   $4.79 left of $5.00 per day for you (/budget default <amount> changes it)');
    expect(banner('en')).toContain('  (npm run keygen) and GATEWAY_BASE_URL in .env (see .env.example), then npm start again.');
  });

  it.each(supportedLocales())('%s: the banner says who "you" are (name and id) and that me names you', (locale) => {
    const you = banner(locale).split('\n').find((l) => l.includes('ada'));
    expect(you).toBeDefined();
    expect(you).toContain('local');
    expect(you).toMatch(/\bme\b/);
  });

  it.each(supportedLocales().filter((l) => l !== 'en'))('%s: banner, allowance and "next:" are translated, names kept', (locale) => {
    const text = banner(locale);
    expect(text).not.toBe(banner('en'));
    expect(text).not.toMatch(/playground-|\{ ?\$/);
    for (const name of ['DISCORD_TOKEN', 'GATEWAY_BASE_URL', '.env.example', '/help', '/quit', 'http://127.0.0.1:1']) expect(text).toContain(name);
    expect(allowanceLine(locale, { ...balance, blocked: true })).toContain('/budget unblock local');
    const lines: string[] = [];
    printActions({ print: (l) => lines.push(l), commands: commandRegistry(), locale }, [{ command: 'reroll', args: { job: 'j_1' }, label: 'Reroll' }] as never);
    expect(lines[0]).not.toBe('  next:');
    expect(lines[1]).toContain('/reroll j_1');
  });

  it.each(supportedLocales())('%s: a typed flag refused by the grammar is told in the reader\'s language', (locale) => {
    const r = parseCommandText('/imagine a fox --ar 7', commandRegistry());
    if (r.ok) throw new Error('expected a refusal');
    expect(r.failure.code).toBe('bad_flag');
    // The English text stays for logs and the operator CLI.
    expect(r.failure.code === 'bad_flag' && r.failure.details.message).toMatch(/^--ar 7 is not valid: use W:H, e\.g\. 16:9\. Valid flags: /);
    const text = describeFailure(r.failure, { now: 0, locale }).text;
    expect(text).toContain('--ar 7');
    expect(text).toContain('16:9');
    if (locale !== 'en') expect(text).not.toContain('is not valid');
  });
});
