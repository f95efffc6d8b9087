## Слова командного слоя, общие для всех команд.

# Уведомление только для админов под личным ответом админу. $text — текст уведомления (сообщения admin-alert-*).
admin-notice = Для админов: { $text }

## /help. $help — как участник набирает /help здесь.
help-title = Команды
help-intro = Я создаю изображения, видео и ответы через медиашлюз; каждое задание списывается с вашего лимита.
help-more = Подробнее: { $help } <команда>.
help-usage = Использование:
help-options = Параметры:
help-examples = Примеры:
help-only-owner = Эта команда доступна только владельцу бота.
help-only-admins = Эта команда доступна только админам.

# How an admin names a member in /budget and the other admin commands, per surface ($surface: discord, telegram,
# console, cli or other). "me" stays as typed.
member-naming = { $surface ->
        [discord] Выберите его в параметре пользователя команды или укажите его числовой id.
        [telegram] Ответьте командой на одно из его сообщений или укажите его @username (после того как он здесь писал) или числовой id.
        [console] В песочнице один человек — вы: напишите me.
        [cli] Укажите его id на этой платформе (число в Discord и Telegram) или @username того, кого бот там видел.
       *[other] Упомяните его, ответьте на одно из его сообщений или укажите его id.
    }
# /help of a command that names members. $how: member-naming; $name, $id: who the reader is on this surface.
help-naming = { $how } «me» — это вы: { $name } (id { $id }).
