## /settings (miembros) y /setup defaults (administradores). $key es la clave de un ajuste tal como se escribe (image_model, aspect, n…).

settings-line = { $key }: { $value } ({ $source ->
        [member] tu ajuste aquí
        [personal] tu ajuste en todas partes
        [community] el valor predeterminado de esta comunidad
       *[bot] el valor predeterminado del bot
    })
settings-title = Tus ajustes (una opción escrita en un comando siempre tiene prioridad):
settings-how = Cambia uno con { $cmd } <clave> <valor> (añade "everywhere" para todas las comunidades) o vuelve atrás con { $cmd } <clave> reset.
# The placeholder of a menu of choices for one key (Discord).
settings-menu-placeholder = { $key }: elige uno
settings-value-auto = automático
settings-set = { $key } ahora es { $value } { $where ->
        [here] en esta comunidad.
       *[everywhere] en todas las comunidades.
    }
settings-reset = Tu ajuste { $key } { $where ->
        [here] de aquí
       *[everywhere] para todas las comunidades
    } se borró: ahora { $value } ({ $source ->
        [member] tu ajuste aquí
        [personal] tu ajuste en todas partes
        [community] el valor predeterminado de esta comunidad
       *[bot] el valor predeterminado del bot
    }).
settings-defaults-title = Valores predeterminados de esta comunidad (para los miembros sin ajuste propio):
settings-defaults-how = Cambia uno con { $cmd } <clave> <valor> o quítalo con { $cmd } <clave> reset.
settings-defaults-set = El valor predeterminado de { $key } en esta comunidad ahora es { $value }. Los miembros que eligieron el suyo lo conservan.
settings-defaults-reset = Esta comunidad ya no tiene un valor predeterminado para { $key }: se aplica { $value } (el valor predeterminado del bot).
settings-used = { $items } según tus ajustes
settings-used-community = { $items } según los valores predeterminados de esta comunidad
settings-used-item = { $key ->
        [n] { $value } imágenes
        [seconds] { $value } s
        [quality] calidad { $value }
       *[other] { $value }
    }
