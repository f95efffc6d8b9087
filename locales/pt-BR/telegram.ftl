## Telegram's private token set-up. Commands ($tokenLink, $setupToken, $command…) are written as the member types
## them. The token itself never appears in any message.

# $kind: gateway (it looked like a gateway token, sk-…) or secret (another kind of token). $where: token-where-* text.
token-deleted = Isso parecia { $kind ->
        [gateway] um token do gateway
       *[secret] um token secreto
    }, então apaguei a mensagem (se consegui) e não a executei. { $where }
token-where-private = Envie { $tokenLink } primeiro e depois cole o token.
token-where-group = Tokens devem ir em um chat privado comigo: admins usam { $setupToken } e membros, { $tokenLink }.
token-deleted-in-group = Tokens devem ir em um chat privado comigo, então apaguei essa mensagem (se consegui). Envie { $command } sem o token.
token-personal-private = Tokens pessoais são configurados em um chat privado comigo:
token-button-personal = Configurar meu token
token-group-from-private = Use { $command } no seu grupo (como admin) para vincular o token dele. Para usar seu próprio token, envie { $tokenLink } aqui.
token-anonymous-admin = Admins anônimos não podem abrir um chat privado comigo: envie { $command } sem postar como o grupo.
token-open-private = Abra o chat privado e cole o token do gateway lá. O botão funciona uma vez, por 15 minutos, e só para você.
token-button-private = Vincular o token no privado
token-paste-personal = Cole agora seu token pessoal do gateway. Vou apagar sua mensagem na hora e guardar o token criptografado. Envie /cancel para parar ou { $tokenUnlink } para remover um token já vinculado.
token-link-expired = Este link de configuração expirou, já foi usado ou é de outro admin. Use { $setupToken } no grupo de novo.
# $group: the group's title in quotes, or "none" when it has none.
token-paste-group = Cole agora o token do gateway para { $group ->
        [none] o grupo
       *[other] { $group }
    }. Vou apagar sua mensagem na hora e guardar o token criptografado. Envie /cancel para parar.
token-cancelled-waiting = Cancelado: não estou mais esperando um token.
token-cancelled = Cancelado.
token-nothing-to-cancel = Não há nada para cancelar.
token-not-deleted = Não consegui apagar sua mensagem: apague-a você, por favor.
# $note: token-not-deleted, or "none".
token-not-a-token = Isso não parece um token (uma palavra, sem espaços). Cole de novo ou envie /cancel.{ $note ->
        [none] {""}
       *[other] {" "}{ $note }
    }

# The state shared with the bot's other processes is out of reach: the message was not handled, nothing was charged.
shared-state-down = Não consigo atender isso agora (um serviço que compartilho com meus outros processos está fora de alcance). Tente de novo em instantes; nada foi cobrado.
