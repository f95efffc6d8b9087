## /models and /prices. $model: a model id (verbatim). $kind: image, video or text. $variable: a configuration
## variable (DEFAULT_IMAGE_MODEL…), verbatim.

# Where a price comes from. $source: admin, operator, gateway or documented.
price-source = { $source ->
        [admin] definido por um admin aqui
        [operator] arquivo de preços do operador
        [gateway] preço publicado pelo gateway
       *[documented] preço documentado pelo gateway
    }
price-none-yet = ainda sem preço (um admin pode definir)
price-not-on-sale = indisponível
# A text model's two prices. $input, $output: price-per-unit texts.
price-in-out = { $input } entrada, { $output } saída
# A price and its source: "$0.04 / imagem (preço publicado pelo gateway)".
price-with-source = { $price } ({ $source })
# Um preço que o gateway publica como expressão, uma linha por opção: "1080p, com áudio: $0.60 / segundo".
# $options: as palavras da opção; $price: um texto de preço por unidade.
price-option-row = { $options }: { $price }
# $quality: a qualidade de imagem como o gateway a chama (literal: low, medium, high…).
price-option-quality = qualidade { $quality }
price-option-default = qualidade padrão
price-option-other-resolution = outras resoluções
# $audio: yes ou no.
price-option-audio = { $audio ->
        [yes] com áudio
       *[no] sem áudio
    }
# Um preço que depende de algo só conhecido depois do trabalho (o valor reservado é este máximo). $price: um texto de preço.
price-at-most = no máximo { $price }

# The title of the /models answer.
models-title = Modelos
models-none = Este token não dá acesso a nenhum modelo.
models-default-mark = [padrão]
models-options = opções: { $options }
# The same mark after a model in a list of "id · price" lines.
models-default-word = padrão
models-defaults = Padrões:
# $how: configured (set by the operator) or first (the first priced model of its kind in the gateway's list).
models-default-chosen = { $kind }: { $model } ({ $how ->
        [configured] definido por { $variable }
       *[first] primeiro modelo de { $kind } com preço na lista do gateway; defina { $variable } para escolher
    })
# $closest: the closest listed ids, or "none".
models-default-missing = { $kind }: { $variable }={ $model } não está na lista aqui{ $closest ->
        [none] {""}
       *[other] {" "}(mais próximos: { $closest })
    }
models-default-none = { $kind }: nenhum (não há modelo de { $kind } com preço na lista)
models-price-rule = Preços: vale primeiro o preço do admin, depois o arquivo de preços do operador e, por fim, o preço publicado pelo gateway; um modelo sem preço é recusado até um admin definir um (/prices set <model> <usd>).

prices-none = Não há preços de admin aqui. Os modelos usam o arquivo de preços do operador ou os preços publicados pelo gateway; veja /models.
# $lines: one model per line.
prices-list = Configurações de admin aqui (definidas por um admin):
    { $lines }
prices-kind-of = tipo { $kind }
prices-cleared = O preço de admin de { $model } foi removido; agora ele custa { $price }.
prices-kind-set = { $model } agora é tratado aqui como modelo de { $kind ->
        [image] imagem
        [video] vídeo
       *[text] texto
    }.
# $listed: "no" when the token does not list that model.
# $unit: image, second or tokens (per 1,000 text tokens).
prices-set = { $model } agora custa { $amount } por { $unit ->
        [image] imagem
        [second] segundo
       *[tokens] 1 mil tokens
    } aqui (definido por um admin; vale sobre os outros preços).{ $listed ->
        [no] {" "}Obs.: este token não lista esse modelo.
       *[yes] {""}
    }
prices-error-model-id = Informe o id exato do modelo, como aparece em /models.
prices-error-kind = O tipo é image, video, text ou auto.
prices-error-zero = O preço deve ser maior que $0.
prices-error-unit = A unidade é image, second ou 1k (1.000 tokens de texto).
# $unit: image, second or tokens (per 1,000 text tokens). $amount: the lowest price allowed.
prices-error-below-cost = Enquanto o token de gateway do próprio bot pagar aqui, { $model } não pode custar menos do que o gateway cobra por ele: no mínimo { $amount } por { $unit ->
        [image] imagem
        [second] segundo
       *[tokens] 1 mil tokens
    }. Vincule o token próprio desta comunidade com /setup para definir o preço livremente.
prices-error-no-cost = O bot não sabe quanto o gateway cobra por { $model }; por isso, enquanto o token de gateway do próprio bot pagar aqui, só o dono do bot pode definir o preço dele. Vincule o token próprio desta comunidade com /setup para definir você mesmo.
