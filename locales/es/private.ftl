# Resultados privados entregados más tarde (issue 23).
private-chat-closed = Tu chat privado con el bot está cerrado, así que el resultado está aquí.
private-result-sent = El resultado se te envió en un mensaje privado.
private-handed-over = Tu resultado está listo y se cobró, pero Telegram no lo aceptó ahora mismo: el bot te lo enviará a tu chat privado en breve.
