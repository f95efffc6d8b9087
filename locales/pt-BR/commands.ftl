## Command descriptions and help. Command and option NAMES stay English identifiers (they are typed);
## only their descriptions are translated. Discord limits a description to 100 characters: keep them short.
## Ids: cmd-<command> (description; .help: the longer /help text), cmd-<command>-<subcommand>,
## cmd-<command>[-<subcommand>]-opt-<option>, and opt-<option> for options several commands share.

cmd-imagine = Crie uma imagem a partir de uma descrição
    .help = Cria uma ou mais imagens a partir da sua descrição. O custo fica reservado antes e só as imagens entregues são cobradas. Qualidade, fundo e formato do arquivo só são enviados se o modelo os oferecer (a lista de modelos mostra o que cada um aceita); o preço depende deles.
cmd-imagine-opt-prompt = O que a imagem deve mostrar
opt-aspect = Proporção L:A, por exemplo 16:9
opt-size = Tamanho exato LxA em pixels, por exemplo 1024x1024, ou auto
opt-quality = Qualidade da imagem, se o modelo oferecer (low, medium, high, auto)
opt-background = Fundo, se o modelo oferecer (transparent, opaque, auto)
opt-format = Formato do arquivo, se o modelo oferecer (png, jpeg, webp)
opt-resolution = Resolução do vídeo, se o modelo oferecer (ex.: 720p, 1080p)
opt-audio = Som no vídeo, se o modelo oferecer (on ou off)
opt-negative = O que o vídeo não deve mostrar, se o modelo aceitar
cmd-imagine-opt-count = Quantas imagens (1 a 4)
cmd-edit = Altere uma imagem (ou combine até três) seguindo suas instruções
    .help = Edita as imagens que você anexar (até três) seguindo sua instrução, ou os resultados de uma tarefa anterior com --from. O custo fica reservado antes e só o que for entregue é cobrado.
cmd-edit-opt-prompt = O que mudar, com suas palavras
cmd-edit-opt-images = As imagens a editar (até 3)
cmd-edit-opt-job = Editar os resultados desta tarefa anterior
cmd-video = Crie um vídeo curto a partir de uma descrição, se quiser partindo de uma imagem
    .help = Inicia um vídeo curto a partir da sua descrição (anexe uma imagem para animá-la). A estimativa fica reservada agora e é cobrada quando o vídeo for entregue; ele é publicado aqui quando ficar pronto. Uma segunda imagem é o último quadro, nos modelos que aceitam. Resolução, som e um prompt negativo só são enviados se o modelo os oferecer; o preço depende deles.
cmd-video-opt-prompt = O que o vídeo deve mostrar
cmd-video-opt-seconds = Duração em segundos (4 a 15)
cmd-video-opt-image = Uma imagem inicial; uma segunda imagem é o último quadro (modelos que aceitam)
cmd-ask = Faça uma pergunta a um modelo de texto
    .help = Envia sua pergunta a um modelo de texto e publica a resposta, com os tokens usados e quanto custou.
cmd-ask-opt-prompt = Sua pergunta ou instrução
cmd-balance = Veja quanto resta do seu orçamento
    .help = Mostra seu limite aqui: quanto resta, quanto você gastou e quanto está reservado para tarefas em andamento, e quando ele renova. Adicione chart para ver um gráfico dos seus gastos no período em relação ao seu limite.
cmd-balance-opt-view = chart: adiciona um gráfico dos seus gastos em relação ao seu limite
cmd-jobs = Liste suas tarefas recentes e em andamento
    .help = Lista suas dez tarefas mais recentes aqui, com status, modelo e custo. Use /job <id> para ver uma delas.
cmd-job = Veja uma tarefa e o resultado dela
    .help = Mostra uma tarefa: status, modelo, tamanho e custo, e publica de novo os arquivos do resultado enquanto estiverem guardados. Com a referência que aparece no fim de um erro, mostra o que deu errado (admins veem o detalhe registrado).
cmd-job-opt-job = O id da tarefa mostrado quando ela começou, ou a referência no fim de um erro
cmd-models = Liste os modelos disponíveis aqui e seus preços
    .help = Lista os modelos que o token do gateway usado aqui alcança, com os preços e a origem de cada um, o modelo padrão de cada tipo e como os preços são escolhidos. Informe um tipo para ver só modelos de imagem, vídeo ou texto.
cmd-models-opt-kind = Só modelos deste tipo
cmd-budget = Gerencie os limites de gastos desta comunidade
    .help = Define quanto os membros podem gastar (valores em dólares americanos; períodos day, week, month ou total). Um membro é um @usuário, uma menção ou um id; onde dá para responder mensagens, você também pode responder a uma mensagem dele.
cmd-budget-default = Defina o limite que todo membro recebe
cmd-budget-default-opt-amount = Limite por membro em dólares, por exemplo 5 ou 2.50 (none: sem limite)
cmd-budget-default-opt-period = Quando renova: day, week, month ou total (padrão: o período padrão atual)
cmd-budget-set = Defina o limite de um membro
cmd-budget-set-opt-user = O membro
cmd-budget-set-opt-amount = Limite em dólares, por exemplo 10 (none: sem limite)
cmd-budget-set-opt-period = Quando renova: day, week, month ou total (padrão: o período padrão)
cmd-budget-clear = Remova o limite próprio de um membro (volta ao padrão)
cmd-budget-clear-opt-user = O membro
cmd-budget-pool = Defina um limite compartilhado para toda a comunidade
cmd-budget-pool-opt-amount = Limite da comunidade em dólares (none: remove o limite)
cmd-budget-pool-opt-period = Quando renova: day, week, month ou total (padrão: month)
cmd-budget-block = Impeça um membro de usar o bot aqui
cmd-budget-block-opt-user = O membro
cmd-budget-unblock = Deixe um membro bloqueado usar o bot de novo
cmd-budget-unblock-opt-user = O membro
cmd-budget-adjust = Dê ou retire parte do gasto de um membro neste período
cmd-budget-adjust-opt-user = O membro
cmd-budget-adjust-opt-amount = Dólares; positivo dá mais margem, negativo retira, por exemplo -1.50
cmd-budget-adjust-opt-note = Motivo (fica no registro de auditoria)
cmd-budget-show = Veja limites e gastos
cmd-budget-show-opt-user = Um membro (padrão: a comunidade toda)
cmd-usage = Veja quem gastou quanto nesta comunidade
    .help = Mostra os gastos por membro em um período (padrão: o mês atual), com o relatório completo em um arquivo CSV. Adicione chart para ver um gráfico dos gastos por dia, empilhados por membro.
cmd-usage-opt-period = Qual período (padrão: o mês atual)
cmd-usage-opt-view = chart: adiciona um gráfico dos gastos por dia e por membro
cmd-usage-opt-user = Só este membro
cmd-setup = Conecte esta comunidade ao gateway de mídia
    .help = Vincula o token do gateway desta comunidade (pedido no privado; só os 4 últimos caracteres são mostrados), mostra ou remove o token e define o fuso horário das renovações diárias, semanais e mensais.
cmd-setup-token = Defina o token do gateway da comunidade (pedido no privado)
opt-token = O token do gateway (enviado no privado, nunca mostrado)
cmd-setup-show = Veja a configuração atual (o token nunca é mostrado)
cmd-setup-unlink = Remova o token do gateway da comunidade
cmd-setup-timezone = Defina o fuso horário das renovações diárias, semanais e mensais
cmd-setup-timezone-opt-tz = Um fuso horário IANA, por exemplo America/Sao_Paulo
cmd-prices = Defina preços e tipos de modelos para esta comunidade
    .help = Define o preço próprio desta comunidade para um modelo (em dólares por imagem, por segundo de vídeo ou por 1.000 tokens de texto; vale sobre os preços do operador e do gateway), remove esse preço, lista os preços ou corrige o tipo de um modelo. Toda alteração fica no registro de auditoria.
cmd-prices-opt-model = O id exato do modelo, como aparece em /models
cmd-prices-list = Veja os preços e tipos definidos pelos admins aqui
cmd-prices-set = Defina o preço de um modelo nesta comunidade (vale sobre qualquer outro preço)
cmd-prices-set-opt-usd = Dólares por unidade, por exemplo 0.04
cmd-prices-set-opt-per = A unidade (padrão: conforme o tipo do modelo)
cmd-prices-clear = Remova o preço de admin de um modelo (volta ao do operador ou do gateway)
cmd-prices-kind = Corrija o tipo de um modelo aqui (auto desfaz a correção)
cmd-prices-kind-opt-kind = O que o modelo cria
cmd-token = Use seu próprio token do gateway
    .help = Vincula seu próprio token do gateway (pedido no privado; só os 4 últimos caracteres são mostrados), para que seus pedidos sejam pagos por ele, ou o esquece.
cmd-token-link = Vincule seu próprio token do gateway (pedido no privado)
cmd-token-unlink = Esqueça seu token do gateway
cmd-reroll = Execute de novo uma tarefa anterior com o mesmo pedido
    .help = Executa de novo uma tarefa anterior: mesmo prompt, modelo e tamanho (uma edição reutiliza as imagens de referência guardadas). É cobrada como um pedido novo.
cmd-reroll-opt-job = A tarefa a executar de novo
cmd-animate = Crie um vídeo a partir da imagem de uma tarefa anterior
    .help = Inicia um vídeo a partir da primeira imagem de uma tarefa anterior, com o prompt dela. A estimativa fica reservada agora e é cobrada quando o vídeo for entregue.
cmd-animate-opt-job = A tarefa de imagem a animar
cmd-remix = Crie uma nova versão de um vídeo anterior com um novo prompt
    .help = Faz um remix de um vídeo anterior deste chat: o gateway cria um vídeo novo a partir dele seguindo seu novo prompt. A estimativa fica reservada agora e é cobrada quando o vídeo for entregue, como um vídeo novo.
cmd-remix-opt-job = A tarefa de vídeo para o remix
cmd-remix-opt-prompt = O que a nova versão deve mostrar
cmd-vary = Crie uma variação de uma imagem de uma tarefa anterior
    .help = Cria uma variação de uma imagem de uma tarefa anterior (os botões V): uma edição dessa imagem com o mesmo prompt e modelo. Só quem fez a tarefa, ou um administrador, pode usar; fica reservado e é cobrado como uma edição nova.
cmd-vary-opt-job = A tarefa de imagem a variar
cmd-vary-opt-image = Qual das imagens (de 1 a 4; padrão 1)
cmd-upscale = Crie uma versão maior de uma imagem de uma tarefa anterior
    .help = Refaz uma imagem de uma tarefa anterior no próximo tamanho maior do modelo (os botões A), com o mesmo prompt. Só quem fez a tarefa, ou um administrador, pode usar; fica reservado e é cobrado como uma edição nova.
cmd-upscale-opt-job = A tarefa de imagem a ampliar
cmd-upscale-opt-image = Qual das imagens (de 1 a 4; padrão 1)
cmd-remix-opt-seconds = Duração em segundos (4 a 15; padrão: a do vídeo anterior)
cmd-help = Como usar este bot
    .help = Lista os comandos que você pode usar aqui ou explica um comando: suas opções e exemplos.
cmd-help-opt-command = Um comando para explicar, por exemplo imagine

# $kind: image, video or text.
opt-model = Qual modelo de { $kind ->
        [image] imagem
        [video] vídeo
       *[text] texto
    } (padrão: o configurado)

# Choices of /prices set's unit and /prices kind.
choice-per-image = por imagem
choice-per-second = por segundo de vídeo
choice-per-1k = por 1.000 tokens de texto
choice-kind-image = imagem
choice-kind-video = vídeo
choice-kind-text = texto
choice-kind-auto = auto (desfaz a correção)
choice-view-chart = gráfico
choice-view-numbers = números
choice-on = ativar
choice-off = desativar
choice-where-here = aqui
choice-where-everywhere = em todo lugar
choice-queue-cancel = cancelar

cmd-language = Escolha o idioma em que falo com você
    .help = Mostra o idioma que uso com você e os disponíveis, ou define o seu (vale sobre o padrão da comunidade e o idioma do seu app). "reset" volta ao padrão.
cmd-language-opt-code = Um código de idioma como en, es, pt-BR, zh-CN, ru ou ja; reset para o padrão
cmd-setup-language = Defina o idioma padrão desta comunidade
cmd-setup-language-opt-code = Um código de idioma como en, es, pt-BR, zh-CN, ru ou ja; reset para remover
cmd-settings = Seus padrões: modelos, proporção, segundos, qualidade, imagens, idioma, resultados privados
    .help = Mostra suas configurações e de onde vem cada uma, ou altera uma: /settings aspect 16:9 (esta comunidade), /settings image_model <modelo> everywhere (todas as comunidades), /settings aspect reset. Uma opção digitada em um comando sempre tem prioridade; uma resposta que usou uma configuração avisa. Chaves: image_model, video_model, text_model, aspect, seconds, quality, n, language, private.
cmd-settings-opt-key = Qual configuração (image_model, video_model, text_model, aspect, seconds, n…)
cmd-settings-opt-value = Seu valor (um id de modelo, 16:9, 8, high, 2, es, on…) ou reset
cmd-settings-opt-where = here (esta comunidade, o padrão) ou everywhere (todas as comunidades)
cmd-setup-defaults = Define os padrões desta comunidade (modelos, proporção, segundos, qualidade, imagens)
cmd-approve = Deixa esta comunidade usar o token de gateway do bot (donos)
    .help = Com OPERATOR_TOKEN_ACCESS=approved, só as comunidades aprovadas por um dono executam tarefas com o token de gateway do próprio bot. /approve aprova esta; /approve off retira a aprovação. Uma comunidade com token próprio não precisa dela.
cmd-approve-opt-state = on (padrão) para aprovar, off para retirar a aprovação
cmd-queue = Ver a fila: seus trabalhos esperando e em andamento
    .help = Mostra seus trabalhos daqui que esperam na fila ou estão sendo feitos, com a posição na fila, há quanto tempo estão rodando e, nos vídeos, quanto falta aproximadamente, e quantos trabalhos da comunidade esperam e estão em andamento. Administradores veem os trabalhos de todos. /queue cancel <trabalho> tira um trabalho da fila antes de o gateway começar: a reserva é liberada e nada é cobrado. Um trabalho em que o gateway já trabalha não pode ser cancelado.
cmd-queue-opt-action = cancel: tira um dos seus trabalhos da fila
cmd-queue-opt-job = O id do trabalho (como o /queue mostra)
cmd-web = Receba um link privado para ver seus resultados na web
    .help = Responde em particular com um link de acesso válido por 10 minutos e de uso único. Ele abre sua galeria, seu saldo e, para administradores, a página de orçamentos desta comunidade.
