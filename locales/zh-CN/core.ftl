## 命令层各命令共用的词语。

# 附在管理员私密回复下方、仅管理员可见的提示。$text: 提示内容（admin-alert-* 消息）。
admin-notice = 管理员提示：{ $text }

## /help。$help: 成员在这里输入 /help 的方式。
help-title = 命令
help-intro = 我通过媒体网关生成图片、视频和回答；每个任务都从你的额度中扣费。
help-more = 发送 { $help } <命令> 查看详情。
help-usage = 用法：
help-options = 选项：
help-examples = 示例：
help-only-owner = 只有机器人所有者可以执行此操作。
help-only-admins = 只有管理员可以执行此操作。

# How an admin names a member in /budget and the other admin commands, per surface ($surface: discord, telegram,
# console, cli or other). "me" stays as typed.
member-naming = { $surface ->
        [discord] 在命令的用户选项中选择对方，或填写其数字 ID。
        [telegram] 用命令回复对方的一条消息，或填写其 @用户名（对方在这里发过言之后）或数字 ID。
        [console] 试用环境里只有你一个人：写 me 即可。
        [cli] 填写对方在该平台上的 ID（Discord 和 Telegram 上是数字），或机器人在那里见过的人的 @用户名。
       *[other] 提及对方、回复对方的一条消息，或填写其 ID。
    }
# /help of a command that names members. $how: member-naming; $name, $id: who the reader is on this surface.
help-naming = { $how }“me”指你自己：{ $name }（ID { $id }）。
