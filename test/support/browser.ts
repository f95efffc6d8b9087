import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The installed Chromium the browser tests drive with playwright-core (no browser is downloaded): `CHROMIUM_PATH`,
 * else `chromium` (Debian's package) or `chromium-browser` on PATH. `undefined` when there is none: the suite then
 * prints "Browser suite skipped: …" and skips, unless `MEDIABOT_REQUIRE_BROWSER=1` (CI), where that is an error.
 */
export function installedChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const path = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (path) return path;
    } catch {
      // not on PATH
    }
  }
  if (process.env.MEDIABOT_REQUIRE_BROWSER === '1') throw new Error('Chromium is required (MEDIABOT_REQUIRE_BROWSER=1) but none was found: apt-get install -y chromium, or set CHROMIUM_PATH');
  console.log('Browser suite skipped: no Chromium installed (apt-get install -y chromium, or set CHROMIUM_PATH)');
  return undefined;
}
