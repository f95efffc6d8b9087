## Descripciones y ayuda de los comandos. Los NOMBRES de comandos y opciones siguen siendo identificadores en inglés
## (se escriben tal cual); solo se traducen sus descripciones. Discord limita una descripción a 100 caracteres.
## Ids: cmd-<comando> (descripción; .help: el texto más largo de /help), cmd-<comando>-<subcomando>,
## cmd-<comando>[-<subcomando>]-opt-<opción>, y opt-<opción> para opciones que comparten varios comandos.

cmd-imagine = Crea una imagen a partir de una descripción
    .help = Crea una o más imágenes a partir de tu descripción. El costo se reserva primero y solo se cobran las imágenes entregadas. La calidad, el fondo y el formato de archivo solo se envían si el modelo los ofrece (la lista de modelos muestra lo que admite cada uno); el precio depende de ellos.
cmd-imagine-opt-prompt = Qué debe mostrar la imagen
opt-aspect = Relación de aspecto ancho:alto, p. ej., 16:9
opt-size = Tamaño exacto en píxeles (anchoxalto), p. ej., 1024x1024, o auto
opt-quality = Calidad de imagen, si el modelo la ofrece (low, medium, high, auto)
opt-background = Fondo, si el modelo lo ofrece (transparent, opaque, auto)
opt-format = Formato de archivo, si el modelo lo ofrece (png, jpeg, webp)
opt-resolution = Resolución del video, si el modelo la ofrece (p. ej., 720p, 1080p)
opt-audio = Sonido en el video, si el modelo lo ofrece (on u off)
opt-negative = Lo que el video no debe mostrar, si el modelo lo admite
cmd-imagine-opt-count = Cuántas imágenes (1-4)
cmd-edit = Modifica una imagen (o combina hasta tres) siguiendo tus instrucciones
    .help = Edita las imágenes que adjuntes (hasta tres) siguiendo tu instrucción, o los resultados de un trabajo anterior con --from. El costo se reserva primero y solo se cobra lo que se entrega.
cmd-edit-opt-prompt = Qué cambiar, en palabras sencillas
cmd-edit-opt-images = Las imágenes que quieres editar (hasta 3)
cmd-edit-opt-job = Editar en su lugar los resultados de este trabajo anterior
cmd-video = Crea un video corto a partir de una descripción, opcionalmente desde una imagen
    .help = Inicia un video corto a partir de tu descripción (adjunta una imagen para animarla). La estimación se reserva ahora y se cobra cuando se entrega el video; se publica aquí cuando está listo. Una segunda imagen es el último fotograma, en los modelos que lo admiten. La resolución, el sonido y un prompt negativo solo se envían si el modelo los ofrece; el precio depende de ellos.
cmd-video-opt-prompt = Qué debe mostrar el video
cmd-video-opt-seconds = Duración en segundos (4-15)
cmd-video-opt-image = Una imagen inicial; una segunda imagen es el último fotograma (si el modelo lo admite)
cmd-ask = Hazle una pregunta a un modelo de texto
    .help = Envía tu pregunta a un modelo de texto y publica la respuesta, con los tokens usados y lo que costó.
cmd-ask-opt-prompt = Tu pregunta o instrucción
cmd-balance = Muestra cuánto te queda de tu presupuesto
    .help = Muestra tu asignación aquí: lo que te queda, lo que gastaste y lo reservado para trabajos en curso, y cuándo se renueva. Añade chart para ver un gráfico de tu gasto en este periodo frente a tu asignación.
cmd-balance-opt-view = chart: añade un gráfico de tu gasto frente a tu asignación
cmd-jobs = Lista tus trabajos recientes y en curso
    .help = Lista tus diez trabajos más recientes aquí con su estado, modelo y costo. Usa /job <id> para ver uno de ellos.
cmd-job = Muestra un trabajo y su resultado
    .help = Muestra un trabajo: su estado, modelo, tamaño y costo, y vuelve a publicar los archivos de resultado mientras se conserven. Si le das la referencia con la que terminó un error, muestra qué salió mal (los admins ven el detalle registrado).
cmd-job-opt-job = El id que se mostró al iniciar el trabajo, o la referencia con la que terminó un error
cmd-models = Lista los modelos disponibles aquí y sus precios
    .help = Lista los modelos a los que da acceso el token de la pasarela usado aquí, con sus precios y de dónde sale cada uno, el modelo predeterminado de cada tipo y cómo se eligen los precios. Indica un tipo para ver solo los modelos de imagen, video o texto.
cmd-models-opt-kind = Solo los modelos de este tipo
cmd-budget = Gestiona los límites de gasto de esta comunidad
    .help = Define cuánto pueden gastar los miembros (importes en dólares estadounidenses; periodos day, week, month o total). Un miembro es un @usuario, una mención o un id; donde se puede responder a mensajes, también puedes responder a uno suyo.
cmd-budget-default = Fija el límite que recibe cada miembro
cmd-budget-default-opt-amount = Límite por miembro en dólares estadounidenses, p. ej., 5 o 2.50 (none: sin límite)
cmd-budget-default-opt-period = Cada cuánto se renueva: day, week, month o total (por defecto: el periodo actual)
cmd-budget-set = Fija el límite propio de un miembro
cmd-budget-set-opt-user = El miembro
cmd-budget-set-opt-amount = Límite en dólares estadounidenses, p. ej., 10 (none: sin límite)
cmd-budget-set-opt-period = Cada cuánto se renueva: day, week, month o total (por defecto: el periodo predeterminado)
cmd-budget-clear = Quita el límite propio de un miembro (vuelve al predeterminado)
cmd-budget-clear-opt-user = El miembro
cmd-budget-pool = Fija un límite compartido para toda la comunidad
cmd-budget-pool-opt-amount = Límite de toda la comunidad en dólares estadounidenses (none: quitarlo)
cmd-budget-pool-opt-period = Cada cuánto se renueva: day, week, month o total (por defecto: month)
cmd-budget-block = Impide que un miembro use el bot aquí
cmd-budget-block-opt-user = El miembro
cmd-budget-unblock = Permite que un miembro bloqueado vuelva a usar el bot
cmd-budget-unblock-opt-user = El miembro
cmd-budget-adjust = Da o retira parte del gasto de un miembro en este periodo
cmd-budget-adjust-opt-user = El miembro
cmd-budget-adjust-opt-amount = Dólares; positivo da más margen, negativo lo retira, p. ej., -1.50
cmd-budget-adjust-opt-note = Motivo (queda en el registro de auditoría)
cmd-budget-show = Muestra los límites y el gasto
cmd-budget-show-opt-user = Un miembro (por defecto: toda la comunidad)
cmd-usage = Muestra quién gastó qué en esta comunidad
    .help = Informa del gasto por miembro en un periodo (por defecto: el mes en curso), con el informe completo en un archivo CSV. Añade chart para ver un gráfico del gasto por día, apilado por miembro.
cmd-usage-opt-period = Qué periodo (por defecto: el mes en curso)
cmd-usage-opt-view = chart: añade un gráfico del gasto por día y por miembro
cmd-usage-opt-user = Solo este miembro
cmd-setup = Conecta esta comunidad a la pasarela de medios
    .help = Vincula el token de la pasarela de esta comunidad (se pide en privado; solo se muestran sus 4 últimos caracteres), lo muestra o lo quita, y fija la zona horaria para las renovaciones diarias, semanales y mensuales.
cmd-setup-token = Fija el token de la pasarela de la comunidad (se pide en privado)
opt-token = El token de la pasarela (se envía en privado, nunca se muestra)
cmd-setup-show = Muestra la configuración actual (el token nunca se muestra)
cmd-setup-unlink = Quita el token de la pasarela de la comunidad
cmd-setup-timezone = Fija la zona horaria de las renovaciones diarias, semanales y mensuales
cmd-setup-timezone-opt-tz = Una zona horaria IANA, p. ej., America/Mexico_City
cmd-prices = Fija los precios y tipos de modelos de esta comunidad
    .help = Fija el precio propio de esta comunidad para un modelo (en dólares estadounidenses por imagen, por segundo de video o por cada 1000 tokens de texto; tiene prioridad sobre los precios del operador y de la pasarela), lo quita, los lista o corrige de qué tipo es un modelo. Cada cambio queda en el registro de auditoría.
cmd-prices-opt-model = El id exacto del modelo, tal como aparece en /models
cmd-prices-list = Muestra los precios y tipos que fijaron los admins aquí
cmd-prices-set = Fija el precio de un modelo en esta comunidad (prioridad sobre cualquier otro)
cmd-prices-set-opt-usd = Dólares estadounidenses por unidad, p. ej., 0.04
cmd-prices-set-opt-per = La unidad (por defecto: según el tipo del modelo)
cmd-prices-clear = Quita el precio de admin de un modelo (vuelve al del operador o la pasarela)
cmd-prices-kind = Corrige aquí el tipo de un modelo (auto olvida la corrección)
cmd-prices-kind-opt-kind = Qué crea el modelo
cmd-token = Usa tu propio token de la pasarela
    .help = Vincula tu propio token de la pasarela (se pide en privado; solo se muestran sus 4 últimos caracteres) para que tus solicitudes se paguen con él, o lo olvida.
cmd-token-link = Vincula tu propio token de la pasarela (se pide en privado)
cmd-token-unlink = Olvida tu token de la pasarela
cmd-reroll = Repite un trabajo anterior con la misma solicitud
    .help = Vuelve a ejecutar un trabajo anterior: el mismo prompt, modelo y tamaño (una edición reutiliza sus imágenes de referencia guardadas). Se cobra como una solicitud nueva.
cmd-reroll-opt-job = El trabajo que quieres repetir
cmd-animate = Crea un video a partir de la imagen de un trabajo anterior
    .help = Inicia un video a partir de la primera imagen de un trabajo anterior, con el prompt de ese trabajo. La estimación se reserva ahora y se cobra cuando se entrega el video.
cmd-animate-opt-job = El trabajo de imagen que quieres animar
cmd-remix = Crea una nueva versión de un video anterior con un prompt nuevo
    .help = Hace un remix de un video anterior de este chat: la pasarela crea un video nuevo a partir de él siguiendo tu nuevo prompt. La estimación se reserva ahora y se cobra cuando se entrega el video, como en un video nuevo.
cmd-remix-opt-job = El trabajo de video al que hacer remix
cmd-remix-opt-prompt = Qué debe mostrar la nueva versión
cmd-vary = Crea una variación de una imagen de un trabajo anterior
    .help = Crea una variación de una imagen de un trabajo anterior (los botones V): una edición de esa imagen con el mismo prompt y modelo. Solo quien hizo el trabajo, o un administrador, puede usarlo; se reserva y se cobra como una edición nueva.
cmd-vary-opt-job = El trabajo de imagen que quieres variar
cmd-vary-opt-image = Cuál de sus imágenes (de 1 a 4; por defecto 1)
cmd-upscale = Crea una versión más grande de una imagen de un trabajo anterior
    .help = Rehace una imagen de un trabajo anterior en el siguiente tamaño mayor del modelo (los botones A), con el mismo prompt. Solo quien hizo el trabajo, o un administrador, puede usarlo; se reserva y se cobra como una edición nueva.
cmd-upscale-opt-job = El trabajo de imagen que quieres ampliar
cmd-upscale-opt-image = Cuál de sus imágenes (de 1 a 4; por defecto 1)
cmd-remix-opt-seconds = Duración en segundos (4-15; por defecto: la del video anterior)
cmd-help = Cómo usar este bot
    .help = Lista los comandos que puedes usar aquí, o explica uno: sus opciones y ejemplos.
cmd-help-opt-command = Un comando que explicar, p. ej., imagine

# $kind: image, video o text.
opt-model = Qué modelo de { $kind ->
        [image] imagen
        [video] video
       *[text] texto
    } usar (por defecto: el configurado)

# Opciones de la unidad de /prices set y de /prices kind.
choice-per-image = por imagen
choice-per-second = por segundo de video
choice-per-1k = por cada 1000 tokens de texto
choice-kind-image = imagen
choice-kind-video = video
choice-kind-text = texto
choice-kind-auto = auto (olvidar la corrección)
choice-view-chart = gráfico
choice-view-numbers = números
choice-on = activar
choice-off = desactivar
choice-where-here = aquí
choice-where-everywhere = en todas partes
choice-queue-cancel = cancelar

cmd-language = Elige el idioma en el que te hablo
    .help = Muestra el idioma que uso contigo y los disponibles, o fija el tuyo (tiene prioridad sobre el predeterminado de esta comunidad y el idioma de tu app). "reset" vuelve al predeterminado.
cmd-language-opt-code = Un código de idioma como en, es, pt-BR, zh-CN, ru o ja; reset para el predeterminado
cmd-setup-language = Fija el idioma predeterminado de esta comunidad
cmd-setup-language-opt-code = Un código de idioma como en, es, pt-BR, zh-CN, ru o ja; reset para quitarlo
cmd-settings = Tus valores: modelos, proporción, segundos, calidad, imágenes, idioma, resultados privados
    .help = Muestra tus ajustes y de dónde viene cada uno, o cambia uno: /settings aspect 16:9 (esta comunidad), /settings image_model <modelo> everywhere (todas las comunidades), /settings aspect reset. Una opción escrita en un comando siempre tiene prioridad; una respuesta que usó un ajuste lo indica. Claves: image_model, video_model, text_model, aspect, seconds, quality, n, language, private.
cmd-settings-opt-key = Qué ajuste (image_model, video_model, text_model, aspect, seconds, n…)
cmd-settings-opt-value = Su valor (un id de modelo, 16:9, 8, high, 2, es, on…) o reset
cmd-settings-opt-where = here (esta comunidad, por defecto) o everywhere (todas las comunidades)
cmd-setup-defaults = Valores predeterminados de la comunidad (modelos, proporción, segundos, calidad, imágenes)
cmd-approve = Permite a esta comunidad usar el token de pasarela del bot (propietarios)
    .help = Con OPERATOR_TOKEN_ACCESS=approved, solo las comunidades aprobadas por un propietario ejecutan trabajos con el token de pasarela propio del bot. /approve aprueba esta; /approve off retira la aprobación. Una comunidad con su propio token no la necesita.
cmd-approve-opt-state = on (por defecto) para aprobar, off para retirar la aprobación
cmd-queue = Ver la cola: tus trabajos en espera y en curso
    .help = Muestra tus trabajos de aquí que esperan en la fila o se están haciendo, con su puesto en la fila, cuánto llevan y, en los vídeos, cuánto falta aproximadamente, y cuántos trabajos de la comunidad esperan y están en curso. Los administradores ven los trabajos de todos. /queue cancel <trabajo> saca un trabajo de la fila antes de que la pasarela empiece con él: se libera su reserva y no se cobra nada. Un trabajo con el que la pasarela ya trabaja no se puede cancelar.
cmd-queue-opt-action = cancel: saca uno de tus trabajos de la fila
cmd-queue-opt-job = El id del trabajo (como lo muestra /queue)
cmd-web = Recibe un enlace privado para ver tus resultados en la web
    .help = Responde en privado con un enlace de acceso válido 10 minutos y de un solo uso. Abre tu galería, tu saldo y, para los administradores, la página de presupuestos de esta comunidad.
