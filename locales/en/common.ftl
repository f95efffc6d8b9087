## Shared words: units, moments, sizes. Numbers arrive already formatted for the locale ($n may be "1,024").

# Durations, rounded the way people say them. $n is a number (plural rules apply).
unit-seconds = { $n } s
unit-minutes = { $n } min
unit-hours = { $n } h
unit-hours-minutes = { $h } h { $min } min
unit-days = { $n ->
        [one] { $n } day
       *[other] { $n } days
    }

# "in 8 h": $duration is one of the unit-* texts.
time-in = in { $duration }
time-now = now
# A moment in the community's time zone. $day: today, tomorrow or other; $date like "Mon, 24 Nov"; $time "00:00";
# $zone the zone's short name ("CET", "UTC", "GMT+8").
time-moment = { $day ->
        [today] today at { $time } { $zone }
        [tomorrow] tomorrow at { $time } { $zone }
       *[other] { $date } at { $time } { $zone }
    }
# A moment and how far away it is: "tomorrow at 00:00 CET (in 8 h)".
time-moment-in = { $moment } ({ $in })

# File sizes: $n is the number, $unit one of B, KB, MB, GB.
size-bytes = { $n } { $unit }
size-unknown = an unknown size

# Periods of an allowance. $period: day, week, month or total.
period-per = { $period ->
        [day] per day
        [week] per week
        [month] per month
       *[total] in total
    }
period-this = { $period ->
        [day] today
        [week] this week
        [month] this month
       *[total] in total
    }

# Shown when an amount typed by a member could not be read.
money-error-hint = Amounts are in US dollars, e.g. 0.50 or $2.
# Why a typed amount was refused. $given: what was typed, quoted. Followed by money-error-hint.
money-error-empty = No amount given.
money-error-negative = { $given } is negative; amounts must be zero or more.
money-error-format = { $given } is not an amount.
money-error-comma = { $given } contains a comma; write 1000 or 0.5 without separators.
money-error-exponent = { $given } uses an exponent, which is not accepted.
money-error-too-precise = { $given } has more than 6 decimals.
money-error-too-large = { $given } is more than 100000 USD.
