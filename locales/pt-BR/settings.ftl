## /settings (membros) e /setup defaults (administradores). $key é a chave de uma configuração como digitada (image_model, aspect, n…).

settings-line = { $key }: { $value } ({ $source ->
        [member] sua configuração aqui
        [personal] sua configuração em todo lugar
        [community] o padrão desta comunidade
       *[bot] o padrão do bot
    })
settings-title = Suas configurações (uma opção digitada em um comando sempre tem prioridade):
settings-how = Altere uma com { $cmd } <chave> <valor> (acrescente "everywhere" para todas as comunidades) ou volte ao padrão com { $cmd } <chave> reset.
# The placeholder of a menu of choices for one key (Discord).
settings-menu-placeholder = { $key }: escolha um
settings-value-auto = automático
settings-set = { $key } agora é { $value } { $where ->
        [here] nesta comunidade.
       *[everywhere] em todas as comunidades.
    }
settings-reset = Sua configuração { $key } { $where ->
        [here] daqui
       *[everywhere] para todas as comunidades
    } foi apagada: agora { $value } ({ $source ->
        [member] sua configuração aqui
        [personal] sua configuração em todo lugar
        [community] o padrão desta comunidade
       *[bot] o padrão do bot
    }).
settings-defaults-title = Padrões desta comunidade (para membros sem configuração própria):
settings-defaults-how = Altere um com { $cmd } <chave> <valor> ou remova-o com { $cmd } <chave> reset.
settings-defaults-set = O padrão de { $key } nesta comunidade agora é { $value }. Membros que escolheram o próprio o mantêm.
settings-defaults-reset = Esta comunidade não tem mais um padrão para { $key }: vale { $value } (o padrão do bot).
settings-used = { $items } das suas configurações
settings-used-community = { $items } dos padrões desta comunidade
settings-used-item = { $key ->
        [n] { $value } imagens
        [seconds] { $value } s
        [quality] qualidade { $value }
       *[other] { $value }
    }
