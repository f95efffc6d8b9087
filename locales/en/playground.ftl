## The terminal playground's own lines (the console reads LANG). Commands, flags and variable names stay as written.

# The start-up banner. Its lines are indented by the playground.
playground-title = mediabot terminal playground
playground-gateway-simulator = the BUILT-IN gateway simulator at { $url } (fake images and videos, no real money)
playground-gateway-real = the gateway at { $url } (GATEWAY_BASE_URL, operator token GATEWAY_TOKEN: real charges)
playground-line-gateway = gateway:  { $gateway }
playground-line-budget = budget:   { $allowance }
playground-line-you = you:      { $name } (id { $id }), the admin here; in /budget and /usage write me for yourself
playground-line-outputs = outputs:  { $dir } (OUTPUT_DIR)   database: { $database }
playground-setup =
    To run the real bot, set DISCORD_TOKEN + DISCORD_APPLICATION_ID and/or TELEGRAM_BOT_TOKEN, BOT_ENCRYPTION_KEY
    (npm run keygen) and GATEWAY_BASE_URL in .env (see .env.example), then npm start again.
playground-interactive = Type /help for the commands, /quit or Ctrl-C to leave.
playground-stdin = Reading commands from stdin.
# The console user's allowance. $left, $limit: amounts; $per: "per day", "in total"…
playground-allowance = { $left } left of { $limit } { $per } for you (/budget default <amount> changes it)
playground-allowance-none = no limit for you
playground-allowance-blocked = blocked in the playground (/budget unblock local)

# Answers to a typed line.
playground-slash = Commands start with a slash, e.g. /imagine a red fox. Type /help for the list.
playground-no-token = { $command } is not available in the playground: it pays with the built-in simulator's token (or GATEWAY_TOKEN), so there is no gateway token to link here.
playground-unexpected = { $command } failed unexpectedly: { $error }
playground-no-file = No file at { $typed } ({ $path }).
playground-no-image = { $command } takes no image; --image is for /edit and /video.
# /help of a command that takes images: what --image PATH does. $max: how many files it takes.
playground-help-image = { $max ->
        [1] a local image file to send with the command
       *[other] a local image file to send with the command; repeat it for up to { $max } files
    }
playground-help-quit = /quit   leave the playground (or Ctrl-C)
# A job's progress while its command waits. $position: its place in the queue.
playground-queued = queued (position { $position })…
playground-working = working…
playground-failed = That did not work.
# A file of a reply saved to disk. $kind: image or video; $size: a formatted size.
playground-file-saved = { $kind } { $mime }, { $size }: { $path }
playground-next = next:

# Videos still running when the playground stops. $held: an amount; $state: a job state in words.
playground-videos-at-gateway = { $count ->
        [one] { $count } video job is still running at the gateway; the next start of the playground delivers it (/jobs lists it).
       *[other] { $count } video jobs are still running at the gateway; the next start of the playground delivers them (/jobs lists them).
    }
playground-video-cancelled = video { $job } cancelled: the built-in simulator keeps its tasks in memory, so it cannot finish after the playground stops. Its hold of { $held } was released: nothing was charged.
playground-video-made = video { $job } is already made and charged ({ $state }). /job { $job } shows it the next time.
playground-video-ended = video { $job } already ended ({ $state }).

# Lines about jobs that finish later, and --image paths. $state: a job state in words; $facts: duration, size, cost.
playground-progress = video { $job }: { $state } { $percent }%
playground-video-ready = video { $job } ready ({ $facts }): { $path }
playground-answer = answer { $job } ({ $cost }):
playground-result-saved = { $kind ->
        [ask] answer
        [video] video
       *[other] image
    } { $job }: { $path }
playground-image-unclosed = The path after --image has no closing { $quote }.
playground-image-missing = Give a file after --image, e.g. --image ~/fox.png
playground-end-image-alone = --end-image is the last frame of a video: give the first frame with --image too, e.g. --image ~/start.png --end-image ~/end.png

# The end of the input. $left: a duration.
playground-waiting = { $count ->
        [one] waiting for { $count } video job to finish (up to { $left } more)
       *[other] waiting for { $count } video jobs to finish (up to { $left } more)
    }
playground-demo = No input on stdin: running the demo script.
playground-demo-done = Done. Results are in { $dir }. Run npm start in a terminal for the interactive prompt.
playground-line-web = Web pages: { $url } (type /web for a sign-in link)
