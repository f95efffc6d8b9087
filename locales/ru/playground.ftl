## Собственные строки терминальной песочницы (консоль читает LANG). Команды, флаги и имена переменных не переводятся.

# Заставка при запуске. Отступы строкам добавляет песочница.
playground-title = терминальная песочница mediabot
playground-gateway-simulator = ВСТРОЕННЫЙ симулятор шлюза по адресу { $url } (ненастоящие картинки и видео, без реальных денег)
playground-gateway-real = шлюз по адресу { $url } (GATEWAY_BASE_URL, токен оператора GATEWAY_TOKEN: списания настоящие)
playground-line-gateway = шлюз:        { $gateway }
playground-line-budget = бюджет:      { $allowance }
playground-line-you = вы:          { $name } (id { $id }), здесь админ; в /budget и /usage пишите me, чтобы указать себя
playground-line-outputs = результаты:  { $dir } (OUTPUT_DIR)   база данных: { $database }
playground-setup =
    Чтобы запустить настоящего бота, задайте DISCORD_TOKEN + DISCORD_APPLICATION_ID и/или TELEGRAM_BOT_TOKEN, BOT_ENCRYPTION_KEY
    (npm run keygen) и GATEWAY_BASE_URL в .env (см. .env.example), затем снова выполните npm start.
playground-interactive = Введите /help, чтобы увидеть команды; /quit или Ctrl-C — выход.
playground-stdin = Команды читаются со стандартного ввода.
playground-allowance = у вас осталось { $left } из { $limit } { $per } (/budget default <amount> меняет лимит)
playground-allowance-none = для вас без лимита
playground-allowance-blocked = заблокировано в песочнице (/budget unblock local)

# Ответы на введённую строку.
playground-slash = Команды начинаются с косой черты, например /imagine рыжая лиса. Введите /help, чтобы увидеть список.
playground-no-token = { $command } недоступна в песочнице: здесь платит токен встроенного симулятора (или GATEWAY_TOKEN), так что привязывать токен шлюза не нужно.
playground-unexpected = { $command } неожиданно завершилась ошибкой: { $error }
playground-no-file = Нет файла по пути { $typed } ({ $path }).
playground-no-image = { $command } не принимает картинки; --image — для /edit и /video.
# /help of a command that takes images: what --image PATH does. $max: how many files it takes.
playground-help-image = { $max ->
        [1] локальный файл изображения, который отправляется с командой
       *[other] локальный файл изображения, который отправляется с командой; повторите до { $max } раз
    }
playground-help-quit = /quit   выйти из песочницы (или Ctrl-C)
# A job's progress while its command waits. $position: its place in the queue.
playground-queued = в очереди (место { $position })…
playground-working = выполняется…
playground-failed = Не получилось.
playground-file-saved = { $kind } { $mime }, { $size }: { $path }
playground-next = дальше:

# Видео, которые ещё идут, когда песочница останавливается.
playground-videos-at-gateway = { $count ->
        [one] На шлюзе ещё идёт { $count } видео; при следующем запуске песочница его доставит (/jobs покажет список).
       *[other] На шлюзе ещё идут видео: { $count }; при следующем запуске песочница их доставит (/jobs покажет список).
    }
playground-video-cancelled = видео { $job } отменено: встроенный симулятор хранит задачи в памяти, поэтому не может закончить их после остановки песочницы. Резерв { $held } снят: ничего не списано.
playground-video-made = видео { $job } уже сделано и оплачено ({ $state }). /job { $job } покажет его в следующий раз.
playground-video-ended = видео { $job } уже завершено ({ $state }).

# Задания, которые заканчиваются позже, и пути в --image.
playground-progress = видео { $job }: { $state } { $percent } %
playground-video-ready = видео { $job } готово ({ $facts }): { $path }
playground-answer = ответ { $job } ({ $cost }):
playground-result-saved = { $kind ->
        [ask] ответ
        [video] видео
       *[other] картинка
    } { $job }: { $path }
playground-image-unclosed = У пути после --image нет закрывающей кавычки { $quote }.
playground-image-missing = Укажите файл после --image, например --image ~/fox.png
playground-end-image-alone = --end-image — последний кадр видео: укажите и первый кадр через --image, например --image ~/start.png --end-image ~/end.png

# Конец ввода.
playground-waiting = { $count ->
        [one] ждём завершения { $count } видео (ещё не больше { $left })
       *[other] ждём завершения видео: { $count } (ещё не больше { $left })
    }
playground-demo = На стандартном вводе ничего нет: запускаем демонстрационный сценарий.
playground-demo-done = Готово. Результаты лежат в { $dir }. Запустите npm start в терминале, чтобы работать в интерактивном режиме.
playground-line-web = Веб-страницы: { $url } (введите /web, чтобы получить ссылку для входа)
