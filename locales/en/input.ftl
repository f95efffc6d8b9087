# Refusals of typed options, flags and admin values (the text of a `bad_flag` or `bad_amount` failure).
# Command, flag and option names ($flag, $command, $name) and typed values (day, week, month, total) stay as written.

## What a well-formed value looks like ($form in the messages below).
input-form-aspect = W:H, e.g. 16:9
input-form-size = WxH, e.g. 1024x1024, or auto
input-form-model = a model id, e.g. alpha-image-2
input-form-integer = a whole number
input-form-integer-range = a whole number from { $min } to { $max }
input-form-job = a job id
input-form-user = a @username, a mention or an id
input-form-amount = US dollars, e.g. 5 or 2.50
input-form-period = day, week, month or total
input-form-choice = one of { $choices }
input-form-text = some text

## Flags and words a command does not take. $flags: "--ar W:H, --size WxH"; $problem: one of the sentences below.
input-valid-flags = Valid flags: { $flags }
input-no-flags = This command takes no flags.
input-with-flags = { $problem } { $flags }
input-did-you-mean = { $problem } Did you mean { $suggestion }?
input-flag-conflict = { $flag } cannot be used together with { $other }.
input-flag-not-here = { $command } does not take { $flag }.
input-flag-unknown = Unknown flag { $flag }.
input-flag-no-value = { $flag } needs a value: { $form }.
input-flag-bad-value = { $flag } { $value } is not valid: use { $form }.
input-secret-bad-value = { $flag } is not valid: use { $form }.
model-id-looks-like-key = That looks like a secret key, not a model id, so it was not used, stored or shown. If it is a real key, revoke it at the gateway and make a new one.
input-flag-twice = { $flag } is given twice.
input-not-a-member = "{ $value }" is not a member: use { $form }.
# $name: the argument's name as the command spells it (model, period, user…).
input-bad-word = "{ $value }" is not a valid { $name } for { $command }: use { $form }.
input-extra-words = { $command } does not take "{ $extra }". Usage: { $usage }
input-unknown-argument = This command does not take "{ $name }".
input-not-files = { $flag } takes { $form }, not files.
input-files-only = { $flag } takes files.
input-too-long = { $flag } is too long (at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }).

## Image sizes (the $allowed of a size refusal).
input-size-sides = each side { $min } to { $max } pixels, written like { $example }
input-size-requested = the requested size

## Admin values. $min, $max, $amount, $after: amounts already formatted.
input-period = "{ $given }" is not a period; use day, week, month or total.
input-amount-range = The amount must be between { $min } and { $max }.
input-pool-needs-amount = A pool cap needs an amount.
input-note-length = An adjustment needs a short note ({ $min }–{ $max } characters).
input-zero-adjustment = An adjustment of { $amount } changes nothing.
input-timezone = "{ $given }" is not a time zone name; use one like Europe/Berlin or America/New_York.
input-token-shape = That does not look like a gateway token (it usually starts with sk-).
input-adjust-ceiling = An allowance plus this period's adjustments can be at most { $max }; this adjustment would make it { $after }.
