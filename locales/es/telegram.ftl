## Configuración privada del token en Telegram. Los comandos ($tokenLink, $setupToken, $command…) van escritos tal como
## los teclea el miembro. El token nunca aparece en ningún mensaje.

# $kind: gateway (parecía un token de la pasarela, sk-…) o secret (otro tipo de token). $where: un texto token-where-*.
token-deleted = Eso parecía { $kind ->
        [gateway] un token de la pasarela
       *[secret] un token secreto
    }, así que borré el mensaje (si pude) y no lo ejecuté. { $where }
token-where-private = Envía primero { $tokenLink } y luego pégalo.
token-where-group = Los tokens van en un chat privado conmigo: los admins usan { $setupToken }; los miembros, { $tokenLink }.
token-deleted-in-group = Los tokens van en un chat privado conmigo, así que borré ese mensaje (si pude). Envía { $command } sin el token.
token-personal-private = Los tokens personales se configuran en un chat privado conmigo:
token-button-personal = Configurar mi token
token-group-from-private = Ejecuta { $command } en tu grupo (como admin) para vincular su token. Para usar tu propio token, envía { $tokenLink } aquí.
token-anonymous-admin = Los admins anónimos no pueden abrir un chat privado conmigo: envía { $command } sin publicar como el grupo.
token-open-private = Abre el chat privado y pega allí el token de la pasarela. El botón funciona una sola vez, durante 15 minutos, y solo para ti.
token-button-private = Vincular en privado
token-paste-personal = Pega ahora tu token personal de la pasarela. Borraré tu mensaje al instante y guardaré el token cifrado. Envía /cancel para detenerte, o { $tokenUnlink } para quitar uno ya vinculado.
token-link-expired = Este enlace de configuración caducó, ya se usó o pertenece a otro admin. Vuelve a ejecutar { $setupToken } en el grupo.
# $group: el título del grupo entre comillas, o "none" si no tiene.
token-paste-group = Pega ahora el token de la pasarela para { $group ->
        [none] el grupo
       *[other] { $group }
    }. Borraré tu mensaje al instante y guardaré el token cifrado. Envía /cancel para detenerte.
token-cancelled-waiting = Cancelado: ya no espero ningún token.
token-cancelled = Cancelado.
token-nothing-to-cancel = No hay nada que cancelar.
token-not-deleted = No pude borrar tu mensaje: bórralo tú, por favor.
# $note: token-not-deleted, o "none".
token-not-a-token = Eso no parece un token (una sola palabra, sin espacios). Vuelve a pegarlo o envía /cancel.{ $note ->
        [none] {""}
       *[other] {" "}{ $note }
    }

# El estado compartido con los otros procesos del bot no está disponible: el mensaje no se atendió y no se cobró nada.
shared-state-down = Ahora mismo no puedo atender eso (no tengo acceso a un servicio que comparto con mis otros procesos). Vuelve a intentarlo en un momento; no se cobró nada.
