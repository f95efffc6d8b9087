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
