## Crear en el chat: etiquetas de /settings (menús y botones de Discord, teclado de Telegram) y los motivos de las acciones de seguimiento.

settings-key-name = { $key ->
        [image_model] Modelo de imagen
        [video_model] Modelo de vídeo
        [text_model] Modelo de texto
        [aspect] Proporción
        [seconds] Duración del vídeo
        [quality] Calidad
        [n] Imágenes por petición
        [language] Idioma
        [private] Resultados privados
       *[other] { $key }
    }
settings-quick = { $key ->
        [n] { $value ->
            [1] 1 imagen
           *[other] { $value } imágenes
        }
        [aspect] Proporción { $value }
        [private] { $value ->
            [on] Resultados privados: activar
           *[other] Resultados privados: desactivar
        }
       *[other] { $key } { $value }
    }
failure-not-an-image = { $kind ->
        [video] El trabajo { $id } es un vídeo: las variaciones y ampliaciones son para imágenes. Prueba los botones { action-remix } o { action-animate-last-frame } del vídeo.
       *[other] El trabajo { $id } es una respuesta, no una imagen: las variaciones y ampliaciones son para imágenes. Crea una con { $imagine }.
    } No se cobró nada.
    .title = No es una imagen
