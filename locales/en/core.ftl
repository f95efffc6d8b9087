## Words of the command layer shared by every command.

# An admin-only notice added under an admin's private answer. $text: the notice (admin-alert-* messages).
admin-notice = Admin notice: { $text }
