## Результаты и просмотр заданий: заголовки, поля «имя/значение» под результатом, кнопки и состояния заданий.

# Кнопки (коротко: кнопки Discord и клавиатуры Telegram удобно показывают около 20 символов).
action-reroll = Ещё вариант
action-edit = Изменить
action-animate = Оживить
action-remix = Ремикс
action-vary = Вариация
action-upscale = Увеличить
action-vary-n = V{ $n }
action-upscale-n = U{ $n }
action-animate-last-frame = Продолжить с последнего кадра
action-refresh = Обновить
# Что участника просят ввести после нажатия «Изменить» / «Ремикс».
action-edit-input = Что нужно изменить?
action-remix-input = Что должно быть в новой версии?

# Названия полей под результатом или заданием.
field-model = Модель
field-size = Размер
field-options = Параметры
field-cost = Стоимость
field-left = Осталось
field-job = Задание
field-duration = Длительность
# /job of a finished video: the length asked for (the delivered file's own length is in its caption).
field-duration-requested = Запрошенная длительность
field-status = Статус
field-created = Создано
field-tokens = Токены
# $cost: сумма. Показывается, когда ответ шлюза пришёл без числа токенов.
field-cost-estimated = { $cost } (оценка: шлюз не сообщил число токенов, поэтому бот посчитал по тексту)
field-held = Удержано до доставки
field-ready-in = Готово
# Значения полей.
value-no-limit = без лимита
value-seconds = { $n } с
# A delivered video whose file plays for another length than was asked. $n: seconds in the file; $requested: asked.
value-seconds-delivered = { $n } с (запрошено { $requested } с)

result-image-title = Изображение готово
# Некоторые изображения больше, чем принимает этот чат. $count — сколько; $limit — размер; $job — команда, чтобы получить их позже.
result-images-too-large = { $count ->
        [one] { $count } изображение превышает лимит загрузки этого чата ({ $limit }); позже используйте { $jobCmd } { $job }.
        [few] { $count } изображения превышают лимит загрузки этого чата ({ $limit }); позже используйте { $jobCmd } { $job }.
       *[other] { $count } изображений превышают лимит загрузки этого чата ({ $limit }); позже используйте { $jobCmd } { $job }.
    }
result-images-partial = Готово изображений: { $made } из { $requested }; списана плата только за { $made }.
result-empty-answer = (пустой ответ)

# Объявление о задании на видео. $seconds — длина или 0, если её выбирает модель.
estimate-video = { $seconds ->
        [0] Создаю видео с помощью { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
       *[other] Создаю видео длиной { $seconds } с с помощью { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
    } Удерживается не более { $cost }, а списывается, только если видео будет доставлено{ $left ->
        [none] .
       *[other] ; после этого останется { $left }.
    }{ $wait ->
        [none] {""}
       *[other] {" "}Обычно это занимает около { $wait }.
    }
video-started-title = Видео запущено
remix-started-title = Ремикс запущен
video-will-be-posted = Задание { $job }: видео появится здесь, когда будет готово.

jobs-title = Ваши задания
jobs-none = У вас пока нет заданий.
# Одна строка /jobs: «изображение · готово · model · списано 0,04 $ · промпт». $money — что стало с деньгами (job-money).
jobs-line = { $kind } · { $state } · { $model } · { $money } · { $prompt }
job-title = { $kind } { $id }
job-files-too-large = { $count ->
        [one] { $count } файл этого задания превышает лимит загрузки этого чата.
        [few] { $count } файла этого задания превышают лимит загрузки этого чата.
       *[other] { $count } файлов этого задания превышают лимит загрузки этого чата.
    }

# Виды заданий, как их видит участник.
job-kind = { $kind ->
        [imagine] изображение
        [edit] правка
        [video] видео
       *[ask] ответ
    }
# Состояния заданий простыми словами (что стало с деньгами, говорит job-money, здесь — никогда).
job-state = { $state ->
        [queued] ждёт запуска
        [working] выполняется
        [delivering] публикуется
        [done] готово
        [failed] не удалось
        [timed_out] слишком долго
        [interrupted] остановлено
       *[not_delivered] создано, но не опубликовано
    }
# Что стало с деньгами задания. $amount — сумма этого исхода. Никогда не «удержано» для задания, деньги которого освобождены или возвращены.
job-money = { $outcome ->
        [held] удержано { $amount }
        [charged] списано { $amount }
        [charged_kept] списано { $amount }, результат сохранён
        [refunded] возвращено { $amount }
       *[none] ничего не списано
    }

## Слова, которые чаты добавляют сами.
# Файлы ответа сверх лимита загрузки чата. $kind: image, video или file; $job — команда, чтобы получить их, или «none».
surface-over-limit = { $count } { $kind ->
        [image] { $count ->
            [one] изображение превышает
            [few] изображения превышают
           *[other] изображений превышают
        }
        [video] { $count ->
            [one] видео превышает
           *[other] видео превышают
        }
       *[file] { $count ->
            [one] файл превышает
            [few] файла превышают
           *[other] файлов превышают
        }
    } лимит загрузки этого чата ({ $limit }){ $job ->
        [none] .
       *[other] ; позже используйте { $job }.
    }
# Один файл слишком велик для публикации. $job — команда, чтобы получить его позже, или «none».
surface-file-too-large = { $name } ({ $size }) слишком велик для публикации здесь.{ $job ->
        [none] {""}
       *[other] {" "}Он будет храниться некоторое время: { $job }.
    }

# Очередь (/queue). Отмена убирает задание из очереди, пока шлюз не начал его.
action-cancel = Отменить
action-cancel-job = Отменить { $id }
queue-title = Ваша очередь
queue-title-all = Очередь сообщества
queue-none = У вас здесь нет ожидающих или выполняемых заданий.
queue-none-all = Здесь нет ожидающих или выполняемых заданий.
queue-community = В сообществе: ожидают — { $waiting }, выполняются — { $running }.
queue-phase-queued = место { $position } в очереди
queue-phase-waiting = { $ahead ->
        [0] следующее к шлюзу (он занят)
        [one] впереди 1 к шлюзу (он занят)
        [few] впереди { $ahead } к шлюзу (он занят)
       *[other] впереди { $ahead } к шлюзу (он занят)
    }
queue-phase-running = выполняется
queue-elapsed = прошло { $elapsed }
queue-eta = осталось около { $eta }
queue-eta-overdue = дольше обычного
queue-member = { $mine ->
        [yes] вы
       *[other] участник { $user }
    }
queue-cancel-which = Какое задание? Используйте { $cmd } cancel <id задания>; { $cmd } покажет ваши задания.
queue-cancelled-title = Отменено
queue-cancelled = Задание { $id } ({ $kind }) убрано из очереди до того, как шлюз начал его. { $held ->
        [yes] Удержание снято: ничего не списано.
       *[other] Ничего не списано.
    }
