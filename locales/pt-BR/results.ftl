## Results and job views: titles, the name/value fields under a result, buttons, and job states.

# Buttons (short: Discord buttons and Telegram keyboards show about 20 characters comfortably).
action-reroll = Refazer
action-edit = Editar
action-animate = Animar
action-remix = Remixar
action-vary = Variar
action-upscale = Ampliar
action-vary-n = V{ $n }
action-upscale-n = A{ $n }
action-animate-last-frame = Animar a partir do último quadro
action-refresh = Atualizar
# What the member is asked to type after pressing Edit / Remix.
action-edit-input = O que deve mudar?
action-remix-input = O que a nova versão deve mostrar?

# Field names under a result or a job.
field-model = Modelo
field-size = Tamanho
field-options = Opções
field-cost = Custo
field-left = Restante
field-job = Tarefa
field-duration = Duração
# /job of a finished video: the length asked for (the delivered file's own length is in its caption).
field-duration-requested = Duração pedida
field-status = Status
field-created = Criada em
field-tokens = Tokens
# $cost: dinheiro. Mostrado quando a resposta do gateway não trouxe contagem de tokens.
field-cost-estimated = { $cost } (estimado: o gateway não informou a contagem de tokens, então o bot contou o texto)
field-held = Reservado até a entrega
field-ready-in = Pronto
# Field values.
value-no-limit = sem limite
value-seconds = { $n } s
# A delivered video whose file plays for another length than was asked. $n: seconds in the file; $requested: asked.
value-seconds-delivered = { $n } s ({ $requested } s pedidos)

result-image-title = Imagem pronta
# Some images were larger than this chat accepts. $count: how many; $limit a size; $job the command to fetch them later.
result-images-too-large = { $count ->
        [one] { $count } imagem passa do limite de envio de { $limit } deste chat; use { $jobCmd } { $job } depois.
       *[other] { $count } imagens passam do limite de envio de { $limit } deste chat; use { $jobCmd } { $job } depois.
    }
result-images-partial = Foram feitas { $made } de { $requested } imagens; você só paga por { $made }.
result-empty-answer = (resposta vazia)

# Announcing a video job. $seconds: the length, or 0 when the model decides.
estimate-video = { $seconds ->
        [0] Criando um vídeo com { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
       *[other] Criando um vídeo de { $seconds } s com { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
    } Até { $cost } fica reservado e só é cobrado se o vídeo for entregue{ $left ->
        [none] .
       *[other] ; depois disso, restam { $left }.
    }{ $wait ->
        [none] {""}
       *[other] {" "}Costuma levar cerca de { $wait }.
    }
video-started-title = Vídeo iniciado
remix-started-title = Remix iniciado
video-will-be-posted = Tarefa { $job }: o vídeo será publicado aqui quando estiver pronto.

jobs-title = Suas tarefas
jobs-none = Você ainda não tem tarefas.
# One line of /jobs: "imagem · concluído · model · cobrado US$ 0,04 · prompt". $money: what happened to its money (job-money).
jobs-line = { $kind } · { $state } · { $model } · { $money } · { $prompt }
job-title = { $kind } { $id }
job-files-too-large = { $count ->
        [one] { $count } arquivo desta tarefa passa do limite de envio deste chat.
       *[other] { $count } arquivos desta tarefa passam do limite de envio deste chat.
    }

# Kinds of jobs, as a member reads them.
job-kind = { $kind ->
        [imagine] imagem
        [edit] edição
        [video] vídeo
       *[ask] resposta
    }
# Job states in plain words (the money outcome is job-money's, never told here).
job-state = { $state ->
        [queued] aguardando início
        [working] em andamento
        [delivering] sendo publicado
        [done] concluído
        [failed] falhou
        [timed_out] demorou demais
        [interrupted] interrompido
       *[not_delivered] feito, mas não publicado
    }
# What happened to a job's money. $amount: the amount of that outcome. Never "held" for a job whose money was released or refunded.
job-money = { $outcome ->
        [held] reservado { $amount }
        [charged] cobrado { $amount }
        [charged_kept] cobrado { $amount }, resultado guardado
        [refunded] reembolsado { $amount }
       *[none] nada cobrado
    }

## Words the chat surfaces add themselves.
# Files of a reply over the chat's upload limit. $kind: image, video or file; $job: the command to fetch them, or "none".
surface-over-limit = { $count } { $kind ->
        [image] { $count ->
            [one] imagem passa
           *[other] imagens passam
        }
        [video] { $count ->
            [one] vídeo passa
           *[other] vídeos passam
        }
       *[file] { $count ->
            [one] arquivo passa
           *[other] arquivos passam
        }
    } do limite de envio de { $limit } deste chat{ $job ->
        [none] .
       *[other] ; use { $job } depois.
    }
# One file too large to post. $job: the command to fetch it later, or "none".
surface-file-too-large = { $name } ({ $size }) é grande demais para publicar aqui.{ $job ->
        [none] {""}
       *[other] {" "}Ele fica guardado por um tempo: { $job }.
    }

# A fila (/queue). Cancelar tira um trabalho da fila antes de o gateway começar.
action-cancel = Cancelar
action-cancel-job = Cancelar { $id }
queue-title = Sua fila
queue-title-all = Fila desta comunidade
queue-none = Você não tem trabalhos esperando nem em andamento aqui.
queue-none-all = Não há trabalhos esperando nem em andamento aqui.
queue-community = Nesta comunidade: { $waiting } esperando, { $running } em andamento.
queue-phase-queued = posição { $position } na fila
queue-phase-waiting = { $ahead ->
        [0] o próximo para o gateway (ele está ocupado)
        [one] 1 à frente para o gateway (ele está ocupado)
       *[other] { $ahead } à frente para o gateway (ele está ocupado)
    }
queue-phase-running = sendo feito
queue-elapsed = { $elapsed } até agora
queue-eta = faltam cerca de { $eta }
queue-eta-overdue = demorando mais que o normal
queue-member = { $mine ->
        [yes] você
       *[other] membro { $user }
    }
queue-cancel-which = Qual trabalho? Use { $cmd } cancel <id do trabalho>; { $cmd } lista seus trabalhos.
queue-cancelled-title = Cancelado
queue-cancelled = O trabalho { $id } ({ $kind }) saiu da fila antes de o gateway começar. { $held ->
        [yes] A reserva foi liberada: nada foi cobrado.
       *[other] Nada foi cobrado.
    }
