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
