## Правила каналов (/setup channel) и правила промптов (/setup words).

cmd-setup-channel = Выбрать, какие команды работают в этом канале или теме
cmd-setup-channel-opt-rule = show, allow, only, silent или reset (по умолчанию: show)
cmd-setup-channel-opt-commands = Названия команд для allow и only, например video imagine
choice-channel-show = показать правила
choice-channel-allow = allow: эти команды работают только там, где разрешены
choice-channel-only = only: здесь больше ничего не работает
choice-channel-silent = silent: бот здесь не отвечает участникам
choice-channel-reset = reset: убрать правило этого канала
cmd-setup-words = Отклонять промпты с определёнными словами (бесплатно, до списания)
cmd-setup-words-opt-action = list, add, remove или clear
cmd-setup-words-opt-pattern = Слово или шаблон (* внутри слова означает любые буквы)
cmd-setup-words-opt-message = Что увидит участник, если промпт отклонён (необязательно)
cmd-setup-words-opt-list = Список этого сообщества (по умолчанию) или общий (только владельцы бота)
choice-words-list = показать
choice-words-add = добавить
choice-words-remove = удалить
choice-words-clear = очистить
choice-words-list-community = это сообщество
choice-words-list-global = общий (все сообщества)

channel-rules-none = Правил каналов нет: все команды работают во всех каналах. Задать правило: { $setup }.
channel-rules-title = Правила каналов:
channel-rule-line = { $here ->
        [yes] • { $channel } (здесь): { $rule }
       *[no] • { $channel }: { $rule }
    }
channel-rule-silent = бот молчит
channel-rule-only = только { $commands }
channel-rule-allow = { $commands } работают только в разрешённых каналах
channel-rule-done-allow = Готово: эти команды теперь работают только в каналах, где они разрешены.
channel-rule-done-only = Готово: теперь здесь работают только эти команды.
channel-rule-done-silent = Готово: бот здесь больше не отвечает на команды участников (команды администраторов работают).
channel-rule-done-reset = Готово: у этого канала больше нет правила.
channel-rule-bad-commands = Неизвестные названия команд: { $given }. Укажите названия вроде video или imagine.

words-list-empty = { $list ->
        [global] Общий список слов пуст.
       *[community] Список слов этого сообщества пуст.
    }
words-list-title = { $list ->
        [global] Общий список слов ({ $count }):
       *[community] Список слов этого сообщества ({ $count }):
    }
words-list-line = • { $pattern }
words-list-line-message = • { $pattern }: «{ $message }»
words-added = { $list ->
        [global] { $pattern } добавлено в общий список: промпты с ним отклоняются во всех сообществах до любого списания.
       *[community] { $pattern } добавлено в список этого сообщества: промпты с ним отклоняются до любого списания.
    }
words-removed = { $pattern } удалено из списка слов.
words-not-found = { $pattern } нет в списке слов.
words-cleared = Удалено правил из списка слов: { $count }.
words-global-owners = Менять общий список слов могут только владельцы бота.
words-bad-pattern = Укажите слово или шаблон: буквы или цифры, * внутри слова означает любые буквы.

failure-not-in-channel = { $where ->
        [none] { $command } не работает в этом канале.
       *[other] { $command } работает только здесь: { $where }.
    }
    .title = Не в этом канале
failure-prompt-blocked = { $message ->
        [none] В промпте есть слова, которые это сообщество не разрешает. Измените промпт и попробуйте снова.
       *[other] { $message }
    }
    .title = Промпт не разрешён
