## Telegram 的私密令牌设置。命令（$tokenLink、$setupToken、$command…）按成员输入的方式书写。令牌本身绝不出现在任何消息中。

# $kind: gateway（看起来像网关令牌 sk-…）或 secret（其他令牌）。$where: token-where-* 文字。
token-deleted = 这看起来像{ $kind ->
        [gateway] 网关令牌
       *[secret] 密钥令牌
    }，所以我删除了这条消息（如果可以的话），没有执行它。{ $where }
token-where-private = 请先发送 { $tokenLink }，然后再粘贴。
token-where-group = 令牌应在与我的私聊中发送：管理员用 { $setupToken }，成员用 { $tokenLink }。
token-deleted-in-group = 令牌应在与我的私聊中发送，所以我删除了那条消息（如果可以的话）。请发送不带令牌的 { $command }。
token-personal-private = 个人令牌需要在与我的私聊中设置：
token-button-personal = 设置我的令牌
token-group-from-private = 请在你的群组中（以管理员身份）执行 { $command } 来绑定群组令牌。要使用你自己的令牌，请在这里发送 { $tokenLink }。
token-anonymous-admin = 匿名管理员无法与我私聊：请关闭“以群组身份发言”后再发送 { $command }。
token-open-private = 打开私聊，在那里粘贴网关令牌。此按钮只能使用一次，15 分钟内有效，且仅限你本人。
token-button-private = 私下绑定令牌
token-paste-personal = 现在请粘贴你的个人网关令牌。我会立即删除你的消息，并加密保存令牌。发送 /cancel 停止，发送 { $tokenUnlink } 移除已绑定的令牌。
token-link-expired = 这个设置链接已过期、已被使用，或属于其他管理员。请在群组中重新执行 { $setupToken }。
# $group: 带引号的群组名称，没有名称时为 "none"。
token-paste-group = 现在请粘贴{ $group ->
        [none] 本群组
       *[other] { $group }
    }的网关令牌。我会立即删除你的消息，并加密保存令牌。发送 /cancel 停止。
token-cancelled-waiting = 已取消：我不再等待令牌。
token-cancelled = 已取消。
token-nothing-to-cancel = 没有可取消的操作。
token-not-deleted = 我无法删除你的消息：请自行删除。
# $note: token-not-deleted，或 "none"。
token-not-a-token = 这看起来不像令牌（应为一个词，不含空格）。请重新粘贴，或发送 /cancel。{ $note ->
        [none] {""}
       *[other] { $note }
    }

# 与机器人其他进程共享的状态无法访问：消息未处理，也没有扣费。
shared-state-down = 我暂时无法处理这条消息（与我其他进程共享的一项服务无法访问）。请稍后再试；没有扣费。
