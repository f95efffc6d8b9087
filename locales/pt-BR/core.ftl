## Words of the command layer shared by every command.

# An admin-only notice added under an admin's private answer. $text: the notice (admin-alert-* messages).
admin-notice = Aviso para admins: { $text }

## /help. $help: how the member types /help here.
help-title = Comandos
help-intro = Eu crio imagens, vídeos e respostas pelo gateway de mídia; cada tarefa é cobrada do seu limite.
help-more = Envie { $help } <comando> para ver os detalhes.
help-usage = Uso:
help-options = Opções:
help-examples = Exemplos:
help-only-owner = Só o dono do bot pode usar isto.
help-only-admins = Só admins podem usar isto.
