## Respuestas a los comandos de admin (/budget, /usage, /setup) y a /token. Los importes llegan ya formateados.
## $who: un miembro tal como lo nombró el admin ("@bob"). $period: day, week, month o total.

# Un precio: "$0.04 / imagen". $unit: image, second o tokens (por cada 1000 tokens de texto).
price-per-unit = { $amount } / { $unit ->
        [image] imagen
        [second] segundo
       *[tokens] 1K tokens
    }
# Una asignación: "$5.00 al día", "sin límite", "$5.00 en total". $amount es "none" cuando no hay límite.
allowance = { $amount ->
        [none] sin límite
       *[other] { $amount } { $period ->
            [day] al día
            [week] a la semana
            [month] al mes
           *[total] en total
        }
    }

# $personal: yes para el token propio de un miembro. $masked: el token con todo oculto salvo sus 4 últimos caracteres.
token-linked = { $personal ->
        [yes] Ahora tus propias solicitudes usan
       *[no] Ahora las solicitudes de esta comunidad usan
    } el token de la pasarela { $masked }. Da acceso a { $models ->
        [one] { $models } modelo
       *[other] { $models } modelos
    }.
token-none-linked = { $personal ->
        [yes] No tienes ningún token personal de la pasarela vinculado.
       *[no] Esta comunidad no tiene ningún token de la pasarela vinculado.
    }
token-unlinked = { $personal ->
        [yes] Se quitó tu token de la pasarela { $masked }; tus solicitudes vuelven a usar el token de la comunidad (o el del operador).
       *[no] Se quitó el token de la pasarela de la comunidad { $masked }.
    }
# Los trabajos que siguen en curso con un token recién quitado lo siguen usando hasta que terminan.
token-running-jobs = { $jobs ->
        [one] Todavía hay 1 trabajo en curso que se inició con él: seguirá usando este token hasta terminar y se cobrará con él; las solicitudes nuevas ya no lo usan.
       *[other] Todavía hay { $jobs } trabajos en curso que se iniciaron con él: seguirán usando este token hasta terminar y se cobrarán con él; las solicitudes nuevas ya no lo usan.
    }
# $when: el momento en que se vinculó.
token-show = Esta comunidad usa el token de la pasarela { $masked }, vinculado { $when }.

budget-default-set = Ahora la asignación predeterminada de todos aquí es { $allowance }.
budget-user-set = Ahora la asignación de { $who } aquí es { $allowance }.
budget-user-cleared = { $who } vuelve a tener la asignación predeterminada de la comunidad.
budget-pool-removed = Se quitó el tope del fondo común de la comunidad.
budget-pool-set = Ahora la comunidad entera puede gastar como máximo { $allowance }.
budget-blocked = { $who } ya no puede iniciar trabajos de pago aquí.
budget-unblocked = { $who } vuelve a poder iniciar trabajos de pago aquí.
budget-adjusted-up = { $who } recibe { $amount } más en este periodo.
budget-adjusted-down = Se retiraron { $amount } de la asignación de { $who } en este periodo.
budget-timezone-set = Ahora los presupuestos de aquí se renuevan a medianoche, hora de { $zone }.

# El resumen de /usage; el archivo CSV lleva una fila por miembro.
usage-summary = Uso { $period ->
        [day] de hoy
        [week] de esta semana
        [month] de este mes
       *[total] total
    }: { $jobs ->
        [one] { $jobs } trabajo
       *[other] { $jobs } trabajos
    } de { $members ->
        [one] { $members } miembro
       *[other] { $members } miembros
    }, { $spent } gastados. Los detalles están en el CSV.

# El gráfico de /usage: su título ($days: los días dibujados en un periodo total), la serie de los miembros fuera de los principales
# y la barra del gasto anterior al primer día dibujado.
chart-usage-title = Gasto diario por miembro { $period ->
        [day] — hoy
        [week] — esta semana
        [month] — este mes
       *[total] { $days ->
            [one] — último día
           *[other] — últimos { $days } días
        }
    }
chart-others = otros
chart-earlier = antes

# /budget show sin miembro. $operator: yes cuando la predeterminada es la del operador del bot.
budget-settings-default = Asignación predeterminada: { $allowance }{ $operator ->
        [yes] {" "}(la predeterminada del operador del bot)
       *[no] {""}
    }.
budget-settings-pool = Fondo común de la comunidad: { $allowance }.
budget-settings-no-pool = Sin tope de fondo común.
# /budget show @miembro: de dónde sale su asignación y si tiene el acceso bloqueado.
budget-member-override = Asignación: { $allowance }, fijada para { $who } (una excepción; /budget clear { $who } le devuelve la predeterminada).
budget-member-default = Asignación: la predeterminada de la comunidad, { $allowance }{ $operator ->
        [yes] {" "}(la predeterminada del operador del bot)
       *[no] {""}
    }.
budget-member-blocked = Estado: bloqueado (/budget unblock { $who } le permite volver a iniciar solicitudes de pago).
budget-member-not-blocked = Estado: sin bloqueo.

# /setup show: el saldo en la pasarela del token que paga aquí.
# $source: personal, scope u operator. $left: dinero, o "unlimited". $used: dinero, o "none". $expires: un momento, o "never".
gateway-balance = El saldo en la pasarela de { $source ->
        [personal] tu propio token
        [scope] el token de esta comunidad
       *[operator] el token propio del bot
    } es { $left ->
        [unlimited] ilimitado
       *[other] { $left }
    }{ $used ->
        [none] {""}
       *[other] {" "}({ $used } usados hasta ahora)
    }; { $expires ->
        [never] no caduca.
       *[other] caduca { $expires }.
    }
gateway-balance-not-shown = Esta pasarela no muestra el saldo de los tokens.
# $reason: el texto propio del fallo.
gateway-balance-unreadable = No se pudo leer el saldo de la pasarela: { $reason }

# Avisos para admins (se muestran una vez, bajo la siguiente respuesta privada de un admin).
alert-quota = { $source ->
        [operator] La pasarela indica que el token propio del bot se quedó sin crédito, así que aquí se rechazan los trabajos. Pide al operador del bot que lo recargue, o vincula un token propio de esta comunidad con /setup.
       *[scope] La pasarela indica que el token de esta comunidad se quedó sin crédito, así que aquí se rechazan los trabajos. Recárgalo en la pasarela o vincula otro token con /setup.
    }
# $source: scope u operator. $allowed: lo que aún permiten los presupuestos en este periodo (dinero), o "none" si no hay límite.
alert-low-balance = El saldo { $source ->
        [scope] del token de la pasarela de esta comunidad
       *[operator] del token de la pasarela propio del bot
    } es { $left }, menos de { $allowed ->
        [none] lo que permiten los presupuestos de aquí
       *[other] los { $allowed } que aún permiten los presupuestos de aquí
    } en este periodo. Recárgalo en la pasarela o baja los presupuestos.
# $what: lo que le falta a la pasarela; $route: la ruta de la API que, según su respuesta, no existe. GATEWAY_BASE_URL: se deja tal cual.
alert-gateway-route = Esta pasarela no tiene ruta para { $what ->
        [edit] editar imágenes
        [video] generar vídeos
        [remix] remezclar vídeos
        [image] generar imágenes
        [text] modelos de texto
       *[models] la lista de modelos
    } (su respuesta a { $route } dice que esa ruta no existe), así que a los miembros se les dice que no está disponible y no se cobra nada. Si debería estarlo, el operador del bot debe comprobar que GATEWAY_BASE_URL sea la raíz de la API de la pasarela (la dirección que sirve /v1/models) y buscar { $route } en la documentación de la pasarela.
# $header: como en failure-gateway-needs-header.
alert-gateway-header = La pasarela rechaza las solicitudes sin { $header ->
        [provider] un proveedor indicado
       *[other] la cabecera { $header }
    }, que este bot no envía, así que todos los trabajos aquí se rechazan (no se cobra nada). El operador del bot debe configurar la pasarela para que enrute solicitudes normales compatibles con OpenAI (consulta su documentación sobre proveedores o configuraciones por defecto) o apuntar GATEWAY_BASE_URL a una dirección que lo haga.
# An owner's notice: the daily reconciliation found the gateway billed a token another amount than the bot recorded.
# $day: a UTC day (YYYY-MM-DD); $token: "operator" or "…abcd"; $drift: gateway − bot (signed); $bot, $gateway: the totals.
alert-reconcile-drift = Conciliación del { $day } (UTC), token { $token }: la pasarela cobró { $gateway } y el bot registró { $bot } (desvío { $drift }). Consulta el detalle con npm run admin -- reconcile --since { $day }.
# /approve. $mode: open o approved (OPERATOR_TOKEN_ACCESS).
approve-done = { $mode ->
        [open] Aprobada: esta comunidad puede ejecutar trabajos con el token de pasarela propio del bot. Ahora mismo OPERATOR_TOKEN_ACCESS es open, así que todas las comunidades pueden; la aprobación cuenta cuando se cambie a approved.
       *[approved] Aprobada: esta comunidad ya puede ejecutar trabajos con el token de pasarela propio del bot.
    }
approve-already = Esta comunidad ya estaba aprobada para el token de pasarela propio del bot.
approve-revoked = { $mode ->
        [open] Aprobación retirada. Ahora mismo OPERATOR_TOKEN_ACCESS es open, así que esta comunidad aún puede usar el token de pasarela propio del bot hasta que se cambie a approved.
       *[approved] Aprobación retirada: esta comunidad ya no ejecuta trabajos con el token de pasarela propio del bot (su propio token sigue funcionando).
    }
approve-not-approved = Esta comunidad no estaba aprobada; no ha cambiado nada.
# Para propietarios. $cap: OPERATOR_DAILY_CAP (dinero). $when: las próximas 00:00 UTC.
alert-operator-cap = El presupuesto diario compartido del token de pasarela propio del bot ({ $cap } por día UTC, OPERATOR_DAILY_CAP) se agotó: los trabajos que paga ese token se rechazan hasta que se restablezca { $when }. Las comunidades y personas con su propio token no se ven afectadas.
