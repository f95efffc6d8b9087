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
