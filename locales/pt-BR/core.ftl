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

# How an admin names a member in /budget and the other admin commands, per surface ($surface: discord, telegram,
# console, cli or other). "me" stays as typed.
member-naming = { $surface ->
        [discord] Escolha a pessoa na opção de usuário do comando ou informe o id numérico dela.
        [telegram] Responda a uma mensagem dela com o comando, ou informe o @usuário (depois que ela tiver escrito aqui) ou o id numérico.
        [console] O playground tem uma só pessoa, você: escreva me.
        [cli] Informe o id dela naquela plataforma (um número no Discord e no Telegram) ou o @usuário de alguém que o bot já viu lá.
       *[other] Mencione a pessoa, responda a uma mensagem dela ou informe o id.
    }
# /help of a command that names members. $how: member-naming; $name, $id: who the reader is on this surface.
help-naming = { $how } "me" significa você: { $name } (id { $id }).
