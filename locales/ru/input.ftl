# Отказы по опциям, флагам и значениям для админов (текст сбоя `bad_flag` или `bad_amount`).
# Имена команд, флагов и опций ($flag, $command, $name) и вводимые значения (day, week, month, total) не переводятся.

## Как выглядит правильное значение ($form в сообщениях ниже).
input-form-aspect = W:H, например 16:9
input-form-size = WxH, например 1024x1024, или auto
input-form-model = id модели, например alpha-image-2
input-form-integer = целое число
input-form-integer-range = целое число от { $min } до { $max }
input-form-job = id задания
input-form-user = @имя, упоминание или id
input-form-amount = сумма в долларах США, например 5 или 2.50
input-form-period = day, week, month или total
input-form-choice = одно из: { $choices }
input-form-text = какой-нибудь текст

## Флаги и слова, которые команда не принимает.
input-valid-flags = Допустимые флаги: { $flags }
input-no-flags = У этой команды нет флагов.
input-with-flags = { $problem } { $flags }
input-did-you-mean = { $problem } Может быть, вы имели в виду { $suggestion }?
input-flag-conflict = { $flag } нельзя использовать вместе с { $other }.
input-flag-not-here = { $command } не принимает { $flag }.
input-flag-unknown = Неизвестный флаг { $flag }.
input-flag-no-value = Для { $flag } нужно значение: { $form }.
input-flag-bad-value = { $flag } { $value } — недопустимое значение: укажите { $form }.
input-secret-bad-value = { $flag } — недопустимое значение: укажите { $form }.
model-id-looks-like-key = Это похоже на секретный ключ, а не на id модели, поэтому он не использован, не сохранён и не показан. Если это настоящий ключ, отзовите его в шлюзе и создайте новый.
input-flag-twice = { $flag } указан дважды.
input-not-a-member = «{ $value }» — не участник: укажите { $form }.
input-bad-word = «{ $value }» не подходит как { $name } для { $command }: укажите { $form }.
input-extra-words = { $command } не принимает «{ $extra }». Использование: { $usage }
input-unknown-argument = Эта команда не принимает «{ $name }».
input-not-files = { $flag } принимает { $form }, а не файлы.
input-files-only = { $flag } принимает только файлы.
input-too-long = { $flag } слишком длинный (не больше { $max ->
        [one] { $max } символа
        [few] { $max } символов
        [many] { $max } символов
       *[other] { $max } символа
    }).

## Размеры изображений.
input-size-sides = каждая сторона от { $min } до { $max } пикселей, в виде { $example }
input-size-requested = запрошенный размер

## Значения для админов. $min, $max, $amount и $after приходят уже отформатированными.
input-period = «{ $given }» — не период; укажите day, week, month или total.
input-amount-range = Сумма должна быть от { $min } до { $max }.
input-pool-needs-amount = Для общего потолка сообщества нужна сумма.
input-note-length = Для корректировки нужна короткая заметка (от { $min } до { $max } символов).
input-zero-adjustment = Корректировка на { $amount } ничего не меняет.
input-timezone = «{ $given }» — не название часового пояса; укажите, например, Europe/Moscow или America/New_York.
input-token-shape = Это не похоже на токен шлюза (обычно он начинается с sk-).
input-adjust-ceiling = Лимит вместе с корректировками этого периода может составлять не больше { $max }; с этой корректировкой получилось бы { $after }.
