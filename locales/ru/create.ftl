## Создание в чате: подписи /settings (меню и кнопки Discord, клавиатура Telegram) и причины отказов последующих действий.

settings-key-name = { $key ->
        [image_model] Модель изображений
        [video_model] Модель видео
        [text_model] Модель текста
        [aspect] Соотношение сторон
        [seconds] Длина видео
        [quality] Качество
        [n] Изображений за запрос
        [language] Язык
        [private] Личные результаты
       *[other] { $key }
    }
settings-quick = { $key ->
        [n] { $value ->
            [1] 1 изображение
            [2] 2 изображения
            [3] 3 изображения
            [4] 4 изображения
           *[other] { $value } изображений
        }
        [aspect] Стороны { $value }
        [private] { $value ->
            [on] Личные результаты: включить
           *[other] Личные результаты: выключить
        }
       *[other] { $key } { $value }
    }
