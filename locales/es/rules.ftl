## Reglas de canal (/setup channel) y reglas de prompt (/setup words).

cmd-setup-channel = Elige qué comandos funcionan en este canal o tema
cmd-setup-channel-opt-rule = show, allow, only, silent o reset (por defecto: show)
cmd-setup-channel-opt-commands = Nombres de comandos para allow y only, p. ej. video imagine
choice-channel-show = ver las reglas
choice-channel-allow = allow: estos comandos solo funcionan donde se permiten
choice-channel-only = only: nada más funciona aquí
choice-channel-silent = silent: el bot ignora a los miembros aquí
choice-channel-reset = reset: quitar la regla de este canal
cmd-setup-words = Rechazar prompts con ciertas palabras (gratis, antes de cobrar)
cmd-setup-words-opt-action = list, add, remove o clear
cmd-setup-words-opt-pattern = Una palabra o patrón (* dentro de una palabra equivale a cualquier letra)
cmd-setup-words-opt-message = Lo que lee un miembro cuando se rechaza su prompt (opcional)
cmd-setup-words-opt-list = La lista de esta comunidad (por defecto) o la global (solo propietarios del bot)
choice-words-list = ver lista
choice-words-add = añadir
choice-words-remove = quitar
choice-words-clear = vaciar
choice-words-list-community = esta comunidad
choice-words-list-global = global (todas las comunidades)

channel-rules-none = No hay reglas de canal: todos los comandos funcionan en todos los canales. Crea una con { $setup }.
channel-rules-title = Reglas de canal:
channel-rule-line = { $here ->
        [yes] • { $channel } (aquí): { $rule }
       *[no] • { $channel }: { $rule }
    }
channel-rule-silent = en silencio
channel-rule-only = solo { $commands }
channel-rule-allow = { $commands } solo funcionan en los canales que los permiten
channel-rule-done-allow = Hecho: estos comandos ahora solo funcionan en los canales que los permiten.
channel-rule-done-only = Hecho: ahora solo estos comandos funcionan aquí.
channel-rule-done-silent = Hecho: el bot ahora ignora los comandos de los miembros aquí (los de administración siguen funcionando).
channel-rule-done-reset = Hecho: este canal ya no tiene regla.
channel-rule-bad-commands = Nombres de comando desconocidos: { $given }. Indica nombres como video o imagine.

words-list-empty = { $list ->
        [global] La lista global de palabras está vacía.
       *[community] La lista de palabras de esta comunidad está vacía.
    }
words-list-title = { $list ->
        [global] Lista global de palabras ({ $count }):
       *[community] Lista de palabras de esta comunidad ({ $count }):
    }
words-list-line = • { $pattern }
words-list-line-message = • { $pattern }: «{ $message }»
words-added = { $list ->
        [global] Se añadió { $pattern } a la lista global: los prompts que lo contengan se rechazan en todas las comunidades, antes de cobrar nada.
       *[community] Se añadió { $pattern } a la lista de esta comunidad: los prompts que lo contengan se rechazan antes de cobrar nada.
    }
words-removed = Se quitó { $pattern } de la lista de palabras.
words-not-found = { $pattern } no está en la lista de palabras.
words-cleared = Reglas quitadas de la lista de palabras: { $count }.
words-global-owners = Solo los propietarios del bot pueden cambiar la lista global de palabras.
words-bad-pattern = Indica una palabra o patrón: letras o dígitos, con * dentro de una palabra para cualquier letra.

failure-not-in-channel = { $where ->
        [none] { $command } no funciona en este canal.
       *[other] { $command } solo funciona en: { $where }.
    }
    .title = No en este canal
failure-prompt-blocked = { $message ->
        [none] Este prompt contiene palabras que esta comunidad no permite. Cámbialo e inténtalo de nuevo.
       *[other] { $message }
    }
    .title = Prompt no permitido
