## /balance (y /budget show @miembro para admins). Los importes llegan ya formateados ("$4.41").
## $subject: "self" cuando el miembro lee su propio saldo, "other" cuando un admin lee el de otra persona ($who).
## $period: day, week, month o total. $reset: un momento ("mañana a las 00:00 CET (en 8 h)") o "never".

balance-title = { $subject ->
        [self] Tu saldo
       *[other] Saldo de { $who }
    }
# La etiqueta con la que empieza una línea de asignación.
balance-label-self = Tú
balance-label-pool = Fondo común
balance-label-own-cap = { $subject ->
        [self] Tu tope propio
       *[other] Su tope propio
    }

# Una asignación sin límite. $held: dinero reservado por trabajos en curso, o "none".
balance-unlimited = { $label }: sin límite. Gastado { $period ->
        [day] hoy
        [week] esta semana
        [month] este mes
       *[total] en total
    }: { $spent }{ $held ->
        [none] {""}
       *[other] {" "}({ $held } reservado para trabajos en curso)
    }.
# Una asignación con límite: lo que queda, los ajustes, lo gastado y cuándo se renueva.
# $granted / $taken: ajustes de un admin en este periodo, o "none".
balance-limited = { $label }: quedan { $left } de { $limit } { $period ->
        [day] al día
        [week] a la semana
        [month] al mes
       *[total] en total
    }{ $granted ->
        [none] {""}
       *[other] {" "}(+ { $granted } concedidos)
    }{ $taken ->
        [none] {""}
       *[other] {" "}(- { $taken } retirados)
    }; gastado: { $spent }{ $held ->
        [none] {""}
       *[other] {" "}({ $held } reservado para trabajos en curso)
    }. { $reset ->
        [never] No se renueva automáticamente.
       *[other] Se renueva { $reset }.
    }

balance-blocked = { $subject ->
        [self] Tienes el acceso bloqueado aquí: un admin detuvo tus solicitudes de pago. Si crees que es un error, habla con un admin.
       *[other] { $who } tiene el acceso bloqueado aquí: no puede iniciar solicitudes de pago hasta que un admin levante el bloqueo.
    }
# $pool: "yes" cuando la comunidad también tiene un tope de fondo común.
balance-personal-token = { $subject ->
        [self] Tus solicitudes usan tu propio token de la pasarela, así que { $pool ->
            [yes] no se te aplican la asignación ni el fondo común de esta comunidad.
           *[no] no se te aplica la asignación de esta comunidad.
        }
       *[other] Sus solicitudes usan su propio token de la pasarela, así que { $pool ->
            [yes] no se le aplican la asignación ni el fondo común de esta comunidad.
           *[no] no se le aplica la asignación de esta comunidad.
        }
    }
balance-personal-no-cap = { $subject ->
        [self] Tu propio token no tiene tope de gasto; el único límite es la cuenta de la pasarela que lo respalda.
       *[other] Su propio token no tiene tope de gasto; el único límite es la cuenta de la pasarela que lo respalda.
    }
# $source: scope (el token de la comunidad), operator (el del operador del bot), none (ningún token vinculado).
balance-token = { $subject ->
        [self] { $source ->
            [scope] Tus solicitudes usan el token de la pasarela de esta comunidad.
            [operator] Tus solicitudes usan el token de la pasarela del operador del bot.
           *[none] Aquí todavía no hay ningún token de la pasarela vinculado, así que no puedes iniciar solicitudes de pago; un admin puede vincular uno, o tú puedes vincular el tuyo con /token.
        }
       *[other] { $source ->
            [scope] Sus solicitudes usan el token de la pasarela de esta comunidad.
            [operator] Sus solicitudes usan el token de la pasarela del operador del bot.
           *[none] Aquí todavía no hay ningún token de la pasarela vinculado, así que no puede iniciar solicitudes de pago; un admin puede vincular uno, o puede vincular el suyo con /token.
        }
    }
balance-pool-tighter = { $subject ->
        [self] El fondo común de la comunidad es el límite más estricto: ahora mismo puedes gastar como máximo { $left }.
       *[other] El fondo común de la comunidad es el límite más estricto: ahora mismo puede gastar como máximo { $left }.
    }

# Los campos bajo /balance.
balance-field-paid-by = Se paga con
balance-value-own-token = tu propio token
balance-field-community-limit = Límite de la comunidad
balance-value-does-not-apply = no se aplica
balance-field-limit = Límite
balance-field-spent = Gastado
balance-field-held = Reservado para trabajos en curso
balance-field-left = Disponible
balance-field-resets = Se renueva
balance-value-never = nunca
balance-value-no-limit = sin límite
balance-field-blocked = Bloqueado
balance-value-yes = sí
# Una asignación como valor: "$5.00 al día".
balance-allowance = { $amount } { $period ->
        [day] al día
        [week] a la semana
        [month] al mes
       *[total] en total
    }

# El gráfico de /balance: su título ($days: los días dibujados en un periodo total), la línea del gasto y la de la asignación.
chart-balance-title = Tu gasto { $period ->
        [day] de hoy
        [week] de esta semana
        [month] de este mes
       *[total] { $days ->
            [one] del último día
           *[other] de los últimos { $days } días
        }
    }
chart-spent = gastado
chart-allowance = asignación
# Se dice en lugar de un gráfico (/balance o /usage) que no se pudo generar; después van las cifras.
chart-failed = Esta vez no se pudo generar el gráfico; aquí tienes las cifras.
