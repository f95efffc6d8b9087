## Words of the command layer shared by every command.

# An admin-only notice added under an admin's private answer. $text: the notice (admin-alert-* messages).
admin-notice = Admin notice: { $text }

## /help. $help: how the member types /help here.
help-title = Commands
help-intro = I make images, videos and answers through the media gateway; every job is charged to your allowance.
help-more = Send { $help } <command> for details.
help-usage = Usage:
help-options = Options:
help-examples = Examples:
help-only-owner = Only the bot owner can run this.
help-only-admins = Only admins can run this.

# How an admin names a member in /budget and the other admin commands, per surface ($surface: discord, telegram,
# console, cli or other). "me" stays as typed.
member-naming = { $surface ->
        [discord] Pick them in the command's user option, or give their numeric id.
        [telegram] Reply to one of their messages with the command, or give their @username (once they have written here) or their numeric id.
        [console] The playground has one person, you: write me.
        [cli] Give their id on that platform (a number on Discord and Telegram), or the @username of someone the bot has seen there.
       *[other] Mention them, reply to one of their messages, or give their id.
    }
# /help of a command that names members. $how: member-naming; $name, $id: who the reader is on this surface.
help-naming = { $how } "me" means you: { $name } (id { $id }).
