# Las páginas web de administración (src/web/admin-pages.ts) y las tablas de los gráficos web (src/web/charts.ts).
web-admin-nav = Páginas de administración
web-admin-nav-budgets = Presupuestos
web-admin-nav-usage = Uso
web-admin-nav-prices = Precios
web-admin-nav-rules = Reglas
web-admin-nav-queue = Cola
web-admin-nav-refs = Referencias de fallos
web-admin-nav-audit = Registro de auditoría
web-admin-usage-title = Uso en { $community }
web-admin-prices-title = Precios en { $community }
web-admin-rules-title = Reglas en { $community }
web-admin-queue-title = Cola en { $community }
web-admin-refs-title = Referencias de fallos en { $community }
web-admin-audit-title = Registro de auditoría de { $community }
web-admin-period-word = { $period ->
    [day] Hoy
    [week] Esta semana
    [month] Este mes
   *[total] Desde siempre
}
web-admin-period-every = { $period ->
    [day] Por día
    [week] Por semana
    [month] Por mes
   *[total] En total
}
web-admin-allowance = { $amount } por { $period ->
    [day] día
    [week] semana
    [month] mes
   *[total] todo el tiempo
}
web-admin-unlimited = sin límite
web-admin-show-period = Periodo mostrado
web-admin-show = Mostrar
web-admin-csv = Descargar como CSV
web-admin-by-member = Por miembro
web-admin-by-model = Por modelo
web-admin-by-day = Por día
web-admin-col-day = Día
web-admin-col-when = Cuándo
web-admin-col-total = Total
web-admin-col-member = Miembro
web-admin-col-model = Modelo
web-admin-col-jobs = Trabajos
web-admin-col-images = Imágenes
web-admin-col-seconds = Segundos de vídeo
web-admin-col-tokens = Tokens
web-admin-col-spent = Gastado
web-admin-no-model = (sin trabajo)
web-admin-no-usage = No se gastó nada en este periodo.
web-admin-community-limits = Límites de la comunidad
web-admin-default = Asignación predeterminada por miembro: { $allowance }
web-admin-default-operator = (la predeterminada del operador)
web-admin-pool = Fondo común de todos los miembros: { $allowance }
web-admin-no-pool = No hay fondo común para todos los miembros.
web-admin-members = Miembros
web-admin-col-own = Asignación propia
web-admin-col-blocked = Bloqueado
web-admin-col-spent-month = Gastado este mes
web-admin-col-actions = Cambios
web-admin-uses-default = la predeterminada
web-admin-yes = sí
web-admin-no = no
web-admin-adjust-amount = Cambio (+/− dólares estadounidenses)
web-admin-adjust-note = Nota
web-admin-adjust = Ajustar
web-admin-block-member = Bloquear a { $member }
web-admin-unblock-member = Desbloquear a { $member }
web-admin-clear-member = Devolver a { $member } la predeterminada
web-admin-default-amount = Asignación predeterminada en dólares estadounidenses (none = sin límite)
web-admin-default-period = Periodo predeterminado
web-admin-default-submit = Fijar predeterminada
web-admin-pool-amount = Fondo común en dólares estadounidenses (none lo quita)
web-admin-pool-period = Periodo del fondo común
web-admin-pool-submit = Fijar fondo común
web-admin-no-members = Ningún miembro ha usado el bot aquí todavía.
web-admin-prices-now = Precios actuales
web-admin-price-model = Modelo al que poner precio
web-admin-price-usd = Precio en dólares estadounidenses
web-admin-price-per = Se cobra por
web-admin-per-default = lo que diga el tipo del modelo
web-admin-per-image = imagen
web-admin-per-second = segundo de vídeo
web-admin-per-1k = 1000 tokens
web-admin-price-set = Fijar precio
web-admin-clear-model = Modelo cuyo precio quitar
web-admin-price-clear = Quitar precio
web-admin-kind-model = Modelo cuyo tipo fijar
web-admin-kind = Tipo
web-admin-kind-image = Imagen
web-admin-kind-video = Vídeo
web-admin-kind-text = Texto
web-admin-kind-auto = Automático (olvidar la corrección)
web-admin-kind-set = Fijar tipo
web-admin-words = Reglas de palabras
web-admin-word-pattern = Palabra o patrón que rechazar
web-admin-word-message = Mensaje cuando se rechaza una petición (opcional)
web-admin-word-add = Añadir regla
web-admin-word-remove-pattern = Palabra o patrón que volver a permitir
web-admin-word-remove = Quitar regla
web-admin-word-clear = Quitar todas las reglas de palabras
web-admin-channel = Reglas del canal (del chat donde pediste el enlace)
web-admin-channel-rule = Regla
web-admin-rule-allow = Permitir también estos comandos
web-admin-rule-only = Solo estos comandos
web-admin-rule-silent = En silencio (no responder aquí)
web-admin-rule-reset = Sin reglas (restablecer)
web-admin-channel-commands = Comandos (para «allow» y «only»)
web-admin-channel-submit = Aplicar regla
web-admin-col-job = Trabajo
web-admin-col-state = Estado
web-admin-cancel = Cancelar { $id }
web-admin-cancel-id = Id del trabajo
web-admin-cancel-submit = Cancelar trabajo
web-admin-refs-help = Quien sufre un fallo ve una referencia de seis letras. Escríbela para leer qué salió mal, con los detalles que registró el bot.
web-admin-ref = Referencia (p. ej. K7Q2XM)
web-admin-ref-submit = Buscar
web-admin-col-who = Quién
web-admin-col-action = Acción
web-admin-col-before = Antes
web-admin-col-after = Después
web-admin-audit-empty = Todavía no hay ningún cambio registrado.
web-admin-pages = Páginas del registro de auditoría
web-admin-page = Página { $n }, lo más reciente primero
web-admin-newer = Cambios más recientes
web-admin-older = Cambios más antiguos
web-admin-refs-recent = Últimas referencias
web-admin-col-ref = Referencia
web-admin-col-outcome = Lo que leyó el miembro
web-admin-col-detail = Detalle registrado
web-admin-refs-none = Aquí todavía no se ha mostrado ninguna referencia de fallo.
