## Las líneas propias del playground de terminal (la consola lee LANG). Comandos, flags y nombres de variables no se traducen.

# El cartel de inicio. El playground sangra sus líneas.
playground-title = playground de terminal de mediabot
playground-gateway-simulator = el simulador de pasarela INTEGRADO en { $url } (imágenes y vídeos de prueba, sin dinero real)
playground-gateway-real = la pasarela en { $url } (GATEWAY_BASE_URL, token del operador GATEWAY_TOKEN: cargos reales)
playground-line-gateway = pasarela:     { $gateway }
playground-line-budget = presupuesto:  { $allowance }
playground-line-you = tú:           { $name } (id { $id }), el admin aquí; en /budget y /usage escribe me para referirte a ti
playground-line-outputs = resultados:   { $dir } (OUTPUT_DIR)   base de datos: { $database }
playground-setup =
    Para usar el bot de verdad, define DISCORD_TOKEN + DISCORD_APPLICATION_ID y/o TELEGRAM_BOT_TOKEN, BOT_ENCRYPTION_KEY
    (npm run keygen) y GATEWAY_BASE_URL en .env (mira .env.example) y vuelve a ejecutar npm start.
playground-interactive = Escribe /help para ver los comandos; /quit o Ctrl-C para salir.
playground-stdin = Leyendo comandos de la entrada estándar.
playground-allowance = te quedan { $left } de { $limit } { $per } (/budget default <amount> lo cambia)
playground-allowance-none = sin límite para ti
playground-allowance-blocked = bloqueado en el playground (/budget unblock local)

# Respuestas a una línea escrita.
playground-slash = Los comandos empiezan con una barra, por ejemplo /imagine un zorro rojo. Escribe /help para ver la lista.
playground-no-token = { $command } no está disponible en el playground: aquí se paga con el token del simulador integrado (o GATEWAY_TOKEN), así que no hay ningún token de pasarela que vincular.
playground-unexpected = { $command } falló de forma inesperada: { $error }
playground-no-file = No hay ningún archivo en { $typed } ({ $path }).
playground-no-image = { $command } no admite imágenes; --image es para /edit y /video.
# /help of a command that takes images: what --image PATH does. $max: how many files it takes.
playground-help-image = { $max ->
        [1] un archivo de imagen local que se envía con el comando
       *[other] un archivo de imagen local que se envía con el comando; repítelo para hasta { $max } archivos
    }
playground-help-quit = /quit   salir del playground (o Ctrl-C)
# A job's progress while its command waits. $position: its place in the queue.
playground-queued = en cola (posición { $position })…
playground-working = trabajando…
playground-failed = Eso no funcionó.
playground-file-saved = { $kind } { $mime }, { $size }: { $path }
playground-next = siguiente:

# Vídeos que siguen en marcha cuando el playground se detiene.
playground-videos-at-gateway = { $count ->
        [one] { $count } vídeo sigue en marcha en la pasarela; el próximo inicio del playground lo entregará (/jobs lo muestra).
       *[other] { $count } vídeos siguen en marcha en la pasarela; el próximo inicio del playground los entregará (/jobs los muestra).
    }
playground-video-cancelled = vídeo { $job } cancelado: el simulador integrado guarda sus tareas en memoria, así que no puede terminarlo después de que el playground se detenga. Se liberó su reserva de { $held }: no se cobró nada.
playground-video-made = el vídeo { $job } ya está hecho y cobrado ({ $state }). /job { $job } lo muestra la próxima vez.
playground-video-ended = el vídeo { $job } ya terminó ({ $state }).

# Trabajos que terminan más tarde, y rutas de --image.
playground-progress = vídeo { $job }: { $state } { $percent } %
playground-video-ready = vídeo { $job } listo ({ $facts }): { $path }
playground-answer = respuesta { $job } ({ $cost }):
playground-result-saved = { $kind ->
        [ask] respuesta
        [video] vídeo
       *[other] imagen
    } { $job }: { $path }
playground-image-unclosed = A la ruta después de --image le falta la comilla de cierre { $quote }.
playground-image-missing = Indica un archivo después de --image, por ejemplo --image ~/zorro.png
playground-end-image-alone = --end-image es el último fotograma de un video: indica también el primero con --image, por ejemplo --image ~/inicio.png --end-image ~/fin.png

# El final de la entrada.
playground-waiting = { $count ->
        [one] esperando a que termine { $count } vídeo (hasta { $left } más)
       *[other] esperando a que terminen { $count } vídeos (hasta { $left } más)
    }
playground-demo = No hay nada en la entrada estándar: se ejecuta el guion de demostración.
playground-demo-done = Listo. Los resultados están en { $dir }. Ejecuta npm start en una terminal para usar el modo interactivo.
playground-line-web = Páginas web: { $url } (escribe /web para obtener un enlace de acceso)
