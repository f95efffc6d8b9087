# Private results delivered late (issue 23): the member's `private` setting sends a late result to their private chat.
private-chat-closed = Your private chat with the bot is closed, so the result is here.
private-result-sent = The result was sent to you in a private message.
private-handed-over = Your result is ready and was charged, but Telegram did not take it just now: the bot will send it to your private chat shortly.
