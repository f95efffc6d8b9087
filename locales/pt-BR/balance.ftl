## /balance (and /budget show @member for admins). Amounts are money already formatted ("US$ 4,41").
## $subject: "self" for the member reading their own balance, "other" when an admin reads someone's ($who).
## $period: day, week, month or total. $reset: a moment ("amanhã às 00:00 BRT (em 8 h)") or "never".

balance-title = { $subject ->
        [self] Seu saldo
       *[other] Saldo de { $who }
    }
# The label an allowance line starts with.
balance-label-self = Você
balance-label-pool = Fundo da comunidade
balance-label-own-cap = { $subject ->
        [self] Seu limite próprio
       *[other] Limite próprio
    }

# An allowance with no limit. $held: money held by running jobs, or "none".
balance-unlimited = { $label }: sem limite. Gasto { $period ->
        [day] hoje
        [week] nesta semana
        [month] neste mês
       *[total] no total
    }: { $spent }{ $held ->
        [none] {""}
       *[other] {" "}({ $held } reservado para tarefas em andamento)
    }.
# A limited allowance: what is left of the limit, adjustments, what was spent, and when it resets.
# $granted / $taken: admin adjustments this period, or "none".
balance-limited = { $label }: restam { $left } de { $limit } { $period ->
        [day] por dia
        [week] por semana
        [month] por mês
       *[total] no total
    }{ $granted ->
        [none] {""}
       *[other] {" "}+ { $granted } concedido
    }{ $taken ->
        [none] {""}
       *[other] {" "}- { $taken } retirado
    }; gasto: { $spent }{ $held ->
        [none] {""}
       *[other] {" "}({ $held } reservado para tarefas em andamento)
    }. { $reset ->
        [never] Não é renovado automaticamente.
       *[other] Renova { $reset }.
    }

balance-blocked = { $subject ->
        [self] Seu acesso está bloqueado aqui: um admin suspendeu seus pedidos pagos. Fale com um admin se achar que é um engano.
       *[other] { $who } está com o acesso bloqueado aqui: não pode fazer pedidos pagos até um admin desbloquear.
    }
# $pool: "yes" when the community also has a pool cap.
balance-personal-token = { $subject ->
        [self] Seus pedidos usam seu próprio token do gateway, então { $pool ->
            [yes] o limite e o fundo desta comunidade não se aplicam.
           *[no] o limite desta comunidade não se aplica.
        }
       *[other] Os pedidos deste membro usam o próprio token do gateway, então { $pool ->
            [yes] o limite e o fundo desta comunidade não se aplicam.
           *[no] o limite desta comunidade não se aplica.
        }
    }
balance-personal-no-cap = { $subject ->
        [self] Seu próprio token não tem limite de gastos definido; o único limite é a conta do gateway por trás dele.
       *[other] O token próprio deste membro não tem limite de gastos definido; o único limite é a conta do gateway por trás dele.
    }
# $source: scope (the community's token), operator (the bot operator's), none (no token linked).
balance-token = { $subject ->
        [self] { $source ->
            [scope] Seus pedidos usam o token do gateway desta comunidade.
            [operator] Seus pedidos usam o token do gateway do operador do bot.
           *[none] Ainda não há token do gateway vinculado aqui, então você não pode fazer pedidos pagos; um admin pode vincular um, ou você pode vincular o seu com /token.
        }
       *[other] { $source ->
            [scope] Os pedidos deste membro usam o token do gateway desta comunidade.
            [operator] Os pedidos deste membro usam o token do gateway do operador do bot.
           *[none] Ainda não há token do gateway vinculado aqui, então este membro não pode fazer pedidos pagos; um admin pode vincular um, ou o membro pode vincular o próprio com /token.
        }
    }
balance-pool-tighter = { $subject ->
        [self] O fundo da comunidade é o limite mais apertado: você pode gastar no máximo { $left } agora.
       *[other] O fundo da comunidade é o limite mais apertado: este membro pode gastar no máximo { $left } agora.
    }

# The fields under /balance.
balance-field-paid-by = Pago com
balance-value-own-token = token próprio
balance-field-community-limit = Limite da comunidade
balance-value-does-not-apply = não se aplica
balance-field-limit = Limite
balance-field-spent = Gasto
balance-field-held = Reservado para tarefas em andamento
balance-field-left = Restante
balance-field-resets = Renova
balance-value-never = nunca
balance-value-no-limit = sem limite
balance-field-blocked = Bloqueado
balance-value-yes = sim
# An allowance as a value: "US$ 5,00 por dia".
balance-allowance = { $amount } { $period ->
        [day] por dia
        [week] por semana
        [month] por mês
       *[total] no total
    }

# The /balance chart: its title ($days: the days drawn for a total period), the spend line and the allowance line.
chart-balance-title = Seus gastos { $period ->
        [day] de hoje
        [week] desta semana
        [month] deste mês
       *[total] { $days ->
            [one] do último dia
           *[other] dos últimos { $days } dias
        }
    }
chart-spent = gasto
chart-allowance = limite
# Said instead of a chart (/balance or /usage) that could not be drawn; the numbers follow.
chart-failed = Desta vez não foi possível gerar o gráfico; aqui estão os números.
