# Resultados privados entregues depois (issue 23).
private-chat-closed = Seu chat privado com o bot está fechado, então o resultado está aqui.
private-result-sent = O resultado foi enviado para você em uma mensagem privada.
private-handed-over = Seu resultado está pronto e foi cobrado, mas o Telegram não o aceitou agora: o bot vai enviá-lo ao seu chat privado em breve.
