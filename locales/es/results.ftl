## Resultados y vistas de trabajos: títulos, los campos nombre/valor bajo un resultado, botones y estados de trabajo.

# Botones (cortos: los botones de Discord y los teclados de Telegram muestran unos 20 caracteres con holgura).
action-reroll = Regenerar
action-edit = Editar
action-animate = Animar
action-remix = Remix
action-vary = Variar
action-upscale = Ampliar
action-vary-n = V{ $n }
action-upscale-n = A{ $n }
action-animate-last-frame = Animar desde el último fotograma
action-refresh = Actualizar
# Lo que se pide escribir al miembro después de pulsar Editar / Remix.
action-edit-input = ¿Qué quieres cambiar?
action-remix-input = ¿Qué debe mostrar la nueva versión?

# Nombres de los campos bajo un resultado o un trabajo.
field-model = Modelo
field-size = Tamaño
field-options = Opciones
field-cost = Costo
field-left = Disponible
field-job = Trabajo
field-duration = Duración
# /job of a finished video: the length asked for (the delivered file's own length is in its caption).
field-duration-requested = Duración pedida
field-status = Estado
field-created = Creado
field-tokens = Tokens
# $cost: dinero. Se muestra cuando la respuesta de la pasarela no trajo recuento de tokens.
field-cost-estimated = { $cost } (estimado: la pasarela no informó del número de tokens, así que el bot contó el texto)
field-held = Reservado hasta la entrega
field-ready-in = Listo
# Valores de los campos.
value-no-limit = sin límite
value-seconds = { $n } s
# A delivered video whose file plays for another length than was asked. $n: seconds in the file; $requested: asked.
value-seconds-delivered = { $n } s (se pidieron { $requested } s)

result-image-title = Imagen lista
# Algunas imágenes superan lo que acepta este chat. $count: cuántas; $limit un tamaño; $job el comando para obtenerlas luego.
result-images-too-large = { $count ->
        [one] 1 imagen supera el límite de subida de { $limit } de este chat; usa { $jobCmd } { $job } más tarde.
       *[other] { $count } imágenes superan el límite de subida de { $limit } de este chat; usa { $jobCmd } { $job } más tarde.
    }
result-images-partial = Se hicieron { $made } de { $requested } imágenes; solo se te cobran { $made }.
result-empty-answer = (respuesta vacía)

# Anuncio de un trabajo de video. $seconds: la duración, o 0 cuando la decide el modelo.
estimate-video = { $seconds ->
        [0] Creando un video con { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
       *[other] Creando un video de { $seconds } s con { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
    } Se reservan hasta { $cost }, que solo se cobran si el video se entrega{ $left ->
        [none] .
       *[other] ; después te quedarán { $left }.
    }{ $wait ->
        [none] {""}
       *[other] {" "}Suele tardar unos { $wait }.
    }
video-started-title = Video iniciado
remix-started-title = Remix iniciado
video-will-be-posted = Trabajo { $job }: el video se publicará aquí cuando esté listo.

jobs-title = Tus trabajos
jobs-none = Aún no tienes trabajos.
# Una línea de /jobs: "imagen · terminado · modelo · cobrado $0.04 · prompt". $money: qué pasó con su dinero (job-money).
jobs-line = { $kind } · { $state } · { $model } · { $money } · { $prompt }
job-title = { $kind } { $id }
job-files-too-large = { $count ->
        [one] 1 archivo de este trabajo supera el límite de subida de este chat.
       *[other] { $count } archivos de este trabajo superan el límite de subida de este chat.
    }

# Tipos de trabajo, tal como los lee un miembro.
job-kind = { $kind ->
        [imagine] imagen
        [edit] edición
        [video] video
       *[ask] respuesta
    }
# Estados de trabajo en palabras sencillas (lo que pasó con el dinero lo dice job-money, nunca este).
job-state = { $state ->
        [queued] en espera
        [working] en curso
        [delivering] publicándose
        [done] terminado
        [failed] falló
        [timed_out] tardó demasiado
        [interrupted] detenido
       *[not_delivered] creado, sin publicar
    }
# Qué pasó con el dinero de un trabajo. $amount: el importe de ese resultado. Nunca "reservado" para un trabajo cuyo dinero se liberó o se reembolsó.
job-money = { $outcome ->
        [held] reservado { $amount }
        [charged] cobrado { $amount }
        [charged_kept] cobrado { $amount }, resultado conservado
        [refunded] reembolsado { $amount }
       *[none] sin cargo
    }

## Palabras que añaden los propios chats.
# Archivos de una respuesta que superan el límite de subida del chat. $kind: image, video o file; $job: el comando para obtenerlos, o "none".
surface-over-limit = { $count } { $kind ->
        [image] { $count ->
            [one] imagen supera
           *[other] imágenes superan
        }
        [video] { $count ->
            [one] video supera
           *[other] videos superan
        }
       *[file] { $count ->
            [one] archivo supera
           *[other] archivos superan
        }
    } el límite de subida de { $limit } de este chat{ $job ->
        [none] .
       *[other] ; usa { $job } más tarde.
    }
# Un archivo demasiado grande para publicarlo. $job: el comando para obtenerlo luego, o "none".
surface-file-too-large = { $name } ({ $size }) es demasiado grande para publicarlo aquí.{ $job ->
        [none] {""}
       *[other] {" "}Se guarda durante un tiempo: { $job }.
    }

# La cola (/queue). Cancelar saca un trabajo de la fila antes de que la pasarela empiece con él.
action-cancel = Cancelar
action-cancel-job = Cancelar { $id }
queue-title = Tu cola
queue-title-all = Cola de esta comunidad
queue-none = No tienes trabajos en espera ni en curso aquí.
queue-none-all = No hay trabajos en espera ni en curso aquí.
queue-community = En esta comunidad: { $waiting } en espera, { $running } en curso.
queue-phase-queued = puesto { $position } en la fila
queue-phase-waiting = { $ahead ->
        [0] el siguiente para la pasarela (está ocupada)
        [one] 1 por delante para la pasarela (está ocupada)
       *[other] { $ahead } por delante para la pasarela (está ocupada)
    }
queue-phase-running = en preparación
queue-elapsed = { $elapsed } hasta ahora
queue-eta = faltan unos { $eta }
queue-eta-overdue = tarda más de lo habitual
queue-member = { $mine ->
        [yes] tú
       *[other] miembro { $user }
    }
queue-cancel-which = ¿Qué trabajo? Usa { $cmd } cancel <id del trabajo>; { $cmd } lista tus trabajos.
queue-cancelled-title = Cancelado
queue-cancelled = El trabajo { $id } ({ $kind }) salió de la fila antes de que la pasarela empezara con él. { $held ->
        [yes] Se liberó su reserva: no se cobró nada.
       *[other] No se cobró nada.
    }
