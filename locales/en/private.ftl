# Private results delivered late (issue 23): the member's `private` setting sends a late result to their private chat.
private-chat-closed = Your private chat with the bot is closed, so the result is here.
private-result-sent = The result was sent to you in a private message.
