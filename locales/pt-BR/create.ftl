## Criar no chat: rótulos de /settings (menus e botões do Discord, teclado do Telegram) e os motivos das ações de continuação.

settings-key-name = { $key ->
        [image_model] Modelo de imagem
        [video_model] Modelo de vídeo
        [text_model] Modelo de texto
        [aspect] Proporção
        [seconds] Duração do vídeo
        [quality] Qualidade
        [n] Imagens por pedido
        [language] Idioma
        [private] Resultados privados
       *[other] { $key }
    }
settings-quick = { $key ->
        [n] { $value ->
            [1] 1 imagem
           *[other] { $value } imagens
        }
        [aspect] Proporção { $value }
        [private] { $value ->
            [on] Resultados privados: ativar
           *[other] Resultados privados: desativar
        }
       *[other] { $key } { $value }
    }
failure-not-an-image = { $kind ->
        [video] O trabalho { $id } é um vídeo: variações e ampliações são para imagens. Experimente os botões { action-remix } ou { action-animate-last-frame } do vídeo.
       *[other] O trabalho { $id } é uma resposta, não uma imagem: variações e ampliações são para imagens. Crie uma com { $imagine }.
    } Nada foi cobrado.
    .title = Não é uma imagem
