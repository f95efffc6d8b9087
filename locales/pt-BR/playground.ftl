## As linhas do próprio playground de terminal (o console lê LANG). Comandos, flags e nomes de variáveis não se traduzem.

# O banner de início. O playground recua as linhas.
playground-title = playground de terminal do mediabot
playground-gateway-simulator = o simulador de gateway EMBUTIDO em { $url } (imagens e vídeos de teste, sem dinheiro de verdade)
playground-gateway-real = o gateway em { $url } (GATEWAY_BASE_URL, token do operador GATEWAY_TOKEN: cobranças reais)
playground-line-gateway = gateway:    { $gateway }
playground-line-budget = orçamento:  { $allowance }
playground-line-you = você:       { $name } (id { $id }), o admin aqui; em /budget e /usage escreva me para falar de você
playground-line-outputs = saídas:     { $dir } (OUTPUT_DIR)   banco de dados: { $database }
playground-setup =
    Para rodar o bot de verdade, defina DISCORD_TOKEN + DISCORD_APPLICATION_ID e/ou TELEGRAM_BOT_TOKEN, BOT_ENCRYPTION_KEY
    (npm run keygen) e GATEWAY_BASE_URL no .env (veja .env.example) e rode npm start de novo.
playground-interactive = Digite /help para ver os comandos; /quit ou Ctrl-C para sair.
playground-stdin = Lendo comandos da entrada padrão.
playground-allowance = restam { $left } de { $limit } { $per } para você (/budget default <amount> muda isso)
playground-allowance-none = sem limite para você
playground-allowance-blocked = bloqueado no playground (/budget unblock local)

# Respostas a uma linha digitada.
playground-slash = Os comandos começam com uma barra, por exemplo /imagine uma raposa vermelha. Digite /help para ver a lista.
playground-no-token = { $command } não está disponível no playground: aqui se paga com o token do simulador embutido (ou GATEWAY_TOKEN), então não há token de gateway para vincular.
playground-unexpected = { $command } falhou inesperadamente: { $error }
playground-no-file = Não há arquivo em { $typed } ({ $path }).
playground-no-image = { $command } não aceita imagem; --image é para /edit e /video.
# /help of a command that takes images: what --image PATH does. $max: how many files it takes.
playground-help-image = { $max ->
        [1] um arquivo de imagem local enviado com o comando
       *[other] um arquivo de imagem local enviado com o comando; repita para até { $max } arquivos
    }
playground-help-quit = /quit   sair do playground (ou Ctrl-C)
# A job's progress while its command waits. $position: its place in the queue.
playground-queued = na fila (posição { $position })…
playground-working = trabalhando…
playground-failed = Isso não funcionou.
playground-file-saved = { $kind } { $mime }, { $size }: { $path }
playground-next = próximos passos:

# Vídeos ainda em andamento quando o playground para.
playground-videos-at-gateway = { $count ->
        [one] { $count } vídeo ainda está em andamento no gateway; o próximo início do playground vai entregá-lo (/jobs mostra).
       *[other] { $count } vídeos ainda estão em andamento no gateway; o próximo início do playground vai entregá-los (/jobs mostra).
    }
playground-video-cancelled = vídeo { $job } cancelado: o simulador embutido guarda as tarefas na memória, então não consegue terminar depois que o playground para. A reserva de { $held } foi liberada: nada foi cobrado.
playground-video-made = o vídeo { $job } já foi feito e cobrado ({ $state }). /job { $job } mostra na próxima vez.
playground-video-ended = o vídeo { $job } já terminou ({ $state }).

# Trabalhos que terminam depois, e caminhos de --image.
playground-progress = vídeo { $job }: { $state } { $percent }%
playground-video-ready = vídeo { $job } pronto ({ $facts }): { $path }
playground-answer = resposta { $job } ({ $cost }):
playground-result-saved = { $kind ->
        [ask] resposta
        [video] vídeo
       *[other] imagem
    } { $job }: { $path }
playground-image-unclosed = Falta a aspa de fechamento { $quote } no caminho depois de --image.
playground-image-missing = Informe um arquivo depois de --image, por exemplo --image ~/raposa.png
playground-end-image-alone = --end-image é o último quadro de um vídeo: informe também o primeiro com --image, por exemplo --image ~/inicio.png --end-image ~/fim.png

# O fim da entrada.
playground-waiting = { $count ->
        [one] esperando { $count } vídeo terminar (até mais { $left })
       *[other] esperando { $count } vídeos terminarem (até mais { $left })
    }
playground-demo = Nada na entrada padrão: rodando o roteiro de demonstração.
playground-demo-done = Pronto. Os resultados estão em { $dir }. Rode npm start em um terminal para usar o modo interativo.
playground-line-web = Páginas web: { $url } (digite /web para receber um link de acesso)
