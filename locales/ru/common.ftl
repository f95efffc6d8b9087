## Общие слова: единицы, моменты, размеры. Числа приходят уже отформатированными для локали ($n может быть «1 024»).

# Длительности, округлённые так, как говорят люди. $n — число (действуют правила множественного числа).
unit-seconds = { $n } с
unit-minutes = { $n } мин
unit-hours = { $n } ч
unit-hours-minutes = { $h } ч { $min } мин
unit-days = { $n ->
        [one] { $n } день
        [few] { $n } дня
        [many] { $n } дней
       *[other] { $n } дня
    }

# «через 8 ч»: $duration — один из текстов unit-*.
time-in = через { $duration }
time-now = сейчас
# Момент в часовом поясе сообщества. $day: today, tomorrow или other; $date вроде «пн, 24 нояб.»; $time «00:00»;
# $zone — краткое имя пояса («CET», «UTC», «GMT+8»).
time-moment = { $day ->
        [today] сегодня в { $time } { $zone }
        [tomorrow] завтра в { $time } { $zone }
       *[other] { $date } в { $time } { $zone }
    }
# Момент и сколько до него: «завтра в 00:00 CET (через 8 ч)».
time-moment-in = { $moment } ({ $in })

# Размеры файлов: $n — число, $unit — одно из B, KB, MB, GB.
size-bytes = { $n } { $unit }
size-unknown = неизвестный размер

# Периоды лимита. $period: day, week, month или total.
period-per = { $period ->
        [day] в день
        [week] в неделю
        [month] в месяц
       *[total] всего
    }
period-this = { $period ->
        [day] сегодня
        [week] на этой неделе
        [month] в этом месяце
       *[total] всего
    }

# Показывается, когда сумму, введённую участником, не удалось прочитать.
money-error-hint = Суммы указываются в долларах США, например 0.50 или $2.
# Почему введённая сумма отклонена. $given — что было введено, в кавычках. Далее следует money-error-hint.
money-error-empty = Сумма не указана.
money-error-negative = { $given } — отрицательное число; сумма должна быть не меньше нуля.
money-error-format = { $given } — это не сумма.
money-error-comma = В { $given } есть запятая; пишите 1000 или 0.5 без разделителей.
money-error-exponent = В { $given } используется экспонента, так нельзя.
money-error-too-precise = В { $given } больше 6 знаков после точки.
money-error-too-large = { $given } — больше 100000 USD.
