## Fallos: lo que lee un miembro cuando algo no funcionó.
## Cada mensaje es el cuerpo; su atributo `.title` es el encabezado corto (título de un embed, primera línea en negrita).
## Los marcadores llevan texto ya formateado para el idioma del lector: $cost, $left y otros importes son dinero
## ("$0.79"), $when es un momento ("mañana a las 00:00 CET (en 8 h)"), $wait una duración ("35 min"), $size un tamaño
## de archivo ("8 MB"). Los comandos ($balance, $models, $setupToken…) van escritos como los escribe la app del miembro
## ("/setup token" en Discord, "/setup" en Telegram): se dejan tal cual. Lo que escribió el usuario ($model, $name,
## $given) llega ya entre comillas ('así') y recortado a una línea.

# Se añade tras el texto de un fallo: el código de soporte de este fallo, explicado una vez.
failure-ref = Referencia { $ref }: si le pides ayuda a un admin, dale este código.
# The same line for an admin, who can read the detail. $job: how the /job command is written here.
failure-ref-admin = Referencia { $ref }: { $job } { $ref } muestra qué salió mal.

# /job <ref>: a qué corresponde una referencia de error. El resultado es de nuevo el propio texto del error.
ref-title = Referencia { $ref }
ref-field-shown = Mostrado
# $when: el momento en que se mostró; $surface: dónde (discord, telegram, console).
ref-shown = { $when } en { $surface }
# Solo para admins: el código del error, a quién se le mostró y el detalle que registró el bot (técnico, sin secretos).
ref-field-code = Código
ref-field-shown-to = Mostrado a
ref-unknown-user = desconocido
ref-detail = Detalle registrado: { $detail }

# Qué pasó con el dinero; se añade al texto del fallo cuando había un trabajo de pago de por medio.
money-refunded = La pasarela lo reembolsó y se liberó tu reserva: no se cobró nada.
money-released = Se liberó tu reserva: no se cobró nada.
money-charged = El resultado se creó, así que se cobró.
money-none = No se cobró nada.

# $when: el momento de la renovación ("mañana a las 00:00 CET (en 8 h)", en la zona de la comunidad), o "never".
failure-budget-exhausted = Esto costaría { $cost }, pero te quedan { $left }. { $when ->
        [never] Tu asignación no se renueva automáticamente; un admin puede aumentarla.
       *[other] Tu asignación se renueva { $when }.
    } Consulta { $balance }.
    .title = No te queda presupuesto suficiente
failure-pool-exhausted = Esto costaría { $cost }, pero a la comunidad le quedan { $left }. { $when ->
        [never] La asignación de la comunidad no se renueva automáticamente; un admin puede aumentarla.
       *[other] La asignación de la comunidad se renueva { $when }.
    } Consulta { $balance }.
    .title = Se agotó el presupuesto de la comunidad
# $when: "never", o el momento de la renovación (siempre en UTC para este límite de todo el operador).
failure-person-cap-exhausted = Esto cuesta { $cost } y te quedan { $left } del límite por persona del operador del bot, que suma tu uso en todas las comunidades que usan el token del operador. { $when ->
        [never] No se renueva automáticamente.
       *[other] Se renueva { $when }.
    } Una comunidad que vincula su propio token de la pasarela no está sujeta a este límite.
    .title = Alcanzaste tu límite personal
failure-blocked = Un admin te bloqueó el uso del bot aquí. Si crees que es un error, habla con un admin.
    .title = Sin permiso
# $admin: "yes" cuando quien lee es admin, "private" en un chat privado (donde no funciona ningún comando de admin).
failure-no-token = { $admin ->
        [yes] Aquí todavía no hay ningún token de la pasarela vinculado. Como admin, puedes vincular uno con { $setupToken }; los miembros también pueden vincular el suyo con { $tokenLink }.
        [private] Todavía no tienes ningún token de la pasarela vinculado. Vincula el tuyo con { $tokenLink } (solo lo usas tú); en una comunidad, sus admins pueden vincular uno para todos con { $setupToken }.
       *[no] Aquí todavía no hay ningún token de la pasarela vinculado. Un admin puede vincular uno con { $setupToken }; también puedes vincular el tuyo con { $tokenLink }.
    }
    .title = Sin token de la pasarela
# $source: de quién es el token que rechazó la pasarela.
failure-token-rejected = { $source ->
        [personal] La pasarela rechazó tu token personal (puede que sea incorrecto, haya caducado o se haya revocado). Vincula uno nuevo con { $tokenLink }.
        [scope] La pasarela rechazó el token de esta comunidad (puede que sea incorrecto, haya caducado o se haya revocado). Un admin puede vincular uno nuevo con { $setupToken }.
       *[operator] La pasarela rechazó el token propio del bot. El operador del bot tiene que reemplazarlo; puedes vincular el tuyo con { $tokenLink }.
    }
    .title = Token de la pasarela rechazado
failure-no-channel = { $model } no está disponible para el grupo de este token: la pasarela tiene el modelo, pero el grupo al que pertenece este token no tiene acceso a él. Elige otro modelo de { $models }; un admin puede pedir al dueño de la pasarela que añada el modelo al grupo del token, o vincular un token cuyo grupo lo incluya.
    .title = Modelo no disponible para este token
# $suggestion: el id de modelo más parecido, o "none".
failure-model-unknown = { $suggestion ->
        [none] No hay ningún modelo llamado { $model }. Consulta la lista en { $models }.
       *[other] No hay ningún modelo llamado { $model }. ¿Quisiste decir { $suggestion }? Consulta { $models }.
    }
    .title = Modelo desconocido
failure-model-not-on-sale = El modelo { $model } no está a la venta en este momento. Elige otro de { $models }.
    .title = Modelo fuera de venta
# $modelId: el id del modelo sin comillas, tal como lo escribe un admin después de $pricesSet.
failure-model-unpriced = { $model } todavía no tiene precio (la pasarela no publica ninguno y ningún admin lo fijó), así que el bot no puede mantenerlo dentro de un presupuesto. { $admin ->
        [yes] Como admin, puedes fijar uno con { $pricesSet } { $modelId } <usd>.
        [private] Los admins de una comunidad fijan precios con { $pricesSet } en la comunidad; aquí, elige otro modelo de { $models }.
       *[no] Un admin puede fijar uno con { $pricesSet }; mientras tanto, elige otro modelo de { $models }.
    }
    .title = Modelo aún sin precio
# $variable: el nombre de una variable de configuración (DEFAULT_IMAGE_MODEL…), se deja tal cual. $suggestions: una lista, o "none".
failure-default-model-missing = El modelo predeterminado del bot ({ $variable }={ $model }) no figura en la lista de esta pasarela{ $suggestions ->
        [none] {""}
       *[other] ; los más parecidos de la lista: { $suggestions }
    }. Elige un modelo con la opción model y pide al operador del bot que corrija { $variable }.
    .title = Modelo predeterminado no disponible
# $kind: image, video o text.
failure-no-default-model = Este token no da acceso a ningún modelo de { $kind ->
        [image] imagen
        [video] video
       *[text] texto
    } con precio, así que no hay modelo predeterminado. Consulta { $models }; { $admin ->
        [yes] como admin, puedes fijar un precio con { $pricesSet } <model> <usd>.
        [private] los admins de una comunidad fijan precios con { $pricesSet } en la comunidad, no en un chat privado.
       *[no] un admin puede fijarle precio a alguno.
    }
    .title = No hay ningún modelo que usar
# $what: lo que la pasarela no ofrece.
failure-not-offered = Esta pasarela no ofrece { $what ->
        [edit] edición de imágenes
        [video] generación de video
        [remix] { $model ->
            [none] remix de videos
           *[other] remix de videos hechos con { $model }
        }
        [upscale] versiones más grandes de imágenes de { $model }
        [image] generación de imágenes
        [text] modelos de texto
        [models] una lista de modelos
       *[balance] una página de saldo para los tokens
    }. Pregunta al operador del bot si hay otra pasarela u otro token disponible.
    .title = Esta pasarela no lo ofrece
# GATEWAY_BASE_URL es una variable de configuración: se deja tal cual.
failure-gateway-misconfigured = La pasarela respondió con una redirección a una página web en lugar de la API. El operador del bot debe configurar GATEWAY_BASE_URL con la raíz de la API de la pasarela (la dirección que sirve /v1/models).
    .title = Dirección de la pasarela mal configurada
failure-model-wrong-kind = { $model } no es { $expected ->
        [image] un modelo de imagen. Consulta { $models } para ver los modelos de imagen.
        [video] un modelo de video. Consulta { $models } para ver los modelos de video.
       *[text] un modelo de texto. Consulta { $models } para ver los modelos de texto.
    }
    .title = Tipo de modelo incorrecto
failure-option-unsupported = { $offered ->
        [none] { $model } no admite --{ $option }.
       *[other] { $model } no ofrece --{ $option } { $value }; ofrece { $offered }.
    } { $all ->
        [none] No admite ninguna de las opciones adicionales.
       *[other] Lo que admite: { $all }.
    }
    .title = Opción no disponible
failure-quota-exhausted = { $source ->
        [personal] La cuenta de la pasarela de tu propio token se quedó sin crédito. Recárgala en la pasarela o desvincula el token con { $tokenUnlink } para usar el de la comunidad.
        [operator] La cuenta de la pasarela del token propio del bot se quedó sin crédito. El operador del bot tiene que recargarla; ya se avisó a los admins.
       *[scope] La cuenta de la pasarela del token de esta comunidad se quedó sin crédito. Un admin tiene que recargarla en la pasarela; ya se avisó a los admins.
    }
    .title = Saldo de la pasarela agotado
failure-forbidden-model = Este token no tiene permiso para usar { $model }. Elige otro modelo de { $models }.
    .title = Modelo no permitido para este token
failure-content-refused = El filtro de seguridad de la pasarela rechazó esta solicitud. Prueba a reformular el prompt o a usar otras imágenes.
    .title = Solicitud rechazada
# $header: el nombre de la cabecera que pidió la pasarela (x-…), o "provider" si no nombró ninguna. GATEWAY_BASE_URL: se deja tal cual.
failure-gateway-needs-header = La pasarela rechazó esta solicitud porque espera { $header ->
        [provider] que se indique un proveedor
       *[other] la cabecera { $header }
    }, que un cliente normal compatible con OpenAI no envía. El operador del bot debe configurar la pasarela para que enrute las solicitudes sin ella (consulta la documentación de la pasarela) o apuntar GATEWAY_BASE_URL a una dirección que lo haga.
    .title = La pasarela necesita su propia configuración
failure-content-refused-fee = { $source ->
        [personal] La pasarela rechazó este prompt por sus normas de uso y puede haber cobrado a tu token una multa por infracción; el importe solo aparece en el registro de ese token en la pasarela. Este bot no te cobró nada: tu reserva se liberó. Prueba con otro prompt.
        [scope] La pasarela rechazó este prompt por sus normas de uso y puede haber cobrado al token de la comunidad una multa por infracción; el importe solo aparece en el registro de ese token en la pasarela. Este bot no te cobró nada: tu reserva se liberó. Prueba con otro prompt.
       *[operator] La pasarela rechazó este prompt por sus normas de uso y puede haber cobrado al token del bot una multa por infracción; el importe solo aparece en el registro de ese token en la pasarela. Este bot no te cobró nada: tu reserva se liberó. Prueba con otro prompt.
    }
    .title = Prompt rechazado
failure-gateway-refused = La pasarela rechazó esta solicitud{ $status ->
        [none] {""}
       *[other] {" "}(HTTP { $status })
    }{ $reason ->
        [none] .
       *[other] : { $reason }.
    } Prueba con otros ajustes u otro modelo.
    .title = Rechazada por la pasarela
failure-attachment-missing = Esto necesita al menos una imagen de referencia. Adjunta una y vuelve a intentarlo.
    .title = Falta una imagen
failure-attachment-too-many = Adjuntaste { $got } imágenes; se pueden usar como máximo { $max }. Quita algunas y vuelve a intentarlo.
    .title = Demasiadas imágenes
failure-attachment-too-large = { $name } pesa { $got }; cada imagen puede pesar como máximo { $max }. Prueba con una versión más pequeña o comprimida.
    .title = Imagen demasiado grande
failure-attachment-empty = { $name } está vacío (0 bytes). Vuelve a adjuntar la imagen.
    .title = Archivo vacío
# $detected: "gif", "none" (desconocido) o un tipo de archivo como "pdf", "text", "animated gif" (sin traducir).
# $vowel: "yes" cuando $detected empieza por vocal (solo para el artículo inglés; en español no cambia nada).
failure-attachment-not-image = { $detected ->
        [gif] { $name } es un GIF, y los modelos de imagen no lo aceptan. Usa una imagen PNG, JPEG o WebP (una captura de pantalla sirve).
        [damaged] { $name } es una imagen dañada o incompleta (quizá se cortó al enviarla o guardarla), así que no se envió a la pasarela. Vuelve a enviarla, o guárdala de nuevo como imagen PNG, JPEG o WebP.
        [none] { $name } no es una imagen que la pasarela pueda leer. Usa una imagen PNG, JPEG o WebP.
       *[other] { $name } parece un archivo { $detected }{ $vowel ->
           *[other] {""}
        }, no una imagen fija. Usa una imagen PNG, JPEG o WebP.
    }
    .title = No es una imagen utilizable
failure-attachment-too-many-pixels = La imagen mide { $width }x{ $height } píxeles; se aceptan como máximo { $max } píxeles. Redúcela y vuelve a intentarlo.
    .title = Imagen demasiado grande
# $limit: el límite de descarga de la plataforma ("20 MB"), o "none" si no se conoce.
failure-attachment-download-failed = { $reason ->
        [too_big_for_platform] { $limit ->
            [none] El archivo es demasiado grande para que el bot lo descargue aquí. Envía un archivo más pequeño.
           *[other] El archivo es demasiado grande para que el bot lo descargue aquí (el límite es { $limit }). Envía un archivo más pequeño.
        }
        [expired] El enlace del adjunto caducó. Vuelve a enviar el archivo.
       *[network] No se pudo descargar el adjunto (problema de red). Vuelve a intentarlo en un momento.
    }
    .title = No se pudo obtener el adjunto
failure-prompt-empty = Describe lo que quieres, por favor (el prompt está vacío).
    .title = Falta el prompt
# $reason: unreachable (the link's host does not resolve) or private (a private or local address).
failure-result-url-refused = { $reason ->
        [unreachable] La pasarela devolvió un enlace a la imagen al que este bot no puede llegar (su nombre de host no se resuelve), así que no se descargó nada. Un admin debería revisar dónde guarda la pasarela sus resultados.
       *[private] La pasarela respondió con un enlace a la imagen en una dirección de red privada o local, y de ahí nunca descargo nada. Un admin debería revisar dónde guarda la pasarela sus resultados.
    }
    .title = Resultado no descargado
failure-prompt-has-secret = Tu prompt contiene algo con forma de token de acceso (una clave de la pasarela o un token de bot), así que no lo usé ni lo guardé. Si es un token real, revócalo en su servicio; un token de la pasarela se vincula con { $tokenLink } en un chat privado.
    .title = Eso parece un token
failure-prompt-too-long = El prompt tiene { $got } caracteres; se aceptan como máximo { $max }. Acórtalo y vuelve a intentarlo.
    .title = Prompt demasiado largo
# $allowed: una frase como "cada lado de 64 a 1536 píxeles" (de los mensajes size-rule-*).
failure-bad-size = { $given } no es un tamaño que acepte este modelo: { $allowed }. También puedes elegir una relación de aspecto, como 16:9.
    .title = Tamaño no admitido
failure-bad-aspect = { $given } no es una relación de aspecto admitida. Usa una de estas: { $allowed }.
    .title = Relación de aspecto no admitida
failure-bad-duration = { $given } segundos no es posible: los videos duran de { $min } a { $max } segundos (segundos enteros).
    .title = Duración no admitida
failure-bad-count = { $given } no es posible: pide de 1 a { $max }.
    .title = Cantidad no admitida
# $message: la explicación de la gramática (de los mensajes grammar-*), o "none".
failure-bad-flag = { $message ->
        [none] No se entendió una de las opciones. Revisa el comando y vuelve a intentarlo.
       *[other] { $message }
    }
    .title = Opción no reconocida
# $wait: una duración, o "none" cuando la pasarela no lo indicó.
failure-gateway-busy = { $wait ->
        [none] La pasarela está ocupada en este momento. Vuelve a intentarlo en un minuto.
       *[other] La pasarela está ocupada en este momento. Vuelve a intentarlo en { $wait }.
    }
    .title = Pasarela ocupada
failure-gateway-busy-waited = La pasarela está ocupada en este momento: esta solicitud esperó { $waited } un hueco libre y la pasarela nunca la aceptó. Vuelve a intentarlo en unos minutos.
    .title = Pasarela ocupada
failure-gateway-down = No se pudo contactar con la pasarela o respondió con un error. Vuelve a intentarlo en unos minutos.
    .title = Pasarela no disponible
failure-gateway-timeout = La pasarela no respondió a tiempo. Vuelve a intentarlo en unos minutos.
    .title = La pasarela tarda demasiado
# $reason: el motivo breve de la propia pasarela (normalmente en inglés), o "none".
failure-task-failed-refunded = { $reason ->
        [none] No se pudo crear el video (la pasarela informó de un fallo).
       *[other] No se pudo crear el video ({ $reason }).
    }
    .title = Falló el video
failure-task-expired-released = El video no estuvo listo a tiempo, así que el bot dejó de esperarlo.
    .title = El video tardó demasiado
failure-job-interrupted = El bot se reinició mientras se iniciaba tu solicitud de { $kind ->
        [video] video
        [ask] pregunta
       *[image] imagen
    }, así que se descartó. Vuelve a enviarla, por favor.
    .title = Solicitud interrumpida
failure-result-delayed = El resultado de tu { $kind ->
        [video] video
        [ask] pregunta
       *[image] imagen
    } ya está hecho, pero el bot no pudo terminar de registrarlo ahora mismo. No hace falta que vuelvas a enviar la solicitud: se publicará aquí en breve, o se te dirá qué pasó con el resultado.
    .title = Resultado en camino
# $size: el tamaño del resultado, o "none" si no se conoce. $until: cuándo se borra el archivo guardado, o "never" si no se guarda.
failure-output-too-large = { $size ->
        [none] El resultado supera los { $limit } que acepta este chat.
       *[other] El resultado ({ $size }) supera los { $limit } que acepta este chat.
    }{ $until ->
        [never] {""}
       *[other] {" "}Todavía puedes obtenerlo con { $jobs } hasta { $until }.
    }
    .title = Resultado demasiado grande para enviarlo
# $noun: answer, image o video. $job: el id del trabajo, o "none". $get: cómo obtenerlo (failure-delivery-kept / -retry…).
failure-delivery-failed-charged = Tu { $noun ->
        [answer] respuesta
        [image] imagen
       *[video] video
    } se creó y se pagó, pero { $reason ->
        [download] el bot no pudo descargar el resultado de la pasarela
        [chat_gone] ya no se puede acceder al chat de destino
       *[upload] la subida a este chat falló una y otra vez
    }. { $get } Una solicitud nueva crearía y cobraría { $noun ->
        [answer] una segunda respuesta
        [image] una segunda imagen
       *[video] un segundo video
    }.
    .title = { $noun ->
        [answer] Respuesta creada pero no entregada
        [image] Imagen creada pero no entregada
       *[video] Video creado pero no entregado
    }
delivery-kept = Se guarda una copia: puedes obtenerla con { $jobCmd } { $job } hasta { $until }.
# $job: el id del trabajo, o "none" si no se conoce.
delivery-retry-download = Un admin puede reintentar la entrega { $job ->
        [none] de este trabajo
       *[other] del trabajo { $job }
    }: el bot vuelve a descargar el resultado de la pasarela, algo que funciona mientras la pasarela lo conserve.
delivery-retry = Un admin puede reintentar la entrega { $job ->
        [none] de este trabajo
       *[other] del trabajo { $job }
    }.
failure-result-not-delivered = Tu { $noun ->
        [answer] respuesta
        [image] imagen
       *[video] video
    } se creó, pero no se pudo publicar porque { $reason ->
        [too_large] supera lo que acepta este chat
        [chat_gone] no se pudo acceder a este chat
        [not_a_video] la pasarela envió un archivo que no es un vídeo reproducible
       *[files_gone] se perdió su archivo
    }. No se te cobró.
    .title = { $noun ->
        [answer] Respuesta no entregada
        [image] Imagen no entregada
       *[video] Video no entregado
    }
failure-cooldown = Podrás iniciar otra solicitud en { $wait }.
    .title = Más despacio
# $waiting: cuántas solicitudes hay por delante (0 cuando la fila simplemente está llena).
failure-queue-full = { $waiting ->
        [0] La fila de aquí está llena. Vuelve a intentarlo en unos minutos.
        [one] Ya hay { $waiting } solicitud esperando aquí. Vuelve a intentarlo en unos minutos.
       *[other] Ya hay { $waiting } solicitudes esperando aquí. Vuelve a intentarlo en unos minutos.
    }
    .title = Demasiadas solicitudes en espera
# El estado que comparten los procesos del bot (Redis) no está disponible; las solicitudes en curso siguen adelante.
failure-coordination-unavailable = El bot no puede iniciar solicitudes nuevas ahora mismo (no tiene acceso a sus límites compartidos). Vuelve a intentarlo en un momento; las solicitudes en curso no se ven afectadas y no se cobró nada.
    .title = Ocupado por un momento
failure-store-unavailable = El bot no puede acceder a su base de datos ahora mismo, así que no se pudo hacer. Vuelve a intentarlo en un momento.
    .title = Vuelve a intentarlo en un momento
failure-not-admin = Solo un admin de esta comunidad puede hacer eso.
    .title = Solo para admins
# $message: la explicación del lector de importes (mensajes money-error-*).
failure-bad-amount = { $message }
    .title = Importe no reconocido
failure-unknown-user = Aquí no se ha visto a nadie llamado { $given }, así que no se cambió nada. { $how }
    .title = Usuario desconocido
failure-job-not-found = Aquí no hay ningún trabajo { $id }. Consulta { $jobs } para ver los tuyos.
    .title = Trabajo no encontrado
failure-job-not-yours = Solo quien inició el trabajo { $id }, o un administrador, puede usar sus botones. Crea el tuyo con { $imagine }.
    .title = No es tu trabajo
failure-bad-timezone = { $given } no es el nombre de una zona horaria. Usa un nombre como America/Mexico_City, Europe/Madrid o UTC.
    .title = Zona horaria desconocida
failure-other-bot = Ese comando era para otro bot.
    .title = No es para este bot
# $suggestion: un comando tal como lo escribe el miembro, o "none".
failure-unknown-command = { $suggestion ->
        [none] No existe el comando { $given }. Consulta la lista con { $help }.
       *[other] No existe el comando { $given }. ¿Quisiste decir { $suggestion }? Consulta la lista con { $help }.
    }
    .title = Comando desconocido
# $usage: una o más líneas de uso ("none" cuando no hay); $name: el nombre del argumento que falta (un identificador).
failure-missing-argument = { $usage ->
        [none] Falta el argumento { $name }.
       *[other] Uso: { $usage }
        (falta el argumento { $name })
    }
    .title = Falta algo
failure-not-here = { $place ->
        [private] Esto solo funciona en un chat privado con el bot (así los secretos no llegan a los grupos).
       *[community] Esto solo funciona en una comunidad (un servidor o un grupo), no en un chat privado.
    }
    .title = No disponible aquí
failure-job-files-gone = { $what ->
        [references] Las imágenes de referencia del trabajo { $id } ya no se conservan, así que no se puede regenerar. Vuelve a ejecutar { $edit } con las imágenes.
       *[outputs] Los resultados del trabajo { $id } ya no se conservan, así que no se pueden reutilizar. Inicia una solicitud nueva.
    }
    .title = Los archivos ya no se conservan
failure-internal = Algo salió mal por nuestra parte. Vuelve a intentarlo; si sigue pasando, dale a un admin la referencia de abajo.
    .title = Algo salió mal
# Se usa cuando ni siquiera se pudo generar el texto del fallo.
failure-internal-short = Algo salió mal por nuestra parte. Vuelve a intentarlo.
# $available: los códigos disponibles, separados por comas.
failure-unknown-language = { $given } no es un idioma que yo hable. Elige uno de estos: { $available }.
    .title = Idioma desconocido
failure-unknown-setting = { $given } no es un ajuste. Los ajustes son: { $keys }. Mira los tuyos con { $settings }.
    .title = Ajuste desconocido
failure-bad-setting = { $given } no es un valor para { $key }. Admite: { $allowed }. No se cambió nada.
    .title = Valor no válido para este ajuste
failure-operator-cap-exhausted = Esto cuesta { $cost } y al presupuesto compartido del bot para hoy le quedan { $left }: el operador del bot limita lo que todas las comunidades juntas pueden gastar cada día con el token de pasarela propio del bot. Se restablece { $when }. Una comunidad que vincula su propio token de pasarela no está limitada por él.
    .title = El presupuesto del bot para hoy se agotó
# $place: private o community. $community: el id del chat para el operador (plataforma:id).
failure-operator-access-not-approved = { $place ->
        [private] Este chat privado no está aprobado para usar el token de pasarela propio del bot. Pide al propietario del bot que apruebe { $community }, o vincula tu propio token con { $tokenLink }.
       *[other] Esta comunidad no está aprobada para usar el token de pasarela propio del bot. Pide al propietario del bot que la apruebe (ejecuta { $approve } aquí, o aprueba { $community }). Un admin también puede vincular el token propio de la comunidad con { $setupToken }, o puedes vincular el tuyo con { $tokenLink }.
    }
    .title = Sin aprobación para el token del bot

failure-job-cancelled = Tu solicitud de { $kind ->
        [video] vídeo
        [ask] pregunta
       *[image] imagen
    } se canceló antes de que la pasarela empezara con ella.
    .title = Cancelado
failure-job-not-cancellable = { $reason ->
        [at_gateway] El trabajo { $id } ya no se puede cancelar: la pasarela ya está trabajando en él. Terminará y se cobrará como siempre (si falla, se libera su reserva). { $jobCmd } { $id } muestra cómo va.
        [not_owner] El trabajo { $id } es de otro miembro: solo esa persona o un administrador puede cancelarlo.
       *[finished] El trabajo { $id } ya terminó: no hay nada que cancelar.
    }
    .title = No cancelado
