## /language (участники) и /setup language (админы). $name — самоназвание языка («español»), $code — его код.

# $source: member (выбор участника), community (язык сообщества по умолчанию), platform (язык приложения), default.
# $available — варианты, каждый на своём языке («English (en), español (es)»).
language-current = Здесь я говорю с вами на языке { $name } ({ $code }): { $source ->
        [member] вы сами его выбрали.
        [community] это язык сообщества по умолчанию.
        [platform] это язык вашего приложения.
       *[default] это язык по умолчанию.
    }
    Доступны: { $available }.
    Выберите язык командой /language <код> или вернитесь к языку по умолчанию: /language reset.
language-set = Теперь я говорю с вами на языке { $name } ({ $code }).
language-reset = Ваш выбор сброшен: теперь я говорю с вами на языке { $name } ({ $code }).
language-community-set = Язык этого сообщества по умолчанию теперь { $name } ({ $code }). У участников, выбравших свой язык, он сохранится.
language-community-reset = У этого сообщества больше нет языка по умолчанию: каждый участник получает язык своего приложения.
