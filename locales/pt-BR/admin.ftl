## Answers to the admin commands (/budget, /usage, /setup) and to /token. Amounts are money already formatted.
## $who: a member as the admin named them ("@bob"). $period: day, week, month or total.

# A price: "US$ 0,04 / imagem". $unit: image, second or tokens (per 1,000 text tokens).
price-per-unit = { $amount } / { $unit ->
        [image] imagem
        [second] segundo
       *[tokens] 1 mil tokens
    }
# An allowance: "US$ 5,00 por dia", "sem limite", "US$ 5,00 no total". $amount is "none" for no limit.
allowance = { $amount ->
        [none] sem limite
       *[other] { $amount } { $period ->
            [day] por dia
            [week] por semana
            [month] por mês
           *[total] no total
        }
    }

# $personal: yes for a member's own token. $masked: the token with all but its last 4 characters hidden.
token-linked = { $personal ->
        [yes] Seus pedidos agora usam
       *[no] Os pedidos desta comunidade agora usam
    } o token do gateway { $masked }. Ele dá acesso a { $models ->
        [one] { $models } modelo
       *[other] { $models } modelos
    }.
token-none-linked = { $personal ->
        [yes] Você não tem um token pessoal do gateway vinculado.
       *[no] Esta comunidade não tem um token do gateway vinculado.
    }
token-unlinked = { $personal ->
        [yes] Seu token do gateway { $masked } foi removido; seus pedidos voltam a usar o token da comunidade (ou o do operador).
       *[no] O token do gateway da comunidade { $masked } foi removido.
    }
# Jobs still running on a token just removed keep using it until they end.
token-running-jobs = { $jobs ->
        [one] { $jobs } tarefa iniciada com ele ainda está em andamento: ela continua usando este token até terminar e é cobrada nele; novos pedidos não o usam mais.
       *[other] { $jobs } tarefas iniciadas com ele ainda estão em andamento: elas continuam usando este token até terminar e são cobradas nele; novos pedidos não o usam mais.
    }
# $when: the moment it was linked.
token-show = Esta comunidade usa o token do gateway { $masked }, vinculado { $when }.

budget-default-set = O limite padrão de todos aqui agora é { $allowance }.
budget-user-set = O limite de { $who } aqui agora é { $allowance }.
budget-user-cleared = { $who } voltou ao limite padrão da comunidade.
budget-pool-removed = O limite do fundo da comunidade foi removido.
budget-pool-set = A comunidade agora pode gastar no máximo { $allowance } ao todo.
budget-blocked = { $who } não pode mais iniciar tarefas pagas aqui.
budget-unblocked = { $who } pode iniciar tarefas pagas aqui de novo.
budget-adjusted-up = { $who } recebeu { $amount } a mais neste período.
budget-adjusted-down = { $amount } retirado do limite de { $who } neste período.
budget-timezone-set = Os orçamentos aqui agora renovam à meia-noite { $zone }.

# The summary of /usage; the CSV file carries one row per member.
usage-summary = Uso { $period ->
        [day] de hoje
        [week] desta semana
        [month] deste mês
       *[total] total
    }: { $jobs ->
        [one] { $jobs } tarefa
       *[other] { $jobs } tarefas
    } de { $members ->
        [one] { $members } membro
       *[other] { $members } membros
    }; total gasto: { $spent }. Os detalhes estão no CSV.

# The /usage chart: its title ($days: the days drawn for a total period), the series of members past the top ones,
# and the bar of spending before the first day drawn.
chart-usage-title = Gastos diários por membro { $period ->
        [day] — hoje
        [week] — esta semana
        [month] — este mês
       *[total] { $days ->
            [one] — último dia
           *[other] — últimos { $days } dias
        }
    }
chart-others = outros
chart-earlier = antes

# /budget show without a member. $operator: yes when the default is the bot operator's.
budget-settings-default = Limite padrão: { $allowance }{ $operator ->
        [yes] {" "}(o padrão do operador do bot)
       *[no] {""}
    }.
budget-settings-pool = Fundo da comunidade: { $allowance }.
budget-settings-no-pool = Sem limite de fundo da comunidade.
# /budget show @member: where their allowance comes from, and whether they are blocked.
budget-member-override = Limite: { $allowance }, definido para { $who } (um limite próprio; /budget clear { $who } volta ao padrão).
budget-member-default = Limite: o padrão da comunidade, { $allowance }{ $operator ->
        [yes] {" "}(o padrão do operador do bot)
       *[no] {""}
    }.
budget-member-blocked = Status: bloqueado (/budget unblock { $who } libera os pedidos pagos de novo).
budget-member-not-blocked = Status: não bloqueado.

# /setup show: the gateway's own balance of the token that pays here.
# $source: personal, scope or operator. $left: money, or "unlimited". $used: money, or "none". $expires: a moment, or "never".
gateway-balance = O saldo no gateway { $source ->
        [personal] do seu próprio token
        [scope] do token desta comunidade
       *[operator] do token do próprio bot
    } é { $left ->
        [unlimited] ilimitado
       *[other] { $left }
    }{ $used ->
        [none] {""}
       *[other] {" "}({ $used } usado até agora)
    }; { $expires ->
        [never] ele não expira.
       *[other] ele expira { $expires }.
    }
gateway-balance-not-shown = Este gateway não mostra o saldo dos tokens.
# $reason: the failure's own text.
gateway-balance-unreadable = Não foi possível ler o saldo no gateway: { $reason }

# Notices for admins (shown once, under an admin's next private answer).
alert-quota = { $source ->
        [operator] O gateway informa que o token do próprio bot ficou sem crédito, por isso as tarefas aqui são recusadas. Peça ao operador do bot para recarregar ou vincule um token desta comunidade com /setup.
       *[scope] O gateway informa que o token desta comunidade ficou sem crédito, por isso as tarefas aqui são recusadas. Recarregue no gateway ou vincule outro token com /setup.
    }
# $source: scope or operator. $allowed: what the budgets still allow this period (money), or "none" when unlimited.
alert-low-balance = O saldo { $source ->
        [scope] do token do gateway desta comunidade
       *[operator] do token do gateway do próprio bot
    } é { $left }, menos do que { $allowed ->
        [none] os orçamentos daqui permitem
       *[other] os { $allowed } que os orçamentos daqui ainda permitem
    } neste período. Recarregue no gateway ou reduza os orçamentos.
# $what: o que falta ao gateway; $route: o caminho da API que, pela resposta, não existe. GATEWAY_BASE_URL: manter como está.
alert-gateway-route = Este gateway não tem rota para { $what ->
        [edit] edição de imagens
        [video] geração de vídeos
        [remix] remixes de vídeo
        [image] geração de imagens
        [text] modelos de texto
       *[models] a lista de modelos
    } (a resposta a { $route } diz que essa rota não existe), então os membros são avisados de que isso não é oferecido e nada é cobrado. Se deveria ser oferecido, o operador do bot deve verificar se GATEWAY_BASE_URL é a raiz da API do gateway (o endereço que serve /v1/models) e procurar { $route } na documentação do gateway.
# $header: como em failure-gateway-needs-header.
alert-gateway-header = O gateway recusa pedidos sem { $header ->
        [provider] um provedor indicado
       *[other] o cabeçalho { $header }
    }, que este bot não envia, então todos os trabalhos aqui são recusados (nada é cobrado). O operador do bot precisa configurar o gateway para encaminhar pedidos comuns compatíveis com OpenAI (veja a documentação sobre provedores ou configurações padrão) ou apontar GATEWAY_BASE_URL para um endereço que faça isso.
# An owner's notice: the daily reconciliation found the gateway billed a token another amount than the bot recorded.
# $day: a UTC day (YYYY-MM-DD); $token: "operator" or "…abcd"; $drift: gateway − bot (signed); $bot, $gateway: the totals.
alert-reconcile-drift = Conciliação de { $day } (UTC), token { $token }: o gateway cobrou { $gateway } e o bot registrou { $bot } (diferença { $drift }). Veja os detalhes com npm run admin -- reconcile --since { $day }.
# /approve. $mode: open ou approved (OPERATOR_TOKEN_ACCESS).
approve-done = { $mode ->
        [open] Aprovada: esta comunidade pode executar tarefas com o token de gateway do próprio bot. No momento OPERATOR_TOKEN_ACCESS é open, então todas as comunidades podem; a aprovação vale quando mudar para approved.
       *[approved] Aprovada: esta comunidade agora pode executar tarefas com o token de gateway do próprio bot.
    }
approve-already = Esta comunidade já estava aprovada para o token de gateway do próprio bot.
approve-revoked = { $mode ->
        [open] Aprovação retirada. No momento OPERATOR_TOKEN_ACCESS é open, então esta comunidade ainda pode usar o token de gateway do próprio bot até que mude para approved.
       *[approved] Aprovação retirada: esta comunidade não executa mais tarefas com o token de gateway do próprio bot (o token próprio dela continua funcionando).
    }
approve-not-approved = Esta comunidade não estava aprovada; nada mudou.
# Para donos. $cap: OPERATOR_DAILY_CAP (dinheiro). $when: a próxima 00:00 UTC.
alert-operator-cap = O orçamento diário compartilhado do token de gateway do próprio bot ({ $cap } por dia UTC, OPERATOR_DAILY_CAP) acabou: as tarefas pagas por esse token são recusadas até a renovação { $when }. Comunidades e pessoas com token próprio não são afetadas.
