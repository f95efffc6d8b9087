## /settings (members) and /setup defaults (admins). $key is a setting's key as typed (image_model, aspect, n…).

# $source: member (set here), personal (set for every community), community (the community's default), bot (the bot's default).
settings-line = { $key }: { $value } ({ $source ->
        [member] your setting here
        [personal] your setting everywhere
        [community] this community's default
       *[bot] the bot's default
    })
settings-title = Your settings (a flag typed in a command always wins):
settings-how = Change one with { $cmd } <key> <value> (add "everywhere" for every community), or go back with { $cmd } <key> reset.
# The placeholder of a menu of choices for one key (Discord).
settings-menu-placeholder = { $key }: choose one
settings-value-auto = auto
# $where: here (this community) or everywhere (every community).
settings-set = { $key } is now { $value } { $where ->
        [here] in this community.
       *[everywhere] in every community.
    }
settings-reset = Your { $key } setting { $where ->
        [here] here
       *[everywhere] for every community
    } is cleared: now { $value } ({ $source ->
        [member] your setting here
        [personal] your setting everywhere
        [community] this community's default
       *[bot] the bot's default
    }).
settings-defaults-title = This community's defaults (for members without their own setting):
settings-defaults-how = Change one with { $cmd } <key> <value>, or remove it with { $cmd } <key> reset.
settings-defaults-set = This community's default { $key } is now { $value }. Members who chose their own keep it.
settings-defaults-reset = This community has no default { $key } any more: { $value } (the bot's default) applies.
# What a reply used from the settings. $items: the values, e.g. "16:9, 2 images".
settings-used = { $items } from your settings
settings-used-community = { $items } from this community's defaults
settings-used-item = { $key ->
        [n] { $value } images
        [seconds] { $value } s
        [quality] quality { $value }
       *[other] { $value }
    }
