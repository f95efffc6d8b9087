## /language（成员）和 /setup language（管理员）。$name 是语言的自称（"español"），$code 是语言代码。

# $source: member（本人选择）、community（社区默认）、platform（应用语言）、default。
# $available: 可选语言，各用自己的语言书写（"English (en), español (es)"）。
language-current = 我在这里用{ $name }（{ $code }）和你交流，{ $source ->
        [member] 这是你自己选的。
        [community] 这是本社区的默认语言。
        [platform] 这是你应用的语言。
       *[default] 这是默认语言。
    }
    可选语言：{ $available }。
    用 /language <代码> 选择一种，或用 /language reset 恢复默认。
language-set = 从现在起，我用{ $name }（{ $code }）和你交流。
language-reset = 已清除你的个人选择：现在我用{ $name }（{ $code }）和你交流。
language-community-set = 本社区的默认语言现在是{ $name }（{ $code }）。已自行选择语言的成员保持不变。
language-community-reset = 本社区不再设置默认语言：每位成员将使用各自应用的语言。
