## /language (members) and /setup language (admins). $name is the language's own name ("español"), $code its code.

# $source: member (their own choice), community (the community default), platform (their app's language), default.
# $available: the choices, each in its own language ("English (en), español (es)").
language-current = Aqui eu falo com você em { $name } ({ $code }), { $source ->
        [member] porque você escolheu.
        [community] o idioma padrão da comunidade.
        [platform] o idioma do seu app.
       *[default] o idioma padrão.
    }
    Disponíveis: { $available }.
    Escolha um com /language <código> ou volte ao padrão com /language reset.
language-set = A partir de agora, falo com você em { $name } ({ $code }).
language-reset = Sua escolha foi apagada: agora falo com você em { $name } ({ $code }).
language-community-set = O idioma padrão desta comunidade agora é { $name } ({ $code }). Quem escolheu o próprio idioma continua com ele.
language-community-reset = Esta comunidade não tem mais idioma padrão: cada membro recebe o idioma do próprio app.
