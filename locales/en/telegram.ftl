## Telegram's private token set-up. Commands ($tokenLink, $setupToken, $command…) are written as the member types
## them. The token itself never appears in any message.

# $kind: gateway (it looked like a gateway token, sk-…) or secret (another kind of token). $where: token-where-* text.
token-deleted = That looked like { $kind ->
        [gateway] a gateway token
       *[secret] a secret token
    }, so I deleted the message (if I could) and did not run it. { $where }
token-where-private = Send { $tokenLink } first, then paste it.
token-where-group = Tokens belong in a private chat with me: admins use { $setupToken }, members { $tokenLink }.
token-deleted-in-group = Tokens belong in a private chat with me, so I deleted that message (if I could). Send { $command } without it.
token-personal-private = Personal tokens are set in a private chat with me:
token-button-personal = Set my token
token-group-from-private = Run { $command } in your group (as an admin) to link its token. To use your own token, send { $tokenLink } here.
token-anonymous-admin = Anonymous admins cannot open a private chat with me: send { $command } without posting as the group.
token-open-private = Open the private chat and paste the gateway token there. The button works once, for 15 minutes, and only for you.
token-button-private = Link the token privately
token-paste-personal = Paste your personal gateway token now. I will delete your message at once and keep the token encrypted. Send /cancel to stop, { $tokenUnlink } to remove a linked one.
token-link-expired = This setup link has expired, was already used, or belongs to another admin. Run { $setupToken } in the group again.
# $group: the group's title in quotes, or "none" when it has none.
token-paste-group = Paste the gateway token for { $group ->
        [none] the group
       *[other] { $group }
    } now. I will delete your message at once and keep the token encrypted. Send /cancel to stop.
token-cancelled-waiting = Cancelled: I am no longer waiting for a token.
token-cancelled = Cancelled.
token-nothing-to-cancel = Nothing to cancel.
token-not-deleted = I could not delete your message: please delete it yourself.
# $note: token-not-deleted, or "none".
token-not-a-token = That does not look like a token (one word, no spaces). Paste it again or send /cancel.{ $note ->
        [none] {""}
       *[other] {" "}{ $note }
    }

# The state shared with the bot's other processes is out of reach: the message was not handled, nothing was charged.
shared-state-down = I cannot take that right now (a service I share with my other processes is out of reach). Try again in a moment; nothing was charged.
