## /models и /prices. $model — id модели (как есть). $kind: image, video или text. $variable — переменная
## конфигурации (DEFAULT_IMAGE_MODEL…), как есть.

# Откуда взята цена. $source: admin, operator, gateway или documented.
price-source = { $source ->
        [admin] задана админом здесь
        [operator] из файла цен оператора
        [gateway] опубликованная цена шлюза
       *[documented] документированная цена шлюза
    }
price-none-yet = цены пока нет (админ может её задать)
price-not-on-sale = не продаётся
# Две цены текстовой модели. $input, $output — тексты цены за единицу.
price-in-out = { $input } за ввод, { $output } за вывод
# Цена и её источник: «$0.04 / изображение (опубликованная цена шлюза)».
price-with-source = { $price } ({ $source })
# Цена, которую шлюз публикует выражением, по строке на вариант: «1080p, со звуком: $0.60 / секунда».
# $options — слова варианта; $price — текст цены за единицу.
price-option-row = { $options }: { $price }
# $quality — качество изображения, как его называет шлюз (дословно: low, medium, high…).
price-option-quality = качество { $quality }
price-option-default = качество по умолчанию
price-option-other-resolution = другие разрешения
# $audio: yes или no.
price-option-audio = { $audio ->
        [yes] со звуком
       *[no] без звука
    }
# Цена, зависящая от того, что станет известно только после задания (резервируется этот максимум). $price — текст цены.
price-at-most = не больше { $price }

# The title of the /models answer.
models-title = Модели
models-none = Через этот токен нет доступных моделей.
models-default-mark = [по умолчанию]
models-options = параметры: { $options }
# The same mark after a model in a list of "id · price" lines.
models-default-word = по умолчанию
models-defaults = По умолчанию:
# $how: configured (задано оператором) или first (первая модель этого вида с ценой в списке шлюза).
models-default-chosen = { $kind }: { $model } ({ $how ->
        [configured] задано в { $variable }
       *[first] первая модель вида { $kind } с ценой в списке шлюза; чтобы выбрать другую, задайте { $variable }
    })
# $closest — ближайшие id из списка или «none».
models-default-missing = { $kind }: { $variable }={ $model } отсутствует в списке{ $closest ->
        [none] {""}
       *[other] {" "}(ближайшие: { $closest })
    }
models-default-none = { $kind }: нет (в списке нет модели вида { $kind } с ценой)
models-price-rule = Цены: приоритет у цены, заданной админом, затем у файла цен оператора, затем у опубликованной цены шлюза; модель без цены недоступна, пока админ её не задаст (/prices set <model> <usd>).

prices-none = Здесь нет цен, заданных админом. Модели используют файл цен оператора или опубликованные цены шлюза; см. /models.
# $lines — по одной модели на строку.
prices-list = Настройки админа здесь (заданы админом):
    { $lines }
prices-kind-of = вид { $kind }
prices-cleared = Цена админа для { $model } удалена; теперь модель стоит { $price }.
prices-kind-set = Теперь { $model } здесь считается { $kind ->
        [image] моделью изображений
        [video] моделью видео
       *[text] текстовой моделью
    }.
# $listed: «no», если токен не содержит этой модели в списке.
# $unit: image, second или tokens (за 1000 текстовых токенов).
prices-set = Теперь { $model } здесь стоит { $amount } за { $unit ->
        [image] изображение
        [second] секунду
       *[tokens] 1K токенов
    } (задано админом; эта цена главнее остальных).{ $listed ->
        [no] {" "}Внимание: в списке этого токена нет такой модели.
       *[yes] {""}
    }
prices-error-model-id = Укажите точный id модели, как в /models.
prices-error-kind = Вид: image, video, text или auto.
prices-error-zero = Цена должна быть больше $0.
prices-error-unit = Единица: image, second или 1k (1000 текстовых токенов).
# $unit: image, second или tokens (за 1000 текстовых токенов). $amount: самая низкая допустимая цена.
prices-error-below-cost = Пока здесь платит собственный токен шлюза бота, { $model } не может стоить меньше, чем за него берёт шлюз: не меньше { $amount } за { $unit ->
        [image] изображение
        [second] секунду
       *[tokens] 1K токенов
    }. Привяжите собственный токен сообщества через /setup, чтобы назначать цену свободно.
prices-error-no-cost = Бот не знает, сколько шлюз берёт за { $model }, поэтому, пока здесь платит собственный токен шлюза бота, назначить ей цену может только владелец бота. Привяжите собственный токен сообщества через /setup, чтобы назначить цену самим.
