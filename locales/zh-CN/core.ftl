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
