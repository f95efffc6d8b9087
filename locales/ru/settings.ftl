## /settings (участники) и /setup defaults (администраторы). $key — ключ настройки, как его вводят (image_model, aspect, n…).

settings-line = { $key }: { $value } ({ $source ->
        [member] ваша настройка здесь
        [personal] ваша настройка везде
        [community] значение по умолчанию этого сообщества
       *[bot] значение бота по умолчанию
    })
settings-title = Ваши настройки (флаг, введённый в команде, всегда важнее):
settings-how = Изменить: { $cmd } <ключ> <значение> (добавьте "everywhere", чтобы действовало во всех сообществах); вернуть: { $cmd } <ключ> reset.
# The placeholder of a menu of choices for one key (Discord).
settings-menu-placeholder = { $key }: выберите
settings-value-auto = автоматически
settings-set = { $key } теперь { $value } { $where ->
        [here] в этом сообществе.
       *[everywhere] во всех сообществах.
    }
settings-reset = Ваша настройка { $key } { $where ->
        [here] здесь
       *[everywhere] для всех сообществ
    } сброшена: теперь { $value } ({ $source ->
        [member] ваша настройка здесь
        [personal] ваша настройка везде
        [community] значение по умолчанию этого сообщества
       *[bot] значение бота по умолчанию
    }).
settings-defaults-title = Значения по умолчанию этого сообщества (для участников без своей настройки):
settings-defaults-how = Изменить: { $cmd } <ключ> <значение>; убрать: { $cmd } <ключ> reset.
settings-defaults-set = Значение { $key } по умолчанию в этом сообществе теперь { $value }. У участников, выбравших своё, оно остаётся.
settings-defaults-reset = У этого сообщества больше нет значения { $key } по умолчанию: действует { $value } (значение бота).
settings-used = { $items } — из ваших настроек
settings-used-community = { $items } — из настроек сообщества по умолчанию
settings-used-item = { $key ->
        [n] изображений: { $value }
        [seconds] { $value } с
        [quality] качество { $value }
       *[other] { $value }
    }
