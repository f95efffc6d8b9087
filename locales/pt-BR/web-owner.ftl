# The web's owner page, real sign-in (Telegram widget, Discord) and rate limits (src/web/owner-pages.ts).
web-nav-owner = Proprietário
web-owner-title = Visão do proprietário
web-owner-communities = Comunidades
web-owner-none = O bot ainda não viu nenhuma comunidade.
web-owner-kind = { $kind ->
    [guild] servidor do Discord
    [group] grupo
    [private] conversa privada
   *[other] console
}
web-owner-col-community = Comunidade
web-owner-col-day = Hoje
web-owner-col-week = Esta semana
web-owner-col-month = Este mês
web-owner-col-access = Token do operador
web-owner-col-action = Ação
web-owner-open = aberto a todos
web-owner-approved = aprovada
web-owner-pending = aguardando aprovação
web-owner-approve = Aprovar
web-owner-deny = Retirar
web-owner-operator = O token do operador hoje (UTC)
web-owner-cap = Limite diário
web-owner-cap-off = desligado
web-owner-spent = Gasto hoje
web-owner-held = Reservado por trabalhos em andamento
web-owner-left = Restante hoje
web-owner-resets = Reinicia
web-owner-balance = Saldo do gateway
web-owner-drift = Conciliação com o gateway
web-owner-drift-off = Indisponível: nenhum endereço de gateway está configurado.
web-owner-drift-none = Nenhum trabalho cobrado e nenhum registro do gateway desde ontem.
web-owner-drift-failed = Não foi possível ler os registros do gateway do token { $token }.
web-owner-col-token = Token
web-owner-col-utc-day = Dia (UTC)
web-owner-col-bot = Bot
web-owner-col-gateway = Gateway
web-owner-col-drift = Diferença
web-owner-col-unmatched = Sem par
web-owner-health = Saúde dos processos
web-owner-ops-off = Os dados dos processos não estão disponíveis neste processo.
web-owner-ready = Prontidão deste processo: { $state ->
    [ok] pronto
    [stopping] parando
   *[other] não pronto
}
web-owner-check-ok = ok
web-owner-check-failed = com falha
web-owner-col-role = Papel
web-owner-col-host = Host e id do processo
web-owner-col-started = Iniciado
web-owner-col-seen = Visto por último
web-sign-in-title = Entrar
web-sign-in-intro = Envie /web no chat para receber um link de acesso de uso único, ou entre aqui com a conta que você usa no chat.
web-sign-in-telegram = Com o Telegram
web-sign-in-discord-title = Com o Discord
web-sign-in-discord = Entrar com o Discord
web-sign-in-pick = Escolha uma comunidade
web-sign-in-failed = Não foi possível verificar o acesso. Tente de novo ou envie /web no chat.
web-sign-in-no-community = Ainda não vi você em nenhuma comunidade. Envie um comando em uma delas e entre de novo.
web-too-many-title = Tentativas demais
web-too-many = Tentativas demais em pouco tempo. Aguarde { $seconds } segundos e tente de novo.
