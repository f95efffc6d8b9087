# Rechazos de opciones, flags y valores de administración (el texto de un fallo `bad_flag` o `bad_amount`).
# Los nombres de comandos, flags y opciones ($flag, $command, $name) y los valores escritos (day, week, month, total) no se traducen.

## Cómo se escribe un valor correcto ($form en los mensajes de abajo).
input-form-aspect = W:H, por ejemplo 16:9
input-form-size = WxH, por ejemplo 1024x1024, o auto
input-form-model = el id de un modelo, por ejemplo alpha-image-2
input-form-integer = un número entero
input-form-integer-range = un número entero del { $min } al { $max }
input-form-job = el id de un trabajo
input-form-user = un @usuario, una mención o un id
input-form-amount = dólares estadounidenses, por ejemplo 5 o 2.50
input-form-period = day, week, month o total
input-form-choice = uno de estos: { $choices }
input-form-text = algo de texto

## Flags y palabras que un comando no acepta.
input-valid-flags = Flags válidos: { $flags }
input-no-flags = Este comando no acepta flags.
input-with-flags = { $problem } { $flags }
input-did-you-mean = { $problem } ¿Quisiste decir { $suggestion }?
input-flag-conflict = { $flag } no se puede usar junto con { $other }.
input-flag-not-here = { $command } no acepta { $flag }.
input-flag-unknown = No conozco el flag { $flag }.
input-flag-no-value = A { $flag } le falta un valor: { $form }.
input-flag-bad-value = { $flag } { $value } no es válido: usa { $form }.
input-secret-bad-value = { $flag } no es válido: usa { $form }.
model-id-looks-like-key = Eso parece una clave secreta, no un id de modelo, así que no se usó, ni se guardó, ni se muestra. Si es una clave real, revócala en la pasarela y crea otra.
input-flag-twice = { $flag } aparece dos veces.
input-not-a-member = «{ $value }» no es un miembro: usa { $form }.
input-bad-word = «{ $value }» no es un valor válido de { $name } para { $command }: usa { $form }.
input-extra-words = { $command } no acepta «{ $extra }». Uso: { $usage }
input-unknown-argument = Este comando no acepta «{ $name }».
input-not-files = { $flag } acepta { $form }, no archivos.
input-files-only = { $flag } solo acepta archivos.
input-too-long = { $flag } es demasiado largo (como máximo { $max ->
        [one] { $max } carácter
       *[other] { $max } caracteres
    }).

## Tamaños de imagen.
input-size-sides = cada lado de { $min } a { $max } píxeles, escrito como { $example }
input-size-requested = el tamaño pedido

## Valores de administración. $min, $max, $amount y $after llegan ya formateados.
input-period = «{ $given }» no es un periodo; usa day, week, month o total.
input-amount-range = La cantidad debe estar entre { $min } y { $max }.
input-pool-needs-amount = El tope del fondo común necesita una cantidad.
input-note-length = Un ajuste necesita una nota breve (de { $min } a { $max } caracteres).
input-zero-adjustment = Un ajuste de { $amount } no cambia nada.
input-timezone = «{ $given }» no es el nombre de una zona horaria; usa uno como America/Mexico_City o Europe/Madrid.
input-token-shape = Eso no parece un token de la pasarela (suele empezar por sk-).
input-adjust-ceiling = Una asignación más los ajustes de este periodo puede ser como máximo { $max }; este ajuste la dejaría en { $after }.
