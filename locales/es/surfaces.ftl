## Líneas de estado y títulos que muestran los chats mientras corre un trabajo y cuando se publica un resultado tardío.

# Una solicitud que espera un hueco libre. $position: su lugar en la fila.
status-queued = En la fila: puesto { $position }…
status-working = Trabajando en ello…
status-gateway-queued = { $ahead ->
        [0] En cola: eres el siguiente (la pasarela está ocupada)…
        [one] En cola: 1 por delante de ti (la pasarela está ocupada)…
       *[other] En cola: { $ahead } por delante de ti (la pasarela está ocupada)…
    }
status-working-elapsed = Trabajando en ello… { $elapsed }
status-starting-video = Iniciando el video…
# Un video en curso: "Video j_abc (modelo): en curso ▓▓░░ 40%". $state: un texto de estado del trabajo.
status-video = Video { $job } ({ $model }): { $state } { $bar }
status-working-bar = Trabajando… { $bar }
title-video-ready = Video listo
late-result-ready = { $kind ->
        [video] Tu video está listo.
        [answer] Tu respuesta está lista.
       *[image] Tu imagen está lista.
    }
title-answer = Respuesta
footer-job = Trabajo { $job }
# Un resultado que Telegram no aceptó al momento: el bot lo publica en breve.
status-handed-over = Tu resultado está listo y ya se cobró, pero Telegram no lo aceptó en este momento: el bot lo publicará aquí en breve.
button-expired = Este botón ya no funciona.
