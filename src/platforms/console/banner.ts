/** What the banner tells about the running playground. */
export interface BannerInfo {
  /** 'simulator' for the built-in one, else the configured gateway's base URL. */
  gateway: { kind: 'simulator'; url: string } | { kind: 'gateway'; url: string };
  demoBudget: string;
  outputDir: string;
  databasePath: string;
  interactive: boolean;
}

/** The start-up banner of the terminal playground (plain text, no colours). */
export function bannerText(b: BannerInfo): string {
  const gw =
    b.gateway.kind === 'simulator'
      ? `the BUILT-IN gateway simulator at ${b.gateway.url} (fake images and videos, no real money)`
      : `the gateway at ${b.gateway.url} (GATEWAY_BASE_URL, operator token GATEWAY_TOKEN: real charges)`;
  return [
    'mediabot terminal playground',
    `  gateway:  ${gw}`,
    `  budget:   ${b.demoBudget.startsWith('$') ? b.demoBudget : `$${b.demoBudget}`} per day for you (DEMO_BUDGET)`,
    `  outputs:  ${b.outputDir} (OUTPUT_DIR)   database: ${b.databasePath}`,
    '  To run the real bot, set DISCORD_TOKEN + DISCORD_APPLICATION_ID and/or TELEGRAM_BOT_TOKEN, BOT_ENCRYPTION_KEY',
    '  (npm run keygen) and GATEWAY_BASE_URL in .env (see .env.example), then npm start again.',
    b.interactive ? '  Type /help for the commands, /quit or Ctrl-C to leave.' : '  Reading commands from stdin.',
  ].join('\n');
}
