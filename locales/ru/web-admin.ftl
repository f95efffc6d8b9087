# Веб-страницы администратора (src/web/admin-pages.ts) и таблицы веб-графиков (src/web/charts.ts).
web-admin-nav = Страницы администратора
web-admin-nav-budgets = Бюджеты
web-admin-nav-usage = Расход
web-admin-nav-prices = Цены
web-admin-nav-rules = Правила
web-admin-nav-queue = Очередь
web-admin-nav-refs = Коды ошибок
web-admin-nav-audit = Журнал изменений
web-admin-usage-title = Расход в { $community }
web-admin-prices-title = Цены в { $community }
web-admin-rules-title = Правила в { $community }
web-admin-queue-title = Очередь в { $community }
web-admin-refs-title = Коды ошибок в { $community }
web-admin-audit-title = Журнал изменений { $community }
web-admin-period-word = { $period ->
    [day] Сегодня
    [week] Эта неделя
    [month] Этот месяц
   *[total] За всё время
}
web-admin-period-every = { $period ->
    [day] В день
    [week] В неделю
    [month] В месяц
   *[total] Всего
}
web-admin-allowance = { $amount } в { $period ->
    [day] день
    [week] неделю
    [month] месяц
   *[total] всё время
}
web-admin-unlimited = без ограничений
web-admin-show-period = Показанный период
web-admin-show = Показать
web-admin-csv = Скачать как CSV
web-admin-by-member = По участникам
web-admin-by-model = По моделям
web-admin-by-day = По дням
web-admin-col-day = День
web-admin-col-when = Когда
web-admin-col-total = Итого
web-admin-col-member = Участник
web-admin-col-model = Модель
web-admin-col-jobs = Задания
web-admin-col-images = Изображения
web-admin-col-seconds = Секунды видео
web-admin-col-tokens = Токены
web-admin-col-spent = Потрачено
web-admin-no-model = (без задания)
web-admin-no-usage = В этом периоде ничего не потрачено.
web-admin-community-limits = Лимиты сообщества
web-admin-default = Лимит по умолчанию на участника: { $allowance }
web-admin-default-operator = (по умолчанию оператора)
web-admin-pool = Общий лимит всех участников вместе: { $allowance }
web-admin-no-pool = Общего лимита для всех участников нет.
web-admin-members = Участники
web-admin-col-own = Свой лимит
web-admin-col-blocked = Заблокирован
web-admin-col-spent-month = Потрачено в этом месяце
web-admin-col-actions = Изменения
web-admin-uses-default = по умолчанию
web-admin-yes = да
web-admin-no = нет
web-admin-adjust-amount = Изменение (+/− долларов США)
web-admin-adjust-note = Заметка
web-admin-adjust = Скорректировать
web-admin-block-member = Заблокировать { $member }
web-admin-unblock-member = Разблокировать { $member }
web-admin-clear-member = Вернуть { $member } лимит по умолчанию
web-admin-default-amount = Лимит по умолчанию в долларах США (none = без ограничений)
web-admin-default-period = Период по умолчанию
web-admin-default-submit = Задать по умолчанию
web-admin-pool-amount = Общий лимит в долларах США (none убирает его)
web-admin-pool-period = Период общего лимита
web-admin-pool-submit = Задать общий лимит
web-admin-no-members = Здесь ещё никто не пользовался ботом.
web-admin-prices-now = Текущие цены
web-admin-price-model = Модель, для которой задать цену
web-admin-price-usd = Цена в долларах США
web-admin-price-per = Оплата за
web-admin-per-default = по типу модели
web-admin-per-image = изображение
web-admin-per-second = секунду видео
web-admin-per-1k = 1000 токенов
web-admin-price-set = Задать цену
web-admin-clear-model = Модель, цену которой убрать
web-admin-price-clear = Убрать цену
web-admin-kind-model = Модель, тип которой задать
web-admin-kind = Тип
web-admin-kind-image = Изображение
web-admin-kind-video = Видео
web-admin-kind-text = Текст
web-admin-kind-auto = Автоматически (забыть исправление)
web-admin-kind-set = Задать тип
web-admin-words = Правила для слов
web-admin-word-pattern = Слово или шаблон для отказа
web-admin-word-message = Сообщение при отказе (необязательно)
web-admin-word-add = Добавить правило
web-admin-word-remove-pattern = Слово или шаблон, которые снова разрешить
web-admin-word-remove = Удалить правило
web-admin-word-clear = Удалить все правила для слов
web-admin-channel = Правила канала (чата, где вы запросили ссылку)
web-admin-channel-rule = Правило
web-admin-rule-allow = Разрешить также эти команды
web-admin-rule-only = Только эти команды
web-admin-rule-silent = Тихо (здесь не отвечать)
web-admin-rule-reset = Без правил (сбросить)
web-admin-channel-commands = Команды (для «allow» и «only»)
web-admin-channel-submit = Применить правило
web-admin-col-job = Задание
web-admin-col-state = Состояние
web-admin-cancel = Отменить { $id }
web-admin-cancel-id = Id задания
web-admin-cancel-submit = Отменить задание
web-admin-refs-help = При ошибке участник видит код из шести букв. Введите его, чтобы прочитать, что пошло не так, с подробностями из журнала бота.
web-admin-ref = Код (например, K7Q2XM)
web-admin-ref-submit = Найти
web-admin-col-who = Кто
web-admin-col-action = Действие
web-admin-col-before = До
web-admin-col-after = После
web-admin-audit-empty = Изменений пока не записано.
web-admin-pages = Страницы журнала изменений
web-admin-page = Страница { $n }, сначала новые
web-admin-newer = Более новые изменения
web-admin-older = Более старые изменения
web-admin-refs-recent = Последние коды
web-admin-col-ref = Код
web-admin-col-outcome = Что прочитал участник
web-admin-col-detail = Подробности из журнала
web-admin-refs-none = Здесь ещё не показывали ни одного кода ошибки.
