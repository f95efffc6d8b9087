/** The command menu sent with `setMyCommands` at start (names are 1–32 of `[a-z0-9_]`). */
export const TELEGRAM_COMMANDS: readonly { command: string; description: string }[] = [
  { command: 'imagine', description: 'Make an image: /imagine <prompt> [--ar 16:9]' },
  { command: 'edit', description: 'Edit a photo: caption or reply with /edit <instruction>' },
  { command: 'video', description: 'Make a video: /video <prompt> [--seconds 8]' },
  { command: 'ask', description: 'Ask the text model: /ask <question>' },
  { command: 'balance', description: 'Your remaining allowance' },
  { command: 'jobs', description: 'Your recent jobs' },
  { command: 'job', description: 'One job and its files: /job <id>' },
  { command: 'models', description: 'Models and prices' },
  { command: 'token', description: 'Use your own gateway token (private chat)' },
  { command: 'budget', description: 'Admins: set allowances' },
  { command: 'usage', description: 'Admins: spending report (CSV)' },
  { command: 'setup', description: "Admins: link the group's gateway token" },
  { command: 'help', description: 'How to use this bot' },
];
