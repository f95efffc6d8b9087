## /language (miembros) y /setup language (admins). $name es el nombre propio del idioma ("español"), $code su código.

# $source: member (elección propia), community (idioma predeterminado de la comunidad), platform (idioma de su app), default.
# $available: las opciones, cada una en su propio idioma ("English (en), español (es)").
language-current = Aquí te hablo en { $name } ({ $code }), { $source ->
        [member] porque así lo elegiste.
        [community] el idioma predeterminado de la comunidad.
        [platform] el idioma de tu app.
       *[default] el idioma predeterminado.
    }
    Disponibles: { $available }.
    Elige uno con /language <código>, o vuelve al predeterminado con /language reset.
language-set = A partir de ahora te hablo en { $name } ({ $code }).
language-reset = Se borró tu elección: ahora te hablo en { $name } ({ $code }).
language-community-set = El idioma predeterminado de esta comunidad ahora es { $name } ({ $code }). Quienes eligieron el suyo lo conservan.
language-community-reset = Esta comunidad ya no tiene idioma predeterminado: cada miembro recibe el idioma de su app.
