## Palabras compartidas: unidades, momentos, tamaños. Los números llegan ya formateados para el idioma ($n puede ser "1024").

# Duraciones, redondeadas como se dicen. $n es un número (se aplican las reglas de plural).
unit-seconds = { $n } s
unit-minutes = { $n } min
unit-hours = { $n } h
unit-hours-minutes = { $h } h { $min } min
unit-days = { $n ->
        [one] { $n } día
       *[other] { $n } días
    }

# "en 8 h": $duration es uno de los textos unit-*.
time-in = en { $duration }
time-now = ahora
# Un momento en la zona horaria de la comunidad. $day: today, tomorrow u other; $date como "lun, 24 nov"; $time "00:00";
# $zone el nombre corto de la zona ("CET", "UTC", "GMT+8").
time-moment = { $day ->
        [today] hoy a las { $time } { $zone }
        [tomorrow] mañana a las { $time } { $zone }
       *[other] el { $date } a las { $time } { $zone }
    }
# Un momento y cuánto falta: "mañana a las 00:00 CET (en 8 h)".
time-moment-in = { $moment } ({ $in })

# Tamaños de archivo: $n es el número, $unit uno de B, KB, MB, GB.
size-bytes = { $n } { $unit }
size-unknown = tamaño desconocido

# Periodos de una asignación. $period: day, week, month o total.
period-per = { $period ->
        [day] al día
        [week] a la semana
        [month] al mes
       *[total] en total
    }
period-this = { $period ->
        [day] hoy
        [week] esta semana
        [month] este mes
       *[total] en total
    }

# Se muestra cuando no se pudo leer un importe escrito por un miembro.
money-error-hint = Los importes van en dólares estadounidenses, con punto decimal: p. ej., 0.50 o $2.
# Por qué se rechazó un importe. $given: lo que se escribió, entre comillas. Le sigue money-error-hint.
money-error-empty = No indicaste ningún importe.
money-error-negative = { $given } es negativo; el importe debe ser cero o más.
money-error-format = { $given } no es un importe.
money-error-comma = { $given } lleva una coma; escribe 1000 o 0.5, sin separadores.
money-error-exponent = { $given } usa un exponente, y eso no se acepta.
money-error-too-precise = { $given } tiene más de 6 decimales.
money-error-too-large = { $given } supera los 100000 USD.
