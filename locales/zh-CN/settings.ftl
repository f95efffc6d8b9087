## /settings（成员）和 /setup defaults（管理员）。$key 是输入的设置键（image_model、aspect、n 等）。

settings-line = { $key }: { $value }（{ $source ->
        [member] 你在此处的设置
        [personal] 你在所有地方的设置
        [community] 本社区的默认值
       *[bot] 机器人的默认值
    }）
settings-title = 你的设置（命令中输入的选项始终优先）：
settings-how = 用 { $cmd } <键> <值> 修改（加上 "everywhere" 则对所有社区生效），用 { $cmd } <键> reset 恢复。
# The placeholder of a menu of choices for one key (Discord).
settings-menu-placeholder = { $key }：请选择
settings-value-auto = 自动
settings-set = { $where ->
        [here] 在本社区，
       *[everywhere] 在所有社区，
    }{ $key } 现在是 { $value }。
settings-reset = 已清除你{ $where ->
        [here] 在此处
       *[everywhere] 在所有社区
    }的 { $key } 设置：现在是 { $value }（{ $source ->
        [member] 你在此处的设置
        [personal] 你在所有地方的设置
        [community] 本社区的默认值
       *[bot] 机器人的默认值
    }）。
settings-defaults-title = 本社区的默认值（适用于没有自己设置的成员）：
settings-defaults-how = 用 { $cmd } <键> <值> 修改，用 { $cmd } <键> reset 删除。
settings-defaults-set = 本社区的默认 { $key } 现在是 { $value }。已自行选择的成员保留自己的设置。
settings-defaults-reset = 本社区不再有默认的 { $key }：使用 { $value }（机器人的默认值）。
settings-used = 来自你的设置：{ $items }
settings-used-community = 来自本社区的默认值：{ $items }
settings-used-item = { $key ->
        [n] { $value } 张图片
        [seconds] { $value } 秒
        [quality] 质量 { $value }
       *[other] { $value }
    }
