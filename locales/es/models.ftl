## /models y /prices. $model: un id de modelo (literal). $kind: image, video o text. $variable: una variable de
## configuración (DEFAULT_IMAGE_MODEL…), literal.

# De dónde viene un precio. $source: admin, operator, gateway o documented.
price-source = { $source ->
        [admin] fijado aquí por un admin
        [operator] archivo de precios del operador
        [gateway] precio publicado por la pasarela
       *[documented] precio documentado por la pasarela
    }
price-none-yet = aún sin precio (un admin puede fijar uno)
price-not-on-sale = no está a la venta
# Los dos precios de un modelo de texto. $input, $output: textos de precio por unidad.
price-in-out = { $input } entrada, { $output } salida
# Un precio y su origen: "$0.04 / imagen (precio publicado por la pasarela)".
price-with-source = { $price } ({ $source })
# Un precio que la pasarela publica como expresión, una fila por opción: "1080p, con audio: $0.60 / segundo".
# $options: las palabras de la opción; $price: un texto de precio por unidad.
price-option-row = { $options }: { $price }
# $quality: la calidad de imagen tal como la nombra la pasarela (literal: low, medium, high…).
price-option-quality = calidad { $quality }
price-option-default = calidad por defecto
price-option-other-resolution = otras resoluciones
# $audio: yes o no.
price-option-audio = { $audio ->
        [yes] con audio
       *[no] sin audio
    }
# Un precio que depende de algo que solo se sabe tras el trabajo (lo retenido es este máximo). $price: un texto de precio.
price-at-most = como máximo { $price }

# The title of the /models answer.
models-title = Modelos
models-none = Este token no da acceso a ningún modelo.
models-default-mark = [predeterminado]
models-options = opciones: { $options }
# The same mark after a model in a list of "id · price" lines.
models-default-word = predeterminado
models-defaults = Predeterminados:
# $how: configured (lo fijó el operador) o first (el primer modelo con precio de su tipo en la lista de la pasarela).
models-default-chosen = { $kind ->
        [image] Imagen
        [video] Video
       *[text] Texto
    }: { $model } ({ $how ->
        [configured] fijado con { $variable }
       *[first] el primer modelo de { $kind ->
            [image] imagen
            [video] video
           *[text] texto
        } con precio en la lista de la pasarela; fija { $variable } para elegir otro
    })
# $closest: los ids más parecidos de la lista, o "none".
models-default-missing = { $kind ->
        [image] Imagen
        [video] Video
       *[text] Texto
    }: { $variable }={ $model } no figura aquí{ $closest ->
        [none] {""}
       *[other] {" "}(los más parecidos: { $closest })
    }
models-default-none = { $kind ->
        [image] Imagen: ninguno (no figura ningún modelo de imagen con precio)
        [video] Video: ninguno (no figura ningún modelo de video con precio)
       *[text] Texto: ninguno (no figura ningún modelo de texto con precio)
    }
models-price-rule = Precios: primero cuenta el precio fijado por un admin, luego el archivo de precios del operador y, por último, el precio publicado por la pasarela; un modelo sin ninguno se rechaza hasta que un admin le fije uno (/prices set <model> <usd>).

prices-none = Aquí no hay precios fijados por admins. Los modelos usan el archivo de precios del operador o los precios publicados por la pasarela; consulta /models.
# $lines: un modelo por línea.
prices-list = Ajustes fijados aquí por los admins:
    { $lines }
prices-kind-of = tipo { $kind ->
        [image] imagen
        [video] video
       *[text] texto
    }
prices-cleared = Se quitó el precio de admin de { $model }; ahora cuesta { $price }.
prices-kind-set = Aquí { $model } pasa a tratarse como un modelo de { $kind ->
        [image] imagen
        [video] video
       *[text] texto
    }.
# $listed: "no" cuando el token no incluye ese modelo.
# $unit: image, second o tokens (por cada 1000 tokens de texto).
prices-set = Aquí { $model } ahora cuesta { $amount } por { $unit ->
        [image] imagen
        [second] segundo
       *[tokens] 1K tokens
    } (fijado por un admin; tiene prioridad sobre los demás precios).{ $listed ->
        [no] {" "}Nota: este token no incluye ese modelo.
       *[yes] {""}
    }
prices-error-model-id = Indica el id exacto del modelo, tal como aparece en /models.
prices-error-kind = El tipo debe ser image, video, text o auto.
prices-error-zero = El precio debe ser mayor que $0.
prices-error-unit = La unidad debe ser image, second o 1k (1000 tokens de texto).
# $unit: image, second or tokens (per 1,000 text tokens). $amount: the lowest price allowed.
prices-error-below-cost = Mientras aquí pague el token de pasarela del propio bot, { $model } no puede costar menos de lo que cobra la pasarela: como mínimo { $amount } por { $unit ->
        [image] imagen
        [second] segundo
       *[tokens] 1K tokens
    }. Vincula el token propio de esta comunidad con /setup para fijar el precio que quieras.
prices-error-no-cost = El bot no sabe cuánto cobra la pasarela por { $model }, así que, mientras aquí pague el token de pasarela del propio bot, solo el dueño del bot puede fijarle un precio. Vincula el token propio de esta comunidad con /setup para fijarlo tú.
