## Command descriptions and help. Command and option NAMES stay English identifiers (they are typed);
## only their descriptions are translated. Discord limits a description to 100 characters: keep them short.
## Ids: cmd-<command> (description; .help: the longer /help text), cmd-<command>-<subcommand>,
## cmd-<command>[-<subcommand>]-opt-<option>, and opt-<option> for options several commands share.

cmd-imagine = Make an image from a text description
    .help = Makes one or more images from your description. The cost is held first and charged only for the images delivered. Quality, background and file format are sent only where the model offers them (the model list shows what each model takes); the price follows them.
cmd-imagine-opt-prompt = What the image should show
opt-aspect = Aspect ratio W:H, e.g. 16:9
opt-size = Exact size WxH in pixels, e.g. 1024x1024, or auto
opt-quality = Image quality, where the model offers it (low, medium, high, auto)
opt-background = Background, where the model offers it (transparent, opaque, auto)
opt-format = File format, where the model offers it (png, jpeg, webp)
opt-resolution = Video resolution, where the model offers it (e.g. 720p, 1080p)
opt-audio = Sound in the video, where the model offers it (on or off)
opt-negative = What the video should not show, where the model takes it
cmd-imagine-opt-count = How many images (1-4)
cmd-edit = Change an image (or combine up to three) following your instructions
    .help = Edits the images you attach (up to three) following your instruction, or the results of an earlier job with --from. The cost is held first and charged only for what is delivered.
cmd-edit-opt-prompt = What to change, in plain words
cmd-edit-opt-images = The images to edit (up to 3)
cmd-edit-opt-job = Edit the results of this earlier job instead
cmd-video = Make a short video from a description, optionally starting from an image
    .help = Starts a short video from your description (attach an image to animate it). The estimate is held now and charged when the video is delivered; it is posted here when ready. A second image is the last frame, for models that take one. Resolution, sound and a negative prompt are sent only where the model offers them; the price follows them.
cmd-video-opt-prompt = What the video should show
cmd-video-opt-seconds = Length in seconds (4-15)
cmd-video-opt-image = A starting image; a second image is the last frame (models that take one)
cmd-ask = Ask a text model a question
    .help = Sends your question to a text model and posts the answer, with the tokens used and what it cost.
cmd-ask-opt-prompt = Your question or instruction
cmd-balance = Show how much of your budget is left
    .help = Shows your allowance here: what is left, what you spent and hold for running jobs, and when it resets. Add chart for a picture of your spending this period against your allowance.
cmd-balance-opt-view = chart: add a picture of your spending against your allowance
cmd-jobs = List your recent and running jobs
    .help = Lists your ten most recent jobs here with their status, model and cost. Use /job <id> for one of them.
cmd-job = Show one job and its result
    .help = Shows one job: its status, model, size and cost, and posts its kept result files again while they are retained. Given the reference an error ended with, shows what went wrong (admins see the logged detail).
cmd-job-opt-job = The job id shown when it started, or the ref an error ended with
cmd-models = List the models available here and their prices
    .help = Lists the models the gateway token used here can reach, with their prices and where each price comes from, the default model of each kind, and how prices are chosen. Give a kind to see only image, video or text models.
cmd-models-opt-kind = Only models of this kind
cmd-budget = Manage spending limits in this community
    .help = Sets how much members may spend (amounts in US dollars; periods day, week, month or total). A member is a @username, a mention or an id; where messages can be replied to, you can also reply to theirs instead.
cmd-budget-default = Set the limit every member gets
cmd-budget-default-opt-amount = Limit per member in US dollars, e.g. 5 or 2.50 (none: no limit)
cmd-budget-default-opt-period = How often it resets: day, week, month or total (default: the current default period)
cmd-budget-set = Set one member's own limit
cmd-budget-set-opt-user = The member
cmd-budget-set-opt-amount = Limit in US dollars, e.g. 10 (none: no limit)
cmd-budget-set-opt-period = How often it resets: day, week, month or total (default: the default period)
cmd-budget-clear = Remove a member's own limit (back to the default)
cmd-budget-clear-opt-user = The member
cmd-budget-pool = Set a shared limit for the whole community
cmd-budget-pool-opt-amount = Community-wide limit in US dollars (none: remove it)
cmd-budget-pool-opt-period = How often it resets: day, week, month or total (default: month)
cmd-budget-block = Stop a member from using the bot here
cmd-budget-block-opt-user = The member
cmd-budget-unblock = Let a blocked member use the bot again
cmd-budget-unblock-opt-user = The member
cmd-budget-adjust = Give or take back part of a member's spending this period
cmd-budget-adjust-opt-user = The member
cmd-budget-adjust-opt-amount = US dollars; positive gives more room, negative takes it back, e.g. -1.50
cmd-budget-adjust-opt-note = Why (kept in the audit log)
cmd-budget-show = Show limits and spending
cmd-budget-show-opt-user = A member (default: the whole community)
cmd-usage = Show who spent what in this community
    .help = Reports spending per member for a period (default: the current month), with the full report as a CSV file. Add chart for a picture of spend per day, stacked by member.
cmd-usage-opt-period = Which period (default: the current month)
cmd-usage-opt-view = chart: add a picture of spend per day by member
cmd-usage-opt-user = Only this member
cmd-setup = Connect this community to the media gateway
    .help = Links this community's gateway token (asked privately; only its last 4 characters are ever shown), shows or removes it, and sets the time zone for daily, weekly and monthly resets.
cmd-setup-token = Set the community's gateway token (asked privately)
opt-token = The gateway token (sent privately, never shown)
cmd-setup-show = Show the current setup (the token is never shown)
cmd-setup-unlink = Remove the community's gateway token
cmd-setup-timezone = Set the time zone used for daily, weekly and monthly resets
cmd-setup-timezone-opt-tz = An IANA time zone, e.g. Europe/Berlin
cmd-prices = Set model prices and kinds for this community
    .help = Sets this community's own price for a model (in US dollars per image, per second of video or per 1,000 text tokens; it wins over the operator's and the gateway's prices), removes it, lists them, or corrects what kind of model one is. Every change is kept in the audit log.
cmd-prices-opt-model = The exact model id, as /models lists it
cmd-prices-list = Show the prices and kinds admins set here
cmd-prices-set = Set a model's price in this community (wins over every other price)
cmd-prices-set-opt-usd = US dollars per unit, e.g. 0.04
cmd-prices-set-opt-per = The unit (default: from the model's kind)
cmd-prices-clear = Remove a model's admin price (back to the operator's or the gateway's)
cmd-prices-kind = Correct a model's kind here (auto forgets the correction)
cmd-prices-kind-opt-kind = What the model makes
cmd-token = Use your own gateway token
    .help = Links your own gateway token (asked privately; only its last 4 characters are ever shown), so your requests are paid by it, or forgets it.
cmd-token-link = Link your own gateway token (asked privately)
cmd-token-unlink = Forget your gateway token
cmd-reroll = Run an earlier job again with the same request
    .help = Runs an earlier job again: the same prompt, model and size (an edit reuses its kept reference images). It is charged like a new request.
cmd-reroll-opt-job = The job to run again
cmd-animate = Make a video from an earlier job's image
    .help = Starts a video from the first image of an earlier job, with that job's prompt. The estimate is held now and charged when the video is delivered.
cmd-animate-opt-job = The image job to animate
cmd-remix = Make a new version of an earlier video with a new prompt
    .help = Remixes an earlier video of this chat: the gateway makes a new video from it following your new prompt. The estimate is held now and charged when the video is delivered, like a new video.
cmd-remix-opt-job = The video job to remix
cmd-remix-opt-prompt = What the new version should show
cmd-vary = Make a variation of an image of an earlier job
    .help = Makes a variation of one image of an earlier job (the V buttons): an edit of that image with the same prompt and model. Only the member who made the job, or an admin, can use it; it is held and charged like a new edit.
cmd-vary-opt-job = The image job to vary
cmd-vary-opt-image = Which of its images (1 to 4; default 1)
cmd-upscale = Make a larger version of an image of an earlier job
    .help = Remakes one image of an earlier job at the model's next larger size (the U buttons), with the same prompt. Only the member who made the job, or an admin, can use it; it is held and charged like a new edit.
cmd-upscale-opt-job = The image job to upscale
cmd-upscale-opt-image = Which of its images (1 to 4; default 1)
cmd-remix-opt-seconds = Length in seconds (4-15; default: the length of the earlier video)
cmd-help = How to use this bot
    .help = Lists the commands you can use here, or explains one command: its options and examples.
cmd-help-opt-command = A command to explain, e.g. imagine

# $kind: image, video or text.
opt-model = Which { $kind ->
        [image] image
        [video] video
       *[text] text
    } model (default: the configured one)

# Choices of /prices set's unit and /prices kind.
choice-per-image = per image
choice-per-second = per second of video
choice-per-1k = per 1,000 text tokens
choice-kind-image = image
choice-kind-video = video
choice-kind-text = text
choice-kind-auto = auto (forget the correction)
choice-view-chart = chart
choice-view-numbers = numbers
choice-on = on
choice-off = off
choice-where-here = here
choice-where-everywhere = everywhere
choice-queue-cancel = cancel

cmd-language = Choose the language I speak to you
    .help = Shows the language I use with you and the ones available, or sets yours (it wins over this community's default and your app's language). "reset" goes back to the default.
cmd-language-opt-code = A language code such as en, es, pt-BR, zh-CN, ru or ja; reset for the default
cmd-setup-language = Set this community's default language
cmd-setup-language-opt-code = A language code such as en, es, pt-BR, zh-CN, ru or ja; reset to remove it
cmd-settings = Your defaults: models, aspect, seconds, quality, images, language, private results
    .help = Shows your settings and where each comes from, or sets one: /settings aspect 16:9 (this community), /settings image_model <model> everywhere (every community), /settings aspect reset. A flag typed in a command always wins; a reply that used a setting says so. Keys: image_model, video_model, text_model, aspect, seconds, quality, n, language, private.
cmd-settings-opt-key = Which setting (image_model, video_model, text_model, aspect, seconds, n…)
cmd-settings-opt-value = Its value (a model id, 16:9, 8, high, 2, es, on…) or reset
cmd-settings-opt-where = here (this community, the default) or everywhere (every community)
cmd-setup-defaults = Set this community's defaults (models, aspect, seconds, quality, images)
cmd-approve = Let this community use the bot's own gateway token (owners)
    .help = Under OPERATOR_TOKEN_ACCESS=approved, only communities an owner approved run jobs on the bot's own gateway token. /approve approves this one; /approve off withdraws the approval. A community with its own token needs none.
cmd-approve-opt-state = on (default) to approve, off to withdraw the approval
cmd-queue = Show the queue: your waiting and running jobs
    .help = Shows your jobs here that wait in line or are being made, with their place in line, how long they have run and, for videos, about how long is left, and how many jobs of the community wait and run. Admins see every member's jobs. /queue cancel <job> takes a job out of the line before the gateway starts on it: its hold is released and nothing is charged. A job the gateway already works on cannot be cancelled.
cmd-queue-opt-action = cancel: take one of your jobs out of the line
cmd-queue-opt-job = The job id (as shown by /queue)
cmd-web = Get a private link to see your results on the web
    .help = Answers privately with a sign-in link valid for 10 minutes and usable once. It opens your gallery, your balance and, for admins, the budgets page of this community.
