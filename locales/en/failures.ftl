## Failures: what a member reads when something did not work.
## Each message is the body; its `.title` attribute is the short heading (an embed title, a bold first line).
## Placeholders hold text already formatted for the reader's locale: $cost, $left and other amounts are money
## ("$0.79"), $when is a moment ("tomorrow at 00:00 CET (in 8 h)"), $wait a duration ("35 min"), $size a file size
## ("8 MB"). Commands ($balance, $models, $setupToken…) are written the way the member's app spells them
## ("/setup token" on Discord, "/setup" on Telegram): keep them verbatim. Quoted user input ($model, $name, $given)
## arrives already quoted ('like this') and cut to one line.

# Added after a failure's text: the support code of this failure, explained once.
failure-ref = Reference { $ref }: if you ask an admin for help, give them this code.
# The same line for an admin, who can read the detail. $job: how the /job command is written here.
failure-ref-admin = Reference { $ref }: { $job } { $ref } shows what went wrong.

# /job <ref>: what a failure reference stands for. The outcome is the failure's own text again.
ref-title = Reference { $ref }
ref-field-shown = Shown
# $when: the moment it was shown; $surface: where (discord, telegram, console).
ref-shown = { $when } on { $surface }
# Admins only: the failure's code, who saw it, and the detail the bot logged (technical, scrubbed of secrets).
ref-field-code = Code
ref-field-shown-to = Shown to
ref-unknown-user = unknown
ref-detail = Logged detail: { $detail }

# What happened to the money, appended to the failure's text when a paid job was involved.
money-refunded = The gateway refunded it and your hold was released: nothing was charged.
money-released = Your hold was released: nothing was charged.
money-charged = The result was made, so it was charged.
money-none = Nothing was charged.

# $when: the reset moment ("tomorrow at 00:00 CET (in 8 h)", in the community's zone), or "never".
failure-budget-exhausted = This would cost { $cost } but you have { $left } left. { $when ->
        [never] Your allowance does not reset on its own; an admin can raise it.
       *[other] Your allowance resets { $when }.
    } See { $balance }.
    .title = Not enough budget left
failure-pool-exhausted = This would cost { $cost } but the community has { $left } left. { $when ->
        [never] The community's allowance does not reset on its own; an admin can raise it.
       *[other] The community's allowance resets { $when }.
    } See { $balance }.
    .title = The community budget is used up
# $when: "never", or the reset moment (always in UTC for this operator-wide limit).
failure-person-cap-exhausted = This costs { $cost }, and you have { $left } left of the bot operator's limit per person, which counts your use in every community on the operator's token. { $when ->
        [never] It does not reset on its own.
       *[other] It resets { $when }.
    } A community that links its own gateway token is not limited by it.
    .title = Personal limit reached
failure-blocked = An admin has blocked you from using the bot here. Ask an admin if you think this is a mistake.
    .title = Not allowed
# $admin: "yes" when the reader is an admin, "private" in a private chat (where no admin command runs).
failure-no-token = { $admin ->
        [yes] No gateway token is linked here yet. As an admin you can link one with { $setupToken }; members can also link their own with { $tokenLink }.
        [private] No gateway token is linked for you yet. Link your own with { $tokenLink } (only you use it); in a community, its admins can link one for everyone with { $setupToken }.
       *[no] No gateway token is linked here yet. An admin can link one with { $setupToken }; you can also link your own with { $tokenLink }.
    }
    .title = No gateway token
# $source: whose token the gateway refused.
failure-token-rejected = { $source ->
        [personal] The gateway refused your personal token (it may be wrong, expired or revoked). Link a new one with { $tokenLink }.
        [scope] The gateway refused this community's token (it may be wrong, expired or revoked). An admin can link a new one with { $setupToken }.
       *[operator] The gateway refused the bot's own token. The bot operator has to replace it; you can link your own with { $tokenLink }.
    }
    .title = Gateway token refused
failure-no-channel = { $model } is not available to this token's group: the gateway has the model, but the group this token belongs to cannot reach it. Pick another model from { $models }; an admin can ask the gateway's owner to add the model to the token's group, or link a token whose group includes it.
    .title = Model not available to this token
# $suggestion: the closest model id, or "none".
failure-model-unknown = { $suggestion ->
        [none] There is no model called { $model }. See { $models } for the list.
       *[other] There is no model called { $model }. Did you mean { $suggestion }? See { $models }.
    }
    .title = Unknown model
failure-model-not-on-sale = The model { $model } is not currently on sale. Pick another one from { $models }.
    .title = Model not on sale
# $modelId: the model id unquoted, as an admin types it after $pricesSet.
failure-model-unpriced = There is no price for { $model } yet (the gateway publishes none and no admin set one), so the bot cannot keep it within a budget. { $admin ->
        [yes] As an admin you can set one with { $pricesSet } { $modelId } <usd>.
        [private] A community's admins set prices with { $pricesSet } in the community; here, pick another model from { $models }.
       *[no] An admin can set one with { $pricesSet }; until then pick another model from { $models }.
    }
    .title = Model has no price yet
# $variable: a configuration variable name (DEFAULT_IMAGE_MODEL…), keep it verbatim. $suggestions: a list, or "none".
failure-default-model-missing = The bot's default model ({ $variable }={ $model }) is not in this gateway's list{ $suggestions ->
        [none] {""}
       *[other] ; the closest listed: { $suggestions }
    }. Pick a model with the model option, and tell the bot operator to fix { $variable }.
    .title = Default model not available
# $kind: image, video or text.
failure-no-default-model = This token reaches no priced { $kind ->
        [image] image
        [video] video
       *[text] text
    } model, so there is no default. See { $models }; { $admin ->
        [yes] as an admin you can set a price with { $pricesSet } <model> <usd>.
        [private] a community's admins set prices with { $pricesSet } in the community, not in a private chat.
       *[no] an admin can set a price for one.
    }
    .title = No model to use
# $what: what the gateway does not offer. $model: for a remix, the model of the video (quoted), or "none".
failure-not-offered = This gateway does not offer { $what ->
        [edit] image editing
        [video] video generation
        [remix] { $model ->
            [none] video remixes
           *[other] remixes of videos made with { $model }
        }
        [upscale] larger versions of { $model } images
        [image] image generation
        [text] text models
        [models] a model list
       *[balance] a balance page for tokens
    }. Ask the bot operator if another gateway or token is available.
    .title = Not offered by this gateway
# GATEWAY_BASE_URL is a configuration variable: keep it verbatim.
failure-gateway-misconfigured = The gateway answered with a redirect to a web page instead of the API. The bot operator must set GATEWAY_BASE_URL to the gateway's API root (the address that serves /v1/models).
    .title = Gateway address misconfigured
failure-model-wrong-kind = { $model } is not { $expected ->
        [image] an image model. See { $models } for image models.
        [video] a video model. See { $models } for video models.
       *[text] a text model. See { $models } for text models.
    }
    .title = Wrong kind of model
failure-option-unsupported = { $offered ->
        [none] { $model } does not take --{ $option }.
       *[other] { $model } does not offer --{ $option } { $value }; it offers { $offered }.
    } { $all ->
        [none] It takes none of the extra options.
       *[other] What it takes: { $all }.
    }
    .title = Option not offered
failure-quota-exhausted = { $source ->
        [personal] The gateway account behind your own token has run out of credit. Top it up on the gateway, or unlink it with { $tokenUnlink } to use the community one.
        [operator] The gateway account behind the bot's own token has run out of credit. The bot operator needs to top it up; the admins have been told.
       *[scope] The gateway account behind this community's token has run out of credit. An admin needs to top it up on the gateway; the admins have been told.
    }
    .title = Gateway balance used up
failure-forbidden-model = This token is not allowed to use { $model }. Pick another model from { $models }.
    .title = Model not allowed for this token
failure-content-refused = The gateway's safety filter refused this request. Try rewording the prompt or using other images.
    .title = Request refused
# $header: the header name(s) the gateway asked for (x-…), or "provider" when it named none. GATEWAY_BASE_URL: keep verbatim.
failure-gateway-needs-header = The gateway refused this request because it expects { $header ->
        [provider] a provider to be named
       *[other] the header { $header }
    }, which a plain OpenAI-compatible client does not send. The bot operator has to set the gateway up to route requests without it (see the gateway's documentation), or point GATEWAY_BASE_URL at an address that does.
    .title = The gateway needs its own setup
# $source: whose token the gateway may have charged: personal (the member's own), scope (the community's) or operator (the bot's).
failure-content-refused-fee = { $source ->
        [personal] The gateway refused this prompt under its usage rules and may have charged your token a violation fee for it; the amount shows only in the gateway's log of that token. This bot did not charge you: your hold was released. Try a different prompt.
        [scope] The gateway refused this prompt under its usage rules and may have charged the community's token a violation fee for it; the amount shows only in the gateway's log of that token. This bot did not charge you: your hold was released. Try a different prompt.
       *[operator] The gateway refused this prompt under its usage rules and may have charged the bot's token a violation fee for it; the amount shows only in the gateway's log of that token. This bot did not charge you: your hold was released. Try a different prompt.
    }
    .title = Prompt refused
failure-gateway-refused = The gateway refused this request{ $status ->
        [none] {""}
       *[other] {" "}(HTTP { $status })
    }{ $reason ->
        [none] .
       *[other] : { $reason }.
    } Try other settings or another model.
    .title = Refused by the gateway
failure-attachment-missing = This needs at least one reference image. Attach one and try again.
    .title = Image needed
failure-attachment-too-many = You attached { $got } images; at most { $max } can be used. Remove some and try again.
    .title = Too many images
failure-attachment-too-large = { $name } is { $got }; each image can be at most { $max }. Try a smaller or compressed version.
    .title = Image too large
failure-attachment-empty = { $name } is empty (0 bytes). Attach the image again.
    .title = Empty file
# $detected: "gif", "none" (unknown), or a file type such as "pdf", "text", "animated gif" (not translated).
# $vowel: "yes" when $detected starts with a vowel (English article only; other languages may ignore it).
failure-attachment-not-image = { $detected ->
        [gif] { $name } is a GIF, which image models do not accept. Use a PNG, JPEG or WebP image (a screenshot of it works).
        [damaged] { $name } is a damaged or incomplete image (perhaps cut off while it was sent or saved), so it was not sent to the gateway. Send it again, or save it anew as a PNG, JPEG or WebP image.
        [none] { $name } is not an image the gateway can read. Use a PNG, JPEG or WebP image.
       *[other] { $name } looks like { $vowel ->
            [yes] an
           *[no] a
        } { $detected } file, not a still image. Use a PNG, JPEG or WebP image.
    }
    .title = Not a usable image
failure-attachment-too-many-pixels = The image is { $width }x{ $height } pixels; at most { $max } pixels are accepted. Scale it down and try again.
    .title = Image too large
# $limit: the platform's download limit ("20 MB"), or "none" when unknown.
failure-attachment-download-failed = { $reason ->
        [too_big_for_platform] { $limit ->
            [none] The file is too big for the bot to download here. Send a smaller file.
           *[other] The file is too big for the bot to download here (the limit is { $limit }). Send a smaller file.
        }
        [expired] The attachment link has expired. Send the file again.
       *[network] The attachment could not be downloaded (network problem). Try again in a moment.
    }
    .title = Could not fetch the attachment
failure-prompt-empty = Please describe what you want (the prompt is empty).
    .title = Prompt needed
# $reason: unreachable (the link's host does not resolve) or private (a private or local address).
failure-result-url-refused = { $reason ->
        [unreachable] The gateway returned a link to the image that this bot cannot reach (its host name does not resolve), so nothing was fetched. An admin should check where the gateway stores its results.
       *[private] The gateway answered with a link to the image on a private or local network address, which I never fetch. An admin should check where the gateway stores its results.
    }
    .title = Result not fetched
failure-prompt-has-secret = Your prompt contains something shaped like an access token (a gateway key or a bot token), so I did not use or keep it. If it is a real token, revoke it at its service; a gateway token is linked with { $tokenLink } in a private chat.
    .title = That looks like a token
failure-prompt-too-long = The prompt has { $got } characters; at most { $max } are accepted. Shorten it and try again.
    .title = Prompt too long
# $allowed: a phrase such as "each side 64 to 1536 pixels" (from size-rule-* messages).
failure-bad-size = { $given } is not a size this model accepts: { $allowed }. You can also pick an aspect ratio instead, such as 16:9.
    .title = Size not supported
failure-bad-aspect = { $given } is not a supported aspect ratio. Use one of: { $allowed }.
    .title = Aspect ratio not supported
failure-bad-duration = { $given } seconds is not possible: videos last { $min } to { $max } seconds (whole seconds).
    .title = Duration not supported
failure-bad-count = { $given } is not possible: ask for 1 to { $max }.
    .title = Count not supported
# $message: the grammar's own explanation (from the grammar-* messages), or "none".
failure-bad-flag = { $message ->
        [none] One of the options was not understood. Check the command and try again.
       *[other] { $message }
    }
    .title = Option not understood
# $wait: a duration, or "none" when the gateway did not say.
failure-gateway-busy = { $wait ->
        [none] The gateway is busy right now. Try again in a minute.
       *[other] The gateway is busy right now. Try again in { $wait }.
    }
    .title = Gateway busy
# $waited: how long the request waited for the gateway's limit of parallel requests before its deadline.
failure-gateway-busy-waited = The gateway is busy right now: this request waited { $waited } for a free place and the gateway never took it. Try again in a few minutes.
    .title = Gateway busy
failure-gateway-down = The gateway could not be reached or answered with an error. Try again in a few minutes.
    .title = Gateway unavailable
failure-gateway-timeout = The gateway did not answer in time. Try again in a few minutes.
    .title = Gateway too slow
# $reason: the gateway's own short reason (usually English), or "none".
failure-task-failed-refunded = { $reason ->
        [none] The video could not be made (the gateway reported a failure).
       *[other] The video could not be made ({ $reason }).
    }
    .title = Video failed
failure-task-expired-released = The video was not ready in time, so the bot stopped waiting for it.
    .title = Video took too long
failure-job-interrupted = The bot restarted while your { $kind ->
        [video] video
        [ask] question
       *[image] image
    } request was being started, so it was dropped. Please send it again.
    .title = Request interrupted
failure-result-delayed = Your { $kind ->
        [video] video
        [ask] answer
       *[image] image
    } was made, but the bot could not finish recording it just now. No need to send the request again: it will be posted here shortly, or you will be told what happened to it.
    .title = Result on its way
# $size: the result's size, or "none" when unknown. $until: when the kept file is deleted, or "never" when none is kept.
failure-output-too-large = { $size ->
        [none] The result is larger than the { $limit } this chat accepts.
       *[other] The result ({ $size }) is larger than the { $limit } this chat accepts.
    }{ $until ->
        [never] {""}
       *[other] { " " }It can still be fetched with { $jobs } until { $until }.
    }
    .title = Result too large to send
# $noun: answer, image or video. $job: the job id, or "none". $get: how to get it (failure-delivery-kept / -retry…).
failure-delivery-failed-charged = Your { $noun ->
        [answer] answer
        [image] image
       *[video] video
    } was made and paid for, but { $reason ->
        [download] the bot could not download it from the gateway
        [chat_gone] the chat it was meant for can no longer be reached
       *[upload] uploading it here kept failing
    }. { $get } Starting it again would make and charge a second { $noun ->
        [answer] answer
        [image] image
       *[video] video
    }.
    .title = { $noun ->
        [answer] Answer made but not delivered
        [image] Image made but not delivered
       *[video] Video made but not delivered
    }
delivery-kept = It is kept: get it with { $jobCmd } { $job } until { $until }.
# $job: the job id, or "none" when unknown.
delivery-retry-download = An admin can retry the delivery of { $job ->
        [none] this job
       *[other] job { $job }
    }: the bot then downloads it again from the gateway, which works while the gateway still keeps it.
delivery-retry = An admin can retry the delivery of { $job ->
        [none] this job
       *[other] job { $job }
    }.
failure-result-not-delivered = Your { $noun ->
        [answer] answer
        [image] image
       *[video] video
    } was made, but it could not be posted because { $reason ->
        [too_large] it is larger than this chat accepts
        [chat_gone] this chat could not be reached
        [not_a_video] the gateway sent a file that is not a playable video
       *[files_gone] its file was lost
    }. You were not charged for it.
    .title = { $noun ->
        [answer] Answer not delivered
        [image] Image not delivered
       *[video] Video not delivered
    }
failure-cooldown = You can start another request in { $wait }.
    .title = Slow down
# $waiting: how many requests are ahead (0 when the line is simply full).
failure-queue-full = { $waiting ->
        [0] The line here is full. Try again in a few minutes.
        [one] { $waiting } request is already waiting here. Try again in a few minutes.
       *[other] { $waiting } requests are already waiting here. Try again in a few minutes.
    }
    .title = Too many requests waiting
# The state the bot's processes share (Redis) is out of reach; requests already running go on.
failure-coordination-unavailable = The bot cannot start new requests right now (its shared limits are out of reach). Try again in a moment; requests already running are not affected, and nothing was charged.
    .title = Busy for a moment
failure-store-unavailable = The bot cannot reach its database right now, so this could not be done. Try again in a moment.
    .title = Try again in a moment
failure-not-admin = Only an admin of this community can do that.
    .title = Admins only
# $message: the money parser's explanation (money-error-* messages).
failure-bad-amount = { $message }
    .title = Amount not understood
failure-unknown-user = Nobody called { $given } has been seen here, so nothing was changed. { $how }
    .title = Unknown user
failure-job-not-found = There is no job { $id } here. See { $jobs } for yours.
    .title = Job not found
failure-job-not-yours = Only the member who started job { $id }, or an admin, can use its buttons. Start your own with { $imagine }.
    .title = Not your job
failure-bad-timezone = { $given } is not a time zone name. Use a name such as Europe/Berlin, America/New_York or UTC.
    .title = Unknown time zone
failure-other-bot = That command was meant for another bot.
    .title = Not for this bot
# $suggestion: a command as the member types it, or "none".
failure-unknown-command = { $suggestion ->
        [none] There is no command { $given }. See { $help } for the list.
       *[other] There is no command { $given }. Did you mean { $suggestion }? See { $help } for the list.
    }
    .title = Unknown command
# $usage: one or more usage lines ("none" when there are none); $name: the missing argument's name (an identifier).
failure-missing-argument = { $usage ->
        [none] The { $name } is missing.
       *[other] Usage: { $usage }
        (the { $name } is missing)
    }
    .title = Something is missing
failure-not-here = { $place ->
        [private] This only works in a private chat with the bot (it keeps secrets out of groups).
       *[community] This only works in a community (a server or group), not in a private chat.
    }
    .title = Not available here
failure-job-files-gone = { $what ->
        [references] The reference images of job { $id } are no longer kept, so it cannot be rerolled. Run { $edit } again with the images.
       *[outputs] The results of job { $id } are no longer kept, so they cannot be reused. Start a new request instead.
    }
    .title = Files no longer kept
failure-internal = Something went wrong on our side. Try again; if it keeps happening, tell an admin the reference below.
    .title = Something went wrong
# Used when even the failure text could not be made.
failure-internal-short = Something went wrong on our side. Try again.
# $available: the shipped codes, comma-separated.
failure-unknown-language = { $given } is not a language I speak. Choose one of: { $available }.
    .title = Unknown language
failure-unknown-setting = { $given } is not a setting. The settings are: { $keys }. See yours with { $settings }.
    .title = Unknown setting
failure-bad-setting = { $given } is not a value for { $key }. It takes: { $allowed }. Nothing was changed.
    .title = Not a value for this setting
failure-operator-cap-exhausted = This costs { $cost }, and the bot's shared budget for today has { $left } left: the bot operator limits what all communities together may spend on the bot's own gateway token each day. It resets { $when }. A community that links its own gateway token is not limited by it.
    .title = The bot's budget for today is used up
# $place: private or community. $community: the chat's id for the operator (platform:id).
failure-operator-access-not-approved = { $place ->
        [private] This private chat is not approved to use the bot's own gateway token. Ask the bot's owner to approve { $community }, or link your own token with { $tokenLink }.
       *[other] This community is not approved to use the bot's own gateway token. Ask the bot's owner to approve it (they run { $approve } here, or approve { $community }). An admin can also link the community's own token with { $setupToken }, or you can link your own with { $tokenLink }.
    }
    .title = Not approved for the bot's token

failure-job-cancelled = Your { $kind ->
        [video] video
        [ask] question
       *[image] image
    } request was cancelled before the gateway started on it.
    .title = Cancelled
failure-job-not-cancellable = { $reason ->
        [at_gateway] Job { $id } can no longer be cancelled: the gateway is already working on it. It finishes and is charged as usual (if it fails, its hold is released). { $jobCmd } { $id } shows how it goes.
        [not_owner] Job { $id } belongs to another member: only they or an admin can cancel it.
       *[finished] Job { $id } has already ended: there is nothing to cancel.
    }
    .title = Not cancelled
