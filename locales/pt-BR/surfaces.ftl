## Status lines and titles the chat surfaces show while a job runs and when a late result is posted.

# A request waiting for a free slot. $position: its place in the line.
status-queued = Na fila: posição { $position }…
status-working = Trabalhando nisso…
status-gateway-queued = { $ahead ->
        [0] Na fila — você é o próximo (o gateway está ocupado)…
        [one] Na fila — 1 na sua frente (o gateway está ocupado)…
       *[other] Na fila — { $ahead } na sua frente (o gateway está ocupado)…
    }
status-working-elapsed = Trabalhando nisso… { $elapsed }
status-starting-video = Iniciando o vídeo…
# A running video: "Vídeo j_abc (model): em andamento ▓▓░░ 40%". $state: a job-state text.
status-video = Vídeo { $job } ({ $model }): { $state } { $bar }
status-working-bar = Trabalhando… { $bar }
title-video-ready = Vídeo pronto
late-result-ready = { $kind ->
        [video] Seu vídeo está pronto.
        [answer] Sua resposta está pronta.
       *[image] Sua imagem está pronta.
    }
title-answer = Resposta
footer-job = Tarefa { $job }
# A result Telegram did not take at once: the bot posts it shortly.
status-handed-over = Seu resultado está pronto e já foi cobrado, mas o Telegram não o aceitou agora: o bot vai publicá-lo aqui em instantes.
button-expired = Este botão não funciona mais.
