## /balance (and /budget show @member for admins). Amounts are money already formatted ("$4.41").
## $subject: "self" for the member reading their own balance, "other" when an admin reads someone's ($who).
## $period: day, week, month or total. $reset: a moment ("tomorrow at 00:00 CET (in 8 h)") or "never".

balance-title = { $subject ->
        [self] Your balance
       *[other] Balance of { $who }
    }
# The label an allowance line starts with.
balance-label-self = You
balance-label-pool = Community pool
balance-label-own-cap = { $subject ->
        [self] Your own cap
       *[other] Their own cap
    }

# An allowance with no limit. $held: money held by running jobs, or "none".
balance-unlimited = { $label }: no limit. Spent { $spent } { $period ->
        [day] today
        [week] this week
        [month] this month
       *[total] in total
    }{ $held ->
        [none] {""}
       *[other] {" "}({ $held } held for running jobs)
    }.
# A limited allowance: what is left of the limit, adjustments, what was spent, and when it resets.
# $granted / $taken: admin adjustments this period, or "none".
balance-limited = { $label }: { $left } left of { $limit } { $period ->
        [day] per day
        [week] per week
        [month] per month
       *[total] in total
    }{ $granted ->
        [none] {""}
       *[other] {" "}+ { $granted } granted
    }{ $taken ->
        [none] {""}
       *[other] {" "}- { $taken } taken back
    }; spent { $spent }{ $held ->
        [none] {""}
       *[other] {" "}({ $held } held for running jobs)
    }. { $reset ->
        [never] It does not reset on its own.
       *[other] Resets { $reset }.
    }

balance-blocked = { $subject ->
        [self] You are blocked here: an admin has stopped your paid requests. Ask an admin if you think this is a mistake.
       *[other] { $who } is blocked here: they cannot start paid requests until an admin unblocks them.
    }
# $pool: "yes" when the community also has a pool cap.
balance-personal-token = { $subject ->
        [self] Your requests use your own gateway token, so { $pool ->
            [yes] this community's allowance and pool do not apply.
           *[no] this community's allowance does not apply.
        }
       *[other] Their requests use their own gateway token, so { $pool ->
            [yes] this community's allowance and pool do not apply.
           *[no] this community's allowance does not apply.
        }
    }
balance-personal-no-cap = { $subject ->
        [self] Your own token has no spending cap set; the gateway account behind it is the only limit.
       *[other] Their own token has no spending cap set; the gateway account behind it is the only limit.
    }
# $source: scope (the community's token), operator (the bot operator's), none (no token linked).
balance-token = { $subject ->
        [self] { $source ->
            [scope] Your requests use this community's gateway token.
            [operator] Your requests use the bot operator's gateway token.
           *[none] No gateway token is linked here yet, so you cannot start paid requests; an admin can link one, or you can link your own with /token.
        }
       *[other] { $source ->
            [scope] Their requests use this community's gateway token.
            [operator] Their requests use the bot operator's gateway token.
           *[none] No gateway token is linked here yet, so they cannot start paid requests; an admin can link one, or they can link their own with /token.
        }
    }
balance-pool-tighter = { $subject ->
        [self] The community pool is the tighter limit: you can spend at most { $left } right now.
       *[other] The community pool is the tighter limit: they can spend at most { $left } right now.
    }

# The fields under /balance.
balance-field-paid-by = Paid by
balance-value-own-token = your own token
balance-field-community-limit = Community limit
balance-value-does-not-apply = does not apply
balance-field-limit = Limit
balance-field-spent = Spent
balance-field-held = Held for running jobs
balance-field-left = Left
balance-field-resets = Resets
balance-value-never = never
balance-value-no-limit = no limit
balance-field-blocked = Blocked
balance-value-yes = yes
# An allowance as a value: "$5.00 per day".
balance-allowance = { $amount } { $period ->
        [day] per day
        [week] per week
        [month] per month
       *[total] in total
    }

# The /balance chart: its title ($days: the days drawn for a total period), the spend line and the allowance line.
chart-balance-title = Your spending { $period ->
        [day] today
        [week] this week
        [month] this month
       *[total] over the last { $days } days
    }
chart-spent = spent
chart-allowance = allowance
# Said instead of a chart (/balance or /usage) that could not be drawn; the numbers follow.
chart-failed = The chart could not be drawn this time; here are the numbers.
