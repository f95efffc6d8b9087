# As páginas web de administração (src/web/admin-pages.ts) e as tabelas dos gráficos web (src/web/charts.ts).
web-admin-nav = Páginas de administração
web-admin-nav-budgets = Orçamentos
web-admin-nav-usage = Uso
web-admin-nav-prices = Preços
web-admin-nav-rules = Regras
web-admin-nav-queue = Fila
web-admin-nav-refs = Referências de falhas
web-admin-nav-audit = Registro de auditoria
web-admin-usage-title = Uso em { $community }
web-admin-prices-title = Preços em { $community }
web-admin-rules-title = Regras em { $community }
web-admin-queue-title = Fila em { $community }
web-admin-refs-title = Referências de falhas em { $community }
web-admin-audit-title = Registro de auditoria de { $community }
web-admin-period-word = { $period ->
    [day] Hoje
    [week] Esta semana
    [month] Este mês
   *[total] Desde sempre
}
web-admin-period-every = { $period ->
    [day] Por dia
    [week] Por semana
    [month] Por mês
   *[total] No total
}
web-admin-allowance = { $amount } por { $period ->
    [day] dia
    [week] semana
    [month] mês
   *[total] todo o período
}
web-admin-unlimited = sem limite
web-admin-show-period = Período mostrado
web-admin-show = Mostrar
web-admin-csv = Baixar como CSV
web-admin-by-member = Por membro
web-admin-by-model = Por modelo
web-admin-by-day = Por dia
web-admin-col-day = Dia
web-admin-col-when = Quando
web-admin-col-total = Total
web-admin-col-member = Membro
web-admin-col-model = Modelo
web-admin-col-jobs = Tarefas
web-admin-col-images = Imagens
web-admin-col-seconds = Segundos de vídeo
web-admin-col-tokens = Tokens
web-admin-col-spent = Gasto
web-admin-no-model = (sem tarefa)
web-admin-no-usage = Nada foi gasto neste período.
web-admin-community-limits = Limites da comunidade
web-admin-default = Cota padrão por membro: { $allowance }
web-admin-default-operator = (a padrão do operador)
web-admin-pool = Cota comum de todos os membros juntos: { $allowance }
web-admin-no-pool = Não há cota comum para todos os membros juntos.
web-admin-members = Membros
web-admin-col-own = Cota própria
web-admin-col-blocked = Bloqueado
web-admin-col-spent-month = Gasto neste mês
web-admin-col-actions = Alterações
web-admin-uses-default = a padrão
web-admin-yes = sim
web-admin-no = não
web-admin-adjust-amount = Alteração (+/− dólares americanos)
web-admin-adjust-note = Nota
web-admin-adjust = Ajustar
web-admin-block-member = Bloquear { $member }
web-admin-unblock-member = Desbloquear { $member }
web-admin-clear-member = Devolver a cota padrão a { $member }
web-admin-default-amount = Cota padrão em dólares americanos (none = sem limite)
web-admin-default-period = Período padrão
web-admin-default-submit = Definir padrão
web-admin-pool-amount = Cota comum em dólares americanos (none a remove)
web-admin-pool-period = Período da cota comum
web-admin-pool-submit = Definir cota comum
web-admin-no-members = Nenhum membro usou o bot aqui ainda.
web-admin-prices-now = Preços atuais
web-admin-price-model = Modelo a precificar
web-admin-price-usd = Preço em dólares americanos
web-admin-price-per = Cobrado por
web-admin-per-default = o que o tipo do modelo indicar
web-admin-per-image = imagem
web-admin-per-second = segundo de vídeo
web-admin-per-1k = 1.000 tokens
web-admin-price-set = Definir preço
web-admin-clear-model = Modelo cujo preço remover
web-admin-price-clear = Remover preço
web-admin-kind-model = Modelo cujo tipo definir
web-admin-kind = Tipo
web-admin-kind-image = Imagem
web-admin-kind-video = Vídeo
web-admin-kind-text = Texto
web-admin-kind-auto = Automático (esquecer a correção)
web-admin-kind-set = Definir tipo
web-admin-words = Regras de palavras
web-admin-word-pattern = Palavra ou padrão a recusar
web-admin-word-message = Mensagem quando um pedido é recusado (opcional)
web-admin-word-add = Adicionar regra
web-admin-word-remove-pattern = Palavra ou padrão a permitir de novo
web-admin-word-remove = Remover regra
web-admin-word-clear = Remover todas as regras de palavras
web-admin-channel = Regras do canal (do chat onde você pediu o link)
web-admin-channel-rule = Regra
web-admin-rule-allow = Permitir também estes comandos
web-admin-rule-only = Somente estes comandos
web-admin-rule-silent = Silencioso (não responder aqui)
web-admin-rule-reset = Sem regras (redefinir)
web-admin-channel-commands = Comandos (para "allow" e "only")
web-admin-channel-submit = Aplicar regra
web-admin-col-job = Tarefa
web-admin-col-state = Estado
web-admin-cancel = Cancelar { $id }
web-admin-cancel-id = Id da tarefa
web-admin-cancel-submit = Cancelar tarefa
web-admin-refs-help = Quem encontra uma falha vê uma referência de seis letras. Digite-a para ler o que deu errado, com os detalhes que o bot registrou.
web-admin-ref = Referência (ex.: K7Q2XM)
web-admin-ref-submit = Consultar
web-admin-col-who = Quem
web-admin-col-action = Ação
web-admin-col-before = Antes
web-admin-col-after = Depois
web-admin-audit-empty = Nenhuma alteração foi registrada ainda.
web-admin-pages = Páginas do registro de auditoria
web-admin-page = Página { $n }, mais recentes primeiro
web-admin-newer = Alterações mais recentes
web-admin-older = Alterações mais antigas
web-admin-refs-recent = Referências mais recentes
web-admin-col-ref = Referência
web-admin-col-outcome = O que o membro leu
web-admin-col-detail = Detalhe registrado
web-admin-refs-none = Nenhuma referência de falha foi mostrada aqui ainda.
