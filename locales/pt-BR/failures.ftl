## Failures: what a member reads when something did not work.
## Each message is the body; its `.title` attribute is the short heading (an embed title, a bold first line).
## Placeholders hold text already formatted for the reader's locale: $cost, $left and other amounts are money
## ("US$ 0,79"), $when is a moment ("amanhã às 00:00 BRT (em 8 h)"), $wait a duration ("35 min"), $size a file size
## ("8 MB"). Commands ($balance, $models, $setupToken…) are written the way the member's app spells them
## ("/setup token" on Discord, "/setup" on Telegram): keep them verbatim. Quoted user input ($model, $name, $given)
## arrives already quoted ('like this') and cut to one line.

# Added after a failure's text: the support code of this failure, explained once.
failure-ref = Referência { $ref }: se pedir ajuda a um admin, informe este código.
# The same line for an admin, who can read the detail. $job: how the /job command is written here.
failure-ref-admin = Referência { $ref }: { $job } { $ref } mostra o que deu errado.

# /job <ref>: what a failure reference stands for. The outcome is the failure's own text again.
ref-title = Referência { $ref }
ref-field-shown = Exibido
# $when: the moment it was shown; $surface: where (discord, telegram, console).
ref-shown = { $when } em { $surface }
# Admins only: the failure's code, who saw it, and the detail the bot logged (technical, scrubbed of secrets).
ref-field-code = Código
ref-field-shown-to = Exibido para
ref-unknown-user = desconhecido
ref-detail = Detalhe registrado: { $detail }

# What happened to the money, appended to the failure's text when a paid job was involved.
money-refunded = O gateway reembolsou o valor e sua reserva foi liberada: nada foi cobrado.
money-released = Sua reserva foi liberada: nada foi cobrado.
money-charged = O resultado foi gerado, então foi cobrado.
money-none = Nada foi cobrado.

# $when: the reset moment ("amanhã às 00:00 BRT (em 8 h)", in the community's zone), or "never".
failure-budget-exhausted = Isto custaria { $cost }, mas você só tem { $left }. { $when ->
        [never] Seu limite não renova sozinho; um admin pode aumentá-lo.
       *[other] Seu limite renova { $when }.
    } Veja { $balance }.
    .title = Orçamento insuficiente
failure-pool-exhausted = Isto custaria { $cost }, mas a comunidade só tem { $left }. { $when ->
        [never] O limite da comunidade não renova sozinho; um admin pode aumentá-lo.
       *[other] O limite da comunidade renova { $when }.
    } Veja { $balance }.
    .title = O orçamento da comunidade acabou
# $when: "never", or the reset moment (always in UTC for this operator-wide limit).
failure-person-cap-exhausted = Isto custa { $cost }, e você tem { $left } restantes do limite por pessoa do operador do bot, que soma seu uso em todas as comunidades que usam o token do operador. { $when ->
        [never] Ele não renova sozinho.
       *[other] Ele renova { $when }.
    } Uma comunidade que vincula o próprio token do gateway não está sujeita a esse limite.
    .title = Limite pessoal atingido
failure-blocked = Um admin bloqueou seu uso do bot aqui. Fale com um admin se achar que é um engano.
    .title = Sem permissão
# $admin: "yes" when the reader is an admin, "private" in a private chat (where no admin command runs).
failure-no-token = { $admin ->
        [yes] Ainda não há token do gateway vinculado aqui. Como admin, você pode vincular um com { $setupToken }; os membros também podem vincular o próprio com { $tokenLink }.
        [private] Ainda não há token do gateway vinculado para você. Vincule o seu com { $tokenLink } (só você o usa); numa comunidade, os admins podem vincular um para todos com { $setupToken }.
       *[no] Ainda não há token do gateway vinculado aqui. Um admin pode vincular um com { $setupToken }; você também pode vincular o seu com { $tokenLink }.
    }
    .title = Sem token do gateway
# $source: whose token the gateway refused.
failure-token-rejected = { $source ->
        [personal] O gateway recusou seu token pessoal (ele pode estar errado, expirado ou revogado). Vincule um novo com { $tokenLink }.
        [scope] O gateway recusou o token desta comunidade (ele pode estar errado, expirado ou revogado). Um admin pode vincular um novo com { $setupToken }.
       *[operator] O gateway recusou o token do próprio bot. O operador do bot precisa trocá-lo; você pode vincular o seu com { $tokenLink }.
    }
    .title = Token do gateway recusado
failure-no-channel = { $model } não está disponível para o grupo deste token: o gateway tem o modelo, mas o grupo deste token não tem acesso a ele. Escolha outro modelo em { $models }; um admin pode pedir ao dono do gateway que adicione o modelo ao grupo do token, ou vincular um token de um grupo que o inclua.
    .title = Modelo indisponível para este token
# $suggestion: the closest model id, or "none".
failure-model-unknown = { $suggestion ->
        [none] Não existe modelo chamado { $model }. Veja a lista em { $models }.
       *[other] Não existe modelo chamado { $model }. Você quis dizer { $suggestion }? Veja { $models }.
    }
    .title = Modelo desconhecido
failure-model-not-on-sale = O modelo { $model } não está disponível no momento. Escolha outro em { $models }.
    .title = Modelo indisponível
# $modelId: the model id unquoted, as an admin types it after $pricesSet.
failure-model-unpriced = Ainda não há preço para { $model } (o gateway não publica um e nenhum admin definiu), então o bot não consegue mantê-lo dentro de um orçamento. { $admin ->
        [yes] Como admin, você pode definir um com { $pricesSet } { $modelId } <usd>.
        [private] Os admins de uma comunidade definem preços com { $pricesSet } na comunidade; aqui, escolha outro modelo em { $models }.
       *[no] Um admin pode definir um com { $pricesSet }; até lá, escolha outro modelo em { $models }.
    }
    .title = Modelo ainda sem preço
# $variable: a configuration variable name (DEFAULT_IMAGE_MODEL…), keep it verbatim. $suggestions: a list, or "none".
failure-default-model-missing = O modelo padrão do bot ({ $variable }={ $model }) não está na lista deste gateway{ $suggestions ->
        [none] {""}
       *[other] ; os mais próximos da lista: { $suggestions }
    }. Escolha um modelo com a opção model e avise o operador do bot para corrigir { $variable }.
    .title = Modelo padrão indisponível
# $kind: image, video or text.
failure-no-default-model = Este token não alcança nenhum modelo de { $kind ->
        [image] imagem
        [video] vídeo
       *[text] texto
    } com preço, então não há padrão. Veja { $models }; { $admin ->
        [yes] como admin, você pode definir um preço com { $pricesSet } <model> <usd>.
        [private] os admins de uma comunidade definem preços com { $pricesSet } na comunidade, não num chat privado.
       *[no] um admin pode definir um preço para algum deles.
    }
    .title = Nenhum modelo para usar
# $what: what the gateway does not offer.
failure-not-offered = Este gateway não oferece { $what ->
        [edit] edição de imagens
        [video] geração de vídeos
        [remix] { $model ->
            [none] remix de vídeos
           *[other] remix de vídeos feitos com { $model }
        }
        [upscale] versões maiores de imagens de { $model }
        [image] geração de imagens
        [text] modelos de texto
        [models] uma lista de modelos
       *[balance] consulta de saldo dos tokens
    }. Pergunte ao operador do bot se há outro gateway ou token disponível.
    .title = Não oferecido por este gateway
# GATEWAY_BASE_URL is a configuration variable: keep it verbatim.
failure-gateway-misconfigured = O gateway respondeu com um redirecionamento para uma página web em vez da API. O operador do bot precisa definir GATEWAY_BASE_URL como a raiz da API do gateway (o endereço que serve /v1/models).
    .title = Endereço do gateway mal configurado
failure-model-wrong-kind = { $model } não é { $expected ->
        [image] um modelo de imagem. Veja os modelos de imagem em { $models }.
        [video] um modelo de vídeo. Veja os modelos de vídeo em { $models }.
       *[text] um modelo de texto. Veja os modelos de texto em { $models }.
    }
    .title = Tipo de modelo errado
failure-option-unsupported = { $offered ->
        [none] { $model } não aceita --{ $option }.
       *[other] { $model } não oferece --{ $option } { $value }; oferece { $offered }.
    } { $all ->
        [none] Não aceita nenhuma das opções extras.
       *[other] O que aceita: { $all }.
    }
    .title = Opção não oferecida
failure-quota-exhausted = { $source ->
        [personal] A conta do gateway do seu próprio token ficou sem crédito. Recarregue no gateway ou desvincule o token com { $tokenUnlink } para usar o da comunidade.
        [operator] A conta do gateway do token do próprio bot ficou sem crédito. O operador do bot precisa recarregar; os admins já foram avisados.
       *[scope] A conta do gateway do token desta comunidade ficou sem crédito. Um admin precisa recarregar no gateway; os admins já foram avisados.
    }
    .title = Saldo do gateway esgotado
failure-forbidden-model = Este token não tem permissão para usar { $model }. Escolha outro modelo em { $models }.
    .title = Modelo não permitido para este token
failure-content-refused = O filtro de segurança do gateway recusou este pedido. Tente reformular o prompt ou usar outras imagens.
    .title = Pedido recusado
# $header: o nome do cabeçalho que o gateway pediu (x-…), ou "provider" quando não citou nenhum. GATEWAY_BASE_URL: manter como está.
failure-gateway-needs-header = O gateway recusou este pedido porque espera { $header ->
        [provider] que um provedor seja indicado
       *[other] o cabeçalho { $header }
    }, que um cliente comum compatível com OpenAI não envia. O operador do bot precisa configurar o gateway para encaminhar pedidos sem isso (veja a documentação do gateway) ou apontar GATEWAY_BASE_URL para um endereço que faça isso.
    .title = O gateway precisa de configuração própria
failure-content-refused-fee = { $source ->
        [personal] O gateway recusou este prompt pelas regras de uso e pode ter cobrado do seu token uma taxa por violação; o valor aparece só no registro desse token no gateway. Este bot não cobrou nada de você: sua reserva foi liberada. Tente outro prompt.
        [scope] O gateway recusou este prompt pelas regras de uso e pode ter cobrado do token da comunidade uma taxa por violação; o valor aparece só no registro desse token no gateway. Este bot não cobrou nada de você: sua reserva foi liberada. Tente outro prompt.
       *[operator] O gateway recusou este prompt pelas regras de uso e pode ter cobrado do token do bot uma taxa por violação; o valor aparece só no registro desse token no gateway. Este bot não cobrou nada de você: sua reserva foi liberada. Tente outro prompt.
    }
    .title = Prompt recusado
failure-gateway-refused = O gateway recusou este pedido{ $status ->
        [none] {""}
       *[other] {" "}(HTTP { $status })
    }{ $reason ->
        [none] .
       *[other] : { $reason }.
    } Tente outras configurações ou outro modelo.
    .title = Recusado pelo gateway
failure-attachment-missing = Isto precisa de pelo menos uma imagem de referência. Anexe uma e tente de novo.
    .title = Imagem necessária
failure-attachment-too-many = Você anexou { $got } imagens; dá para usar no máximo { $max }. Remova algumas e tente de novo.
    .title = Imagens demais
failure-attachment-too-large = { $name } tem { $got }; cada imagem pode ter no máximo { $max }. Tente uma versão menor ou comprimida.
    .title = Imagem grande demais
failure-attachment-empty = { $name } está vazio (0 bytes). Anexe a imagem de novo.
    .title = Arquivo vazio
# $detected: "gif", "none" (unknown), or a file type such as "pdf", "text", "animated gif" (not translated).
# $vowel: "yes" when $detected starts with a vowel (English article only; Portuguese ignores it).
failure-attachment-not-image = { $detected ->
        [gif] { $name } é um GIF, que os modelos de imagem não aceitam. Use uma imagem PNG, JPEG ou WebP (uma captura de tela dele serve).
        [damaged] { $name } é uma imagem danificada ou incompleta (talvez cortada ao ser enviada ou salva), por isso não foi enviada ao gateway. Envie de novo, ou salve-a novamente como imagem PNG, JPEG ou WebP.
        [none] { $name } não é uma imagem que o gateway consiga ler. Use uma imagem PNG, JPEG ou WebP.
       *[other] { $name } parece ser um arquivo do tipo { $detected }{ $vowel ->
           *[other] {""}
        }, não uma imagem estática. Use uma imagem PNG, JPEG ou WebP.
    }
    .title = Imagem inválida
failure-attachment-too-many-pixels = A imagem tem { $width }x{ $height } pixels; o máximo aceito é { $max } pixels. Reduza-a e tente de novo.
    .title = Imagem grande demais
# $limit: the platform's download limit ("20 MB"), or "none" when unknown.
failure-attachment-download-failed = { $reason ->
        [too_big_for_platform] { $limit ->
            [none] O arquivo é grande demais para o bot baixar aqui. Envie um arquivo menor.
           *[other] O arquivo é grande demais para o bot baixar aqui (o limite é { $limit }). Envie um arquivo menor.
        }
        [expired] O link do anexo expirou. Envie o arquivo de novo.
       *[network] Não foi possível baixar o anexo (problema de rede). Tente de novo daqui a pouco.
    }
    .title = Não foi possível obter o anexo
failure-prompt-empty = Descreva o que você quer (o prompt está vazio).
    .title = Prompt necessário
# $reason: unreachable (the link's host does not resolve) or private (a private or local address).
failure-result-url-refused = { $reason ->
        [unreachable] O gateway devolveu um link para a imagem que este bot não consegue alcançar (o nome do host não resolve), então nada foi baixado. Um admin deve verificar onde o gateway guarda os resultados.
       *[private] O gateway respondeu com um link para a imagem em um endereço de rede privada ou local, que eu nunca acesso. Um admin deve verificar onde o gateway guarda os resultados.
    }
    .title = Resultado não obtido
failure-prompt-has-secret = Seu prompt contém algo com formato de token de acesso (uma chave do gateway ou um token de bot), então não o usei nem guardei. Se for um token real, revogue-o no serviço dele; um token do gateway se vincula com { $tokenLink } em um chat privado.
    .title = Isso parece um token
failure-prompt-too-long = O prompt tem { $got } caracteres; o máximo aceito é { $max }. Encurte-o e tente de novo.
    .title = Prompt longo demais
# $allowed: a phrase such as "each side 64 to 1536 pixels" (from size-rule-* messages).
failure-bad-size = { $given } não é um tamanho aceito por este modelo: { $allowed }. Você também pode escolher uma proporção, como 16:9.
    .title = Tamanho não suportado
failure-bad-aspect = { $given } não é uma proporção suportada. Use uma destas: { $allowed }.
    .title = Proporção não suportada
failure-bad-duration = { $given } segundos não é possível: os vídeos duram de { $min } a { $max } segundos (segundos inteiros).
    .title = Duração não suportada
failure-bad-count = { $given } não é possível: peça de 1 a { $max }.
    .title = Quantidade não suportada
# $message: the grammar's own explanation (from the grammar-* messages), or "none".
failure-bad-flag = { $message ->
        [none] Uma das opções não foi entendida. Confira o comando e tente de novo.
       *[other] { $message }
    }
    .title = Opção não entendida
# $wait: a duration, or "none" when the gateway did not say.
failure-gateway-busy = { $wait ->
        [none] O gateway está ocupado agora. Tente de novo em um minuto.
       *[other] O gateway está ocupado agora. Tente de novo em { $wait }.
    }
    .title = Gateway ocupado
failure-gateway-busy-waited = O gateway está ocupado agora: este pedido esperou { $waited } por uma vaga e o gateway nunca o aceitou. Tente de novo em alguns minutos.
    .title = Gateway ocupado
failure-gateway-down = Não foi possível acessar o gateway, ou ele respondeu com um erro. Tente de novo em alguns minutos.
    .title = Gateway indisponível
failure-gateway-timeout = O gateway não respondeu a tempo. Tente de novo em alguns minutos.
    .title = Gateway lento demais
# $reason: the gateway's own short reason (usually English), or "none".
failure-task-failed-refunded = { $reason ->
        [none] Não foi possível criar o vídeo (o gateway informou uma falha).
       *[other] Não foi possível criar o vídeo ({ $reason }).
    }
    .title = Falha no vídeo
failure-task-expired-released = O vídeo não ficou pronto a tempo, então o bot parou de esperar.
    .title = O vídeo demorou demais
failure-job-interrupted = O bot reiniciou enquanto seu pedido de { $kind ->
        [video] vídeo
        [ask] pergunta
       *[image] imagem
    } estava começando, então ele foi descartado. Envie de novo, por favor.
    .title = Pedido interrompido
failure-result-delayed = Seu resultado ({ $kind ->
        [video] vídeo
        [ask] resposta
       *[image] imagem
    }) foi feito, mas o bot não conseguiu terminar de registrá-lo agora. Não precisa enviar o pedido de novo: ele será publicado aqui em breve, ou você será avisado do que aconteceu com ele.
    .title = Resultado a caminho
# $size: the result's size, or "none" when unknown. $until: when the kept file is deleted, or "never" when none is kept.
failure-output-too-large = { $size ->
        [none] O resultado passa do limite de { $limit } deste chat.
       *[other] O resultado ({ $size }) passa do limite de { $limit } deste chat.
    }{ $until ->
        [never] {""}
       *[other] { " " }Ainda dá para obtê-lo com { $jobs } até { $until }.
    }
    .title = Resultado grande demais para enviar
# $noun: answer, image or video. $job: the job id, or "none". $get: how to get it (failure-delivery-kept / -retry…).
failure-delivery-failed-charged = { $noun ->
        [answer] Sua resposta foi gerada e paga
        [image] Sua imagem foi gerada e paga
       *[video] Seu vídeo foi gerado e pago
    }, mas { $reason ->
        [download] o bot não conseguiu baixar o resultado do gateway
        [chat_gone] o chat de destino não pode mais ser acessado
       *[upload] o envio para cá falhou repetidas vezes
    }. { $get } Começar de novo geraria e cobraria { $noun ->
        [answer] uma segunda resposta
        [image] uma segunda imagem
       *[video] um segundo vídeo
    }.
    .title = { $noun ->
        [answer] Resposta gerada, mas não entregue
        [image] Imagem gerada, mas não entregue
       *[video] Vídeo gerado, mas não entregue
    }
delivery-kept = Está guardado: obtenha com { $jobCmd } { $job } até { $until }.
# $job: the job id, or "none" when unknown.
delivery-retry-download = Um admin pode tentar entregar de novo { $job ->
        [none] esta tarefa
       *[other] a tarefa { $job }
    }: o bot baixa o resultado outra vez do gateway, o que funciona enquanto o gateway ainda o guardar.
delivery-retry = Um admin pode tentar entregar de novo { $job ->
        [none] esta tarefa
       *[other] a tarefa { $job }
    }.
failure-result-not-delivered = { $noun ->
        [answer] Sua resposta foi gerada, mas não pôde ser publicada
        [image] Sua imagem foi gerada, mas não pôde ser publicada
       *[video] Seu vídeo foi gerado, mas não pôde ser publicado
    } porque { $reason ->
        [too_large] passa do tamanho que este chat aceita
        [chat_gone] não foi possível acessar este chat
        [not_a_video] o gateway enviou um arquivo que não é um vídeo reproduzível
       *[files_gone] o arquivo se perdeu
    }. Nada foi cobrado por isso.
    .title = { $noun ->
        [answer] Resposta não entregue
        [image] Imagem não entregue
       *[video] Vídeo não entregue
    }
failure-cooldown = Você pode fazer outro pedido em { $wait }.
    .title = Vá com calma
# $waiting: how many requests are ahead (0 when the line is simply full).
failure-queue-full = { $waiting ->
        [0] A fila aqui está cheia. Tente de novo em alguns minutos.
        [one] { $waiting } pedido já está esperando aqui. Tente de novo em alguns minutos.
       *[other] { $waiting } pedidos já estão esperando aqui. Tente de novo em alguns minutos.
    }
    .title = Pedidos demais na fila
# The state the bot's processes share (Redis) is out of reach; requests already running go on.
failure-coordination-unavailable = O bot não consegue iniciar novos pedidos agora (os limites compartilhados dele estão fora de alcance). Tente de novo em instantes; pedidos já em andamento não são afetados e nada foi cobrado.
    .title = Ocupado no momento
failure-store-unavailable = O bot não consegue acessar o banco de dados agora, então isso não pôde ser feito. Tente de novo em instantes.
    .title = Tente de novo em instantes
failure-not-admin = Só um admin desta comunidade pode fazer isso.
    .title = Só para admins
# $message: the money parser's explanation (money-error-* messages).
failure-bad-amount = { $message }
    .title = Valor não entendido
failure-unknown-user = Ninguém chamado { $given } foi visto aqui, então nada foi alterado. { $how }
    .title = Usuário desconhecido
failure-job-not-found = Não há nenhuma tarefa { $id } aqui. Veja as suas em { $jobs }.
    .title = Tarefa não encontrada
failure-job-not-yours = Só quem iniciou a tarefa { $id }, ou um administrador, pode usar os botões dela. Crie a sua com { $imagine }.
    .title = Não é sua tarefa
failure-bad-timezone = { $given } não é um nome de fuso horário. Use um nome como America/Sao_Paulo, Europe/Lisbon ou UTC.
    .title = Fuso horário desconhecido
failure-other-bot = Esse comando era para outro bot.
    .title = Não é para este bot
# $suggestion: a command as the member types it, or "none".
failure-unknown-command = { $suggestion ->
        [none] O comando { $given } não existe. Veja a lista em { $help }.
       *[other] O comando { $given } não existe. Você quis dizer { $suggestion }? Veja a lista em { $help }.
    }
    .title = Comando desconhecido
# $usage: one or more usage lines ("none" when there are none); $name: the missing argument's name (an identifier).
failure-missing-argument = { $usage ->
        [none] Falta o argumento { $name }.
       *[other] Uso: { $usage }
        (falta o argumento { $name })
    }
    .title = Falta alguma coisa
failure-not-here = { $place ->
        [private] Isto só funciona em um chat privado com o bot (assim os segredos ficam fora dos grupos).
       *[community] Isto só funciona em uma comunidade (um servidor ou grupo), não em um chat privado.
    }
    .title = Indisponível aqui
failure-job-files-gone = { $what ->
        [references] As imagens de referência da tarefa { $id } não estão mais guardadas, então não dá para refazê-la. Use { $edit } de novo com as imagens.
       *[outputs] Os resultados da tarefa { $id } não estão mais guardados, então não dá para reutilizá-los. Faça um pedido novo.
    }
    .title = Arquivos não estão mais guardados
failure-internal = Algo deu errado do nosso lado. Tente de novo; se continuar acontecendo, informe a um admin a referência abaixo.
    .title = Algo deu errado
# Used when even the failure text could not be made.
failure-internal-short = Algo deu errado do nosso lado. Tente de novo.
# $available: the shipped codes, comma-separated.
failure-unknown-language = { $given } não é um idioma que eu falo. Escolha um destes: { $available }.
    .title = Idioma desconhecido
failure-unknown-setting = { $given } não é uma configuração. As configurações são: { $keys }. Veja as suas com { $settings }.
    .title = Configuração desconhecida
failure-bad-setting = { $given } não é um valor para { $key }. Aceita: { $allowed }. Nada foi alterado.
    .title = Valor inválido para esta configuração
failure-operator-cap-exhausted = Isto custa { $cost }, e o orçamento compartilhado do bot para hoje tem { $left } restantes: o operador do bot limita o que todas as comunidades juntas podem gastar por dia com o token de gateway do próprio bot. Ele é renovado { $when }. Uma comunidade que vincula o próprio token de gateway não é limitada por ele.
    .title = O orçamento do bot para hoje acabou
# $place: private ou community. $community: o id do chat para o operador (plataforma:id).
failure-operator-access-not-approved = { $place ->
        [private] Este chat privado não está aprovado para usar o token de gateway do próprio bot. Peça ao dono do bot para aprovar { $community }, ou vincule seu próprio token com { $tokenLink }.
       *[other] Esta comunidade não está aprovada para usar o token de gateway do próprio bot. Peça ao dono do bot para aprová-la (ele executa { $approve } aqui, ou aprova { $community }). Um admin também pode vincular o token próprio da comunidade com { $setupToken }, ou você pode vincular o seu com { $tokenLink }.
    }
    .title = Sem aprovação para o token do bot

failure-job-cancelled = Seu pedido de { $kind ->
        [video] vídeo
        [ask] pergunta
       *[image] imagem
    } foi cancelado antes de o gateway começar.
    .title = Cancelado
failure-job-not-cancellable = { $reason ->
        [at_gateway] O trabalho { $id } não pode mais ser cancelado: o gateway já está trabalhando nele. Ele termina e é cobrado normalmente (se falhar, a reserva é liberada). { $jobCmd } { $id } mostra o andamento.
        [not_owner] O trabalho { $id } é de outro membro: só essa pessoa ou um administrador pode cancelá-lo.
       *[finished] O trabalho { $id } já terminou: não há nada para cancelar.
    }
    .title = Não cancelado
