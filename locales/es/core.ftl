## Palabras de la capa de comandos que comparten todos los comandos.

# Un aviso solo para admins, añadido bajo la respuesta privada de un admin. $text: el aviso (mensajes admin-alert-*).
admin-notice = Aviso para admins: { $text }

## /help. $help: cómo escribe /help el miembro aquí.
help-title = Comandos
help-intro = Creo imágenes, videos y respuestas a través de la pasarela de medios; cada trabajo se cobra de tu asignación.
help-more = Envía { $help } <comando> para ver los detalles.
help-usage = Uso:
help-options = Opciones:
help-examples = Ejemplos:
help-only-owner = Solo el propietario del bot puede usar esto.
help-only-admins = Solo los admins pueden usar esto.

# How an admin names a member in /budget and the other admin commands, per surface ($surface: discord, telegram,
# console, cli or other). "me" stays as typed.
member-naming = { $surface ->
        [discord] Elígelo en la opción de usuario del comando o indica su id numérico.
        [telegram] Responde a uno de sus mensajes con el comando, o indica su @usuario (cuando ya haya escrito aquí) o su id numérico.
        [console] En el playground solo hay una persona, tú: escribe me.
        [cli] Indica su id en esa plataforma (un número en Discord y Telegram) o el @usuario de alguien que el bot haya visto allí.
       *[other] Menciónalo, responde a uno de sus mensajes o indica su id.
    }
# /help of a command that names members. $how: member-naming; $name, $id: who the reader is on this surface.
help-naming = { $how } «me» significa tú: { $name } (id { $id }).
