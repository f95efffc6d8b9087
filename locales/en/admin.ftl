## Answers to the admin commands (/budget, /usage, /setup) and to /token. Amounts are money already formatted.
## $who: a member as the admin named them ("@bob"). $period: day, week, month or total.

# A price: "$0.04 / image". $unit: image, second or tokens (per 1,000 text tokens).
price-per-unit = { $amount } / { $unit ->
        [image] image
        [second] second
       *[tokens] 1K tokens
    }
# An allowance: "$5.00 per day", "no limit", "$5.00 in total". $amount is "none" for no limit.
allowance = { $amount ->
        [none] no limit
       *[other] { $amount } { $period ->
            [day] per day
            [week] per week
            [month] per month
           *[total] in total
        }
    }

# $personal: yes for a member's own token. $masked: the token with all but its last 4 characters hidden.
token-linked = { $personal ->
        [yes] Your own requests now use
       *[no] This community's requests now use
    } the gateway token { $masked }. It reaches { $models ->
        [one] { $models } model
       *[other] { $models } models
    }.
token-none-linked = { $personal ->
        [yes] You have no personal gateway token linked.
       *[no] This community has no gateway token linked.
    }
token-unlinked = { $personal ->
        [yes] Your gateway token { $masked } was removed; your requests use the community's token (or the operator's) again.
       *[no] The community gateway token { $masked } was removed.
    }
# Jobs still running on a token just removed keep using it until they end.
token-running-jobs = { $jobs ->
        [one] 1 job started with it is still running: it keeps using this token until it ends and is charged on it; new requests no longer use it.
       *[other] { $jobs } jobs started with it are still running: they keep using this token until they end and are charged on it; new requests no longer use it.
    }
# $when: the moment it was linked.
token-show = This community uses the gateway token { $masked }, linked { $when }.

budget-default-set = Everyone's default allowance here is now { $allowance }.
budget-user-set = { $who }'s allowance here is now { $allowance }.
budget-user-cleared = { $who } is back on the community's default allowance.
budget-pool-removed = The community pool cap was removed.
budget-pool-set = The community can now spend at most { $allowance } in all.
budget-blocked = { $who } can no longer start paid jobs here.
budget-unblocked = { $who } can start paid jobs here again.
budget-adjusted-up = Gave { $who } { $amount } more this period.
budget-adjusted-down = Took { $amount } from { $who }'s allowance this period.
budget-timezone-set = Budgets here now reset at midnight { $zone }.

# The summary of /usage; the CSV file carries one row per member.
usage-summary = Usage { $period ->
        [day] today
        [week] this week
        [month] this month
       *[total] in total
    }: { $jobs ->
        [one] { $jobs } job
       *[other] { $jobs } jobs
    } by { $members ->
        [one] { $members } member
       *[other] { $members } members
    }, { $spent } spent. The CSV has the details.

# The /usage chart: its title ($days: the days drawn for a total period), the series of members past the top ones,
# and the bar of spending before the first day drawn.
chart-usage-title = Spend per day { $period ->
        [day] today
        [week] this week
        [month] this month
       *[total] over the last { $days } days
    }, by member
chart-others = others
chart-earlier = earlier

# /budget show without a member. $operator: yes when the default is the bot operator's.
budget-settings-default = Default allowance: { $allowance }{ $operator ->
        [yes] {" "}(the bot operator's default)
       *[no] {""}
    }.
budget-settings-pool = Community pool: { $allowance }.
budget-settings-no-pool = No community pool cap.
# /budget show @member: where their allowance comes from, and whether they are blocked.
budget-member-override = Allowance: { $allowance }, set for { $who } (an override; /budget clear { $who } returns them to the default).
budget-member-default = Allowance: the community default, { $allowance }{ $operator ->
        [yes] {" "}(the bot operator's default)
       *[no] {""}
    }.
budget-member-blocked = Status: blocked (/budget unblock { $who } lets them start paid requests again).
budget-member-not-blocked = Status: not blocked.

# /setup show: the gateway's own balance of the token that pays here.
# $source: personal, scope or operator. $left: money, or "unlimited". $used: money, or "none". $expires: a moment, or "never".
gateway-balance = The gateway balance of { $source ->
        [personal] your own token
        [scope] this community's token
       *[operator] the bot's own token
    } is { $left ->
        [unlimited] unlimited
       *[other] { $left }
    }{ $used ->
        [none] {""}
       *[other] {" "}({ $used } used so far)
    }; { $expires ->
        [never] it does not expire.
       *[other] it expires { $expires }.
    }
gateway-balance-not-shown = This gateway does not show token balances.
# $reason: the failure's own text.
gateway-balance-unreadable = The gateway balance could not be read: { $reason }

# Notices for admins (shown once, under an admin's next private answer).
alert-quota = { $source ->
        [operator] The gateway says the bot's own token has run out of credit, so jobs here are refused. Tell the bot operator to top it up, or link this community's own token with /setup.
       *[scope] The gateway says this community's token has run out of credit, so jobs here are refused. Top it up on the gateway, or link another token with /setup.
    }
# $source: scope or operator. $allowed: what the budgets still allow this period (money), or "none" when unlimited.
alert-low-balance = The balance of { $source ->
        [scope] this community's gateway token
       *[operator] the bot's own gateway token
    } is { $left }, less than { $allowed ->
        [none] the budgets here allow
       *[other] the { $allowed } the budgets here still allow
    } this period. Top it up on the gateway, or lower the budgets.
# $what: what the gateway lacks; $route: the API path it answered has no route. GATEWAY_BASE_URL: keep verbatim.
alert-gateway-route = This gateway has no route for { $what ->
        [edit] image editing
        [video] video generation
        [remix] video remixes
        [image] image generation
        [text] text models
       *[models] the model list
    } (its answer to { $route } says there is no such route), so members are told it is not offered and nothing is charged. If it should be offered, the bot operator should check that GATEWAY_BASE_URL is the gateway's API root (the address that serves /v1/models) and look up { $route } in the gateway's documentation.
# $header: as in failure-gateway-needs-header.
alert-gateway-header = The gateway refuses requests without { $header ->
        [provider] a provider named in them
       *[other] the header { $header }
    }, which this bot does not send, so every job here is refused (nothing is charged). The bot operator has to set the gateway up to route plain OpenAI-compatible requests (see its documentation on default providers or configs), or point GATEWAY_BASE_URL at an address that does.
# An owner's notice: the daily reconciliation found the gateway billed a token another amount than the bot recorded.
# $day: a UTC day (YYYY-MM-DD); $token: "operator" or "…abcd"; $drift: gateway − bot (signed); $bot, $gateway: the totals.
alert-reconcile-drift = Reconciliation of { $day } (UTC), token { $token }: the gateway billed { $gateway }, the bot recorded { $bot } (drift { $drift }). See the details with npm run admin -- reconcile --since { $day }.
# /approve. $mode: open or approved (OPERATOR_TOKEN_ACCESS).
approve-done = { $mode ->
        [open] Approved: this community may run jobs on the bot's own gateway token. OPERATOR_TOKEN_ACCESS is open right now, so every community may; the approval counts once it is set to approved.
       *[approved] Approved: this community may now run jobs on the bot's own gateway token.
    }
approve-already = This community was already approved for the bot's own gateway token.
approve-revoked = { $mode ->
        [open] Approval withdrawn. OPERATOR_TOKEN_ACCESS is open right now, so this community may still use the bot's own gateway token until it is set to approved.
       *[approved] Approval withdrawn: this community gets no more jobs on the bot's own gateway token (its own token still works).
    }
approve-not-approved = This community was not approved; nothing changed.
# For owners. $cap: OPERATOR_DAILY_CAP (money). $when: the next 00:00 UTC.
alert-operator-cap = The bot's shared daily budget on its own gateway token ({ $cap } per UTC day, OPERATOR_DAILY_CAP) is used up: jobs paid by that token are refused until it resets { $when }. Communities and people with their own token are not affected.
