## Regras de canal (/setup channel) e regras de prompt (/setup words).

cmd-setup-channel = Escolha quais comandos funcionam neste canal ou tópico
cmd-setup-channel-opt-rule = show, allow, only, silent ou reset (padrão: show)
cmd-setup-channel-opt-commands = Nomes de comandos para allow e only, ex.: video imagine
choice-channel-show = ver as regras
choice-channel-allow = allow: estes comandos só funcionam onde permitidos
choice-channel-only = only: nada mais funciona aqui
choice-channel-silent = silent: o bot ignora os membros aqui
choice-channel-reset = reset: remover a regra deste canal
cmd-setup-words = Recusar prompts com certas palavras (grátis, antes de cobrar)
cmd-setup-words-opt-action = list, add, remove ou clear
cmd-setup-words-opt-pattern = Uma palavra ou padrão (* dentro de uma palavra vale por quaisquer letras)
cmd-setup-words-opt-message = O que o membro lê quando um prompt é recusado (opcional)
cmd-setup-words-opt-list = A lista desta comunidade (padrão) ou a global (só donos do bot)
choice-words-list = ver lista
choice-words-add = adicionar
choice-words-remove = remover
choice-words-clear = limpar
choice-words-list-community = esta comunidade
choice-words-list-global = global (todas as comunidades)

channel-rules-none = Sem regras de canal: todos os comandos funcionam em todos os canais. Crie uma com { $setup }.
channel-rules-title = Regras de canal:
channel-rule-line = { $here ->
        [yes] • { $channel } (aqui): { $rule }
       *[no] • { $channel }: { $rule }
    }
channel-rule-silent = em silêncio
channel-rule-only = só { $commands }
channel-rule-allow = { $commands } só funcionam nos canais que os permitem
channel-rule-done-allow = Pronto: estes comandos agora só funcionam nos canais que os permitem.
channel-rule-done-only = Pronto: agora só estes comandos funcionam aqui.
channel-rule-done-silent = Pronto: o bot agora ignora os comandos dos membros aqui (os de administração continuam funcionando).
channel-rule-done-reset = Pronto: este canal não tem mais regra.
channel-rule-bad-commands = Nomes de comando desconhecidos: { $given }. Use nomes como video ou imagine.

words-list-empty = { $list ->
        [global] A lista global de palavras está vazia.
       *[community] A lista de palavras desta comunidade está vazia.
    }
words-list-title = { $list ->
        [global] Lista global de palavras ({ $count }):
       *[community] Lista de palavras desta comunidade ({ $count }):
    }
words-list-line = • { $pattern }
words-list-line-message = • { $pattern }: “{ $message }”
words-added = { $list ->
        [global] { $pattern } foi adicionado à lista global: prompts com ele são recusados em todas as comunidades, antes de qualquer cobrança.
       *[community] { $pattern } foi adicionado à lista desta comunidade: prompts com ele são recusados antes de qualquer cobrança.
    }
words-removed = { $pattern } foi removido da lista de palavras.
words-not-found = { $pattern } não está na lista de palavras.
words-cleared = Regras removidas da lista de palavras: { $count }.
words-global-owners = Só os donos do bot podem alterar a lista global de palavras.
words-bad-pattern = Informe uma palavra ou padrão: letras ou dígitos, com * dentro de uma palavra para quaisquer letras.

failure-not-in-channel = { $where ->
        [none] { $command } não funciona neste canal.
       *[other] { $command } só funciona em: { $where }.
    }
    .title = Não neste canal
failure-prompt-blocked = { $message ->
        [none] Este prompt contém palavras que esta comunidade não permite. Altere o prompt e tente de novo.
       *[other] { $message }
    }
    .title = Prompt não permitido
