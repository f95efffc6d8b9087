# Recusas de opções, flags e valores de administração (o texto de uma falha `bad_flag` ou `bad_amount`).
# Nomes de comandos, flags e opções ($flag, $command, $name) e valores digitados (day, week, month, total) não se traduzem.

## Como se escreve um valor correto ($form nas mensagens abaixo).
input-form-aspect = W:H, por exemplo 16:9
input-form-size = WxH, por exemplo 1024x1024, ou auto
input-form-model = o id de um modelo, por exemplo alpha-image-2
input-form-integer = um número inteiro
input-form-integer-range = um número inteiro de { $min } a { $max }
input-form-job = o id de um trabalho
input-form-user = um @usuário, uma menção ou um id
input-form-amount = dólares americanos, por exemplo 5 ou 2.50
input-form-period = day, week, month ou total
input-form-choice = um destes: { $choices }
input-form-text = algum texto

## Flags e palavras que um comando não aceita.
input-valid-flags = Flags válidas: { $flags }
input-no-flags = Este comando não aceita flags.
input-with-flags = { $problem } { $flags }
input-did-you-mean = { $problem } Você quis dizer { $suggestion }?
input-flag-conflict = { $flag } não pode ser usada junto com { $other }.
input-flag-not-here = { $command } não aceita { $flag }.
input-flag-unknown = Não conheço a flag { $flag }.
input-flag-no-value = Falta um valor para { $flag }: { $form }.
input-flag-bad-value = { $flag } { $value } não é válido: use { $form }.
input-secret-bad-value = { $flag } não é válido: use { $form }.
model-id-looks-like-key = Isso parece uma chave secreta, não um id de modelo, então não foi usado, guardado nem exibido. Se for uma chave real, revogue-a no gateway e crie outra.
input-flag-twice = { $flag } aparece duas vezes.
input-not-a-member = "{ $value }" não é um membro: use { $form }.
input-bad-word = "{ $value }" não é um valor válido de { $name } para { $command }: use { $form }.
input-extra-words = { $command } não aceita "{ $extra }". Uso: { $usage }
input-unknown-argument = Este comando não aceita "{ $name }".
input-not-files = { $flag } aceita { $form }, não arquivos.
input-files-only = { $flag } aceita só arquivos.
input-too-long = { $flag } está longo demais (no máximo { $max ->
        [one] { $max } caractere
       *[other] { $max } caracteres
    }).

## Tamanhos de imagem.
input-size-sides = cada lado de { $min } a { $max } pixels, escrito como { $example }
input-size-requested = o tamanho pedido

## Valores de administração. $min, $max, $amount e $after chegam já formatados.
input-period = "{ $given }" não é um período; use day, week, month ou total.
input-amount-range = O valor precisa estar entre { $min } e { $max }.
input-pool-needs-amount = O limite do fundo da comunidade precisa de um valor.
input-note-length = Um ajuste precisa de uma nota curta (de { $min } a { $max } caracteres).
input-zero-adjustment = Um ajuste de { $amount } não muda nada.
input-timezone = "{ $given }" não é um nome de fuso horário; use um como America/Sao_Paulo ou Europe/Lisbon.
input-token-shape = Isso não parece um token do gateway (ele costuma começar com sk-).
input-adjust-ceiling = Uma cota somada aos ajustes deste período pode ser no máximo { $max }; este ajuste a deixaria em { $after }.
