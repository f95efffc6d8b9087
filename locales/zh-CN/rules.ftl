## 频道规则 (/setup channel) 与提示词规则 (/setup words)。

cmd-setup-channel = 选择此频道或话题中可用的命令
cmd-setup-channel-opt-rule = show、allow、only、silent 或 reset（默认：show）
cmd-setup-channel-opt-commands = allow 和 only 使用的命令名，例如 video imagine
choice-channel-show = 显示规则
choice-channel-allow = allow：这些命令只在允许的频道可用
choice-channel-only = only：此处只能用这些命令
choice-channel-silent = silent：机器人在此不回应成员
choice-channel-reset = reset：删除此频道的规则
cmd-setup-words = 拒绝含有特定词语的提示词（免费，在扣费之前）
cmd-setup-words-opt-action = list、add、remove 或 clear
cmd-setup-words-opt-pattern = 词语或模式（词中的 * 代表任意字母）
cmd-setup-words-opt-message = 提示词被拒绝时成员看到的文字（可选）
cmd-setup-words-opt-list = 本社区的列表（默认）或全局列表（仅限机器人所有者）
choice-words-list = 列出
choice-words-add = 添加
choice-words-remove = 删除
choice-words-clear = 清空
choice-words-list-community = 本社区
choice-words-list-global = 全局（所有社区）

channel-rules-none = 没有频道规则：所有命令在所有频道都可用。用 { $setup } 设置。
channel-rules-title = 频道规则：
channel-rule-line = { $here ->
        [yes] • { $channel }（此处）：{ $rule }
       *[no] • { $channel }：{ $rule }
    }
channel-rule-silent = 不回应
channel-rule-only = 仅 { $commands }
channel-rule-allow = { $commands } 只在允许它们的频道可用
channel-rule-done-allow = 完成：这些命令现在只在允许它们的频道可用。
channel-rule-done-only = 完成：此处现在只能用这些命令。
channel-rule-done-silent = 完成：机器人在此不再回应成员的命令（管理员命令仍可用）。
channel-rule-done-reset = 完成：此频道不再有规则。
channel-rule-bad-commands = 未知的命令名：{ $given }。请使用 video 或 imagine 这样的命令名。

words-list-empty = { $list ->
        [global] 全局词语列表为空。
       *[community] 本社区的词语列表为空。
    }
words-list-title = { $list ->
        [global] 全局词语列表（{ $count }）：
       *[community] 本社区的词语列表（{ $count }）：
    }
words-list-line = • { $pattern }
words-list-line-message = • { $pattern }：“{ $message }”
words-added = { $list ->
        [global] 已将 { $pattern } 添加到全局列表：含有它的提示词会在所有社区中、在任何扣费之前被拒绝。
       *[community] 已将 { $pattern } 添加到本社区的列表：含有它的提示词会在任何扣费之前被拒绝。
    }
words-removed = 已从词语列表中删除 { $pattern }。
words-not-found = { $pattern } 不在词语列表中。
words-cleared = 已从词语列表删除的规则：{ $count } 条。
words-global-owners = 只有机器人所有者可以修改全局词语列表。
words-bad-pattern = 请提供词语或模式：字母或数字，词中的 * 代表任意字母。

failure-not-in-channel = { $where ->
        [none] { $command } 在此频道不可用。
       *[other] { $command } 只能在以下位置使用：{ $where }。
    }
    .title = 此频道不可用
failure-prompt-blocked = { $message ->
        [none] 此提示词含有本社区不允许的词语。请修改提示词后重试。
       *[other] { $message }
    }
    .title = 提示词不被允许
