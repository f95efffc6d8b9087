## Shared words: units, moments, sizes. Numbers arrive already formatted for the locale ($n may be "1.024").

# Durations, rounded the way people say them. $n is a number (plural rules apply).
unit-seconds = { $n } s
unit-minutes = { $n } min
unit-hours = { $n } h
unit-hours-minutes = { $h } h { $min } min
unit-days = { $n ->
        [0] { $n } dias
        [one] { $n } dia
       *[other] { $n } dias
    }

# "em 8 h": $duration is one of the unit-* texts.
time-in = em { $duration }
time-now = agora
# A moment in the community's time zone. $day: today, tomorrow or other; $date like "seg., 24 de nov."; $time "00:00";
# $zone the zone's short name ("CET", "UTC", "GMT+8").
time-moment = { $day ->
        [today] hoje às { $time } { $zone }
        [tomorrow] amanhã às { $time } { $zone }
       *[other] { $date } às { $time } { $zone }
    }
# A moment and how far away it is: "amanhã às 00:00 BRT (em 8 h)".
time-moment-in = { $moment } ({ $in })

# File sizes: $n is the number, $unit one of B, KB, MB, GB.
size-bytes = { $n } { $unit }
size-unknown = tamanho desconhecido

# Periods of an allowance. $period: day, week, month or total.
period-per = { $period ->
        [day] por dia
        [week] por semana
        [month] por mês
       *[total] no total
    }
period-this = { $period ->
        [day] hoje
        [week] nesta semana
        [month] neste mês
       *[total] no total
    }

# Shown when an amount typed by a member could not be read.
money-error-hint = Os valores são em dólares americanos, por exemplo 0.50 ou $2.
# Why a typed amount was refused. $given: what was typed, quoted. Followed by money-error-hint.
money-error-empty = Nenhum valor informado.
money-error-negative = { $given } é negativo; o valor deve ser zero ou mais.
money-error-format = { $given } não é um valor válido.
money-error-comma = { $given } tem vírgula; escreva 1000 ou 0.5, sem separadores.
money-error-exponent = { $given } usa expoente, o que não é aceito.
money-error-too-precise = { $given } tem mais de 6 casas decimais.
money-error-too-large = { $given } passa de 100000 USD.
