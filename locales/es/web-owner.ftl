# The web's owner page, real sign-in (Telegram widget, Discord) and rate limits (src/web/owner-pages.ts).
web-nav-owner = Propietario
web-owner-title = Resumen del propietario
web-owner-communities = Comunidades
web-owner-none = El bot aún no ha visto ninguna comunidad.
web-owner-kind = { $kind ->
    [guild] servidor de Discord
    [group] grupo
    [private] chat privado
   *[other] consola
}
web-owner-col-community = Comunidad
web-owner-col-day = Hoy
web-owner-col-week = Esta semana
web-owner-col-month = Este mes
web-owner-col-access = Token del operador
web-owner-col-action = Acción
web-owner-open = abierto a todos
web-owner-approved = aprobada
web-owner-pending = esperando aprobación
web-owner-approve = Aprobar
web-owner-deny = Retirar
web-owner-operator = El token del operador hoy (UTC)
web-owner-cap = Límite diario
web-owner-cap-off = desactivado
web-owner-spent = Gastado hoy
web-owner-held = Retenido por trabajos en curso
web-owner-left = Disponible hoy
web-owner-resets = Se reinicia
web-owner-balance = Saldo de la pasarela
web-owner-drift = Conciliación con la pasarela
web-owner-drift-off = No disponible: no hay ninguna dirección de pasarela configurada.
web-owner-drift-none = No hay trabajos facturados ni registros de la pasarela desde ayer.
web-owner-drift-failed = No se pudieron leer los registros de la pasarela del token { $token }.
web-owner-col-token = Token
web-owner-col-utc-day = Día (UTC)
web-owner-col-bot = Bot
web-owner-col-gateway = Pasarela
web-owner-col-drift = Desviación
web-owner-col-unmatched = Sin emparejar
web-owner-health = Estado de los procesos
web-owner-ops-off = Los datos de los procesos no están disponibles en este proceso.
web-owner-ready = Disponibilidad de este proceso: { $state ->
    [ok] listo
    [stopping] deteniéndose
   *[other] no listo
}
web-owner-check-ok = correcto
web-owner-check-failed = con fallos
web-owner-col-role = Rol
web-owner-col-host = Host e id de proceso
web-owner-col-started = Iniciado
web-owner-col-seen = Visto por última vez
web-sign-in-title = Iniciar sesión
web-sign-in-intro = Envía /web en el chat para recibir un enlace de un solo uso, o inicia sesión aquí con la cuenta que usas en el chat.
web-sign-in-telegram = Con Telegram
web-sign-in-discord-title = Con Discord
web-sign-in-discord = Iniciar sesión con Discord
web-sign-in-pick = Elige una comunidad
web-sign-in-failed = No se pudo verificar el inicio de sesión. Inténtalo de nuevo o envía /web en el chat.
web-sign-in-no-community = Todavía no te he visto en ninguna comunidad. Envía un comando en una y vuelve a iniciar sesión.
web-too-many-title = Demasiados intentos
web-too-many = Demasiados intentos en poco tiempo. Espera { $seconds } segundos y vuelve a intentarlo.
