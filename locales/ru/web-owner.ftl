# The web's owner page, real sign-in (Telegram widget, Discord) and rate limits (src/web/owner-pages.ts).
web-nav-owner = Владелец
web-owner-title = Обзор для владельца
web-owner-communities = Сообщества
web-owner-none = Бот пока не видел ни одного сообщества.
web-owner-kind = { $kind ->
    [guild] сервер Discord
    [group] группа
    [private] личный чат
   *[other] консоль
}
web-owner-col-community = Сообщество
web-owner-col-day = Сегодня
web-owner-col-week = На этой неделе
web-owner-col-month = В этом месяце
web-owner-col-access = Токен оператора
web-owner-col-action = Действие
web-owner-open = открыт всем
web-owner-approved = одобрено
web-owner-pending = ждёт одобрения
web-owner-approve = Одобрить
web-owner-deny = Отозвать
web-owner-operator = Токен оператора сегодня (UTC)
web-owner-cap = Дневной лимит
web-owner-cap-off = выключен
web-owner-spent = Потрачено сегодня
web-owner-held = Удержано идущими задачами
web-owner-left = Осталось на сегодня
web-owner-resets = Сброс
web-owner-balance = Баланс шлюза
web-owner-drift = Сверка со шлюзом
web-owner-drift-off = Недоступно: адрес шлюза не настроен.
web-owner-drift-none = Со вчерашнего дня нет ни оплаченных задач, ни записей шлюза.
web-owner-drift-failed = Не удалось прочитать записи шлюза для токена { $token }.
web-owner-col-token = Токен
web-owner-col-utc-day = День (UTC)
web-owner-col-bot = Бот
web-owner-col-gateway = Шлюз
web-owner-col-drift = Расхождение
web-owner-col-unmatched = Без пары
web-owner-health = Состояние процессов
web-owner-ops-off = Данные о процессах недоступны в этом процессе.
web-owner-ready = Готовность этого процесса: { $state ->
    [ok] готов
    [stopping] останавливается
   *[other] не готов
}
web-owner-check-ok = в порядке
web-owner-check-failed = сбой
web-owner-col-role = Роль
web-owner-col-host = Хост и номер процесса
web-owner-col-started = Запущен
web-owner-col-seen = Последний сигнал
web-sign-in-title = Вход
web-sign-in-intro = Отправьте /web в чате, чтобы получить одноразовую ссылку для входа, или войдите здесь с аккаунтом, которым пользуетесь в чате.
web-sign-in-telegram = Через Telegram
web-sign-in-discord-title = Через Discord
web-sign-in-discord = Войти через Discord
web-sign-in-pick = Выберите сообщество
web-sign-in-failed = Не удалось подтвердить вход. Попробуйте ещё раз или отправьте /web в чате.
web-sign-in-no-community = Я ещё не видел вас ни в одном сообществе. Отправьте команду в одном из них и войдите снова.
web-too-many-title = Слишком много попыток
web-too-many = Слишком много попыток за короткое время. Подождите { $seconds } с и попробуйте снова.
