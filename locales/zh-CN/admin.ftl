## 管理命令（/budget、/usage、/setup）和 /token 的回复。金额均已格式化。
## $who: 管理员指定的成员（"@bob"）。$period: day、week、month 或 total。

# 价格：“$0.04 / 张”。$unit: image、second 或 tokens（每 1,000 个文本 token）。
price-per-unit = { $amount } / { $unit ->
        [image] 张
        [second] 秒
       *[tokens] 1K token
    }
# 额度：“每天 $5.00”、“不设上限”、“总计 $5.00”。$amount 为 "none" 表示不设上限。
allowance = { $amount ->
        [none] 不设上限
       *[other] { $period ->
            [day] 每天
            [week] 每周
            [month] 每月
           *[total] 总计
        } { $amount }
    }

# $personal: yes 表示成员自己的令牌。$masked: 只显示最后 4 个字符的令牌。
token-linked = { $personal ->
        [yes] 你自己的请求现在使用
       *[no] 本社区的请求现在使用
    }网关令牌 { $masked }。它可以调用 { $models ->
       *[other] { $models } 个模型
    }。
token-none-linked = { $personal ->
        [yes] 你没有绑定个人网关令牌。
       *[no] 本社区没有绑定网关令牌。
    }
token-unlinked = { $personal ->
        [yes] 你的网关令牌 { $masked } 已移除；你的请求重新使用社区的令牌（或运营方的令牌）。
       *[no] 本社区的网关令牌 { $masked } 已移除。
    }
# 用刚移除的令牌启动、仍在运行的任务会继续使用它直到结束。
token-running-jobs = { $jobs ->
       *[other] 用它启动的 { $jobs } 个任务仍在运行：它们会继续使用这个令牌直到结束，并由它扣费；新请求不再使用它。
    }
# $when: 绑定的时间。
token-show = 本社区使用网关令牌 { $masked }，绑定于{ $when }。

budget-default-set = 这里每个人的默认额度现在是{ $allowance }。
budget-user-set = { $who } 在这里的额度现在是{ $allowance }。
budget-user-cleared = { $who } 已恢复为社区默认额度。
budget-pool-removed = 已移除社区总额度上限。
budget-pool-set = 本社区现在总共最多可花{ $allowance }。
budget-blocked = { $who } 在这里不能再启动付费任务。
budget-unblocked = { $who } 在这里可以重新启动付费任务。
budget-adjusted-up = 本周期已为 { $who } 增加 { $amount } 额度。
budget-adjusted-down = 本周期已从 { $who } 的额度中扣回 { $amount }。
budget-timezone-set = 这里的预算现在按 { $zone } 的午夜重置。

# /usage 的摘要；CSV 文件中每位成员一行。
usage-summary = { $period ->
        [day] 今天
        [week] 本周
        [month] 本月
       *[total] 总计
    }用量：{ $members ->
       *[other] { $members } 位成员
    }共 { $jobs ->
       *[other] { $jobs } 个任务
    }，花费 { $spent }。详情见 CSV。

# /usage 的图表：标题（$days: 总计周期下绘制的天数）、排名靠前以外的成员合成的一组，以及绘制的第一天之前的花费。
chart-usage-title = { $period ->
        [day] 今天
        [week] 本周
        [month] 本月
       *[total] 最近 { $days } 天
    }每日花费（按成员）
chart-others = 其他
chart-earlier = 更早

# 不指定成员的 /budget show。$operator: 默认值来自机器人运营方时为 yes。
budget-settings-default = 默认额度：{ $allowance }{ $operator ->
        [yes] （机器人运营方的默认值）
       *[no] {""}
    }。
budget-settings-pool = 社区总额度：{ $allowance }。
budget-settings-no-pool = 未设社区总额度上限。
# /budget show @成员：额度来源，以及是否被禁止。
budget-member-override = 额度：{ $allowance }，为 { $who } 单独设置（/budget clear { $who } 可恢复默认）。
budget-member-default = 额度：社区默认，{ $allowance }{ $operator ->
        [yes] （机器人运营方的默认值）
       *[no] {""}
    }。
budget-member-blocked = 状态：已禁止（/budget unblock { $who } 可让其重新发起付费请求）。
budget-member-not-blocked = 状态：未禁止。

# /setup show：在这里付费的令牌在网关上的余额。
# $source: personal、scope 或 operator。$left: 金额或 "unlimited"。$used: 金额或 "none"。$expires: 时刻或 "never"。
gateway-balance = { $source ->
        [personal] 你自己的令牌
        [scope] 本社区的令牌
       *[operator] 机器人自己的令牌
    }在网关上的余额{ $left ->
        [unlimited] 不限
       *[other] 为 { $left }
    }{ $used ->
        [none] {""}
       *[other] （已用 { $used }）
    }；{ $expires ->
        [never] 永不过期。
       *[other] 于{ $expires }过期。
    }
gateway-balance-not-shown = 这个网关不显示令牌余额。
# $reason: 失败本身的说明。
gateway-balance-unreadable = 无法读取网关余额：{ $reason }

# 给管理员的提示（只显示一次，附在管理员下一条私密回复下方）。
alert-quota = { $source ->
        [operator] 网关提示机器人自己的令牌额度已用完，因此这里的任务会被拒绝。请通知机器人运营方充值，或用 /setup 绑定本社区自己的令牌。
       *[scope] 网关提示本社区的令牌额度已用完，因此这里的任务会被拒绝。请在网关上充值，或用 /setup 绑定其他令牌。
    }
# $source: scope 或 operator。$allowed: 本周期预算仍允许的金额，不设上限时为 "none"。
alert-low-balance = { $source ->
        [scope] 本社区网关令牌
       *[operator] 机器人自己的网关令牌
    }的余额为 { $left }，低于{ $allowed ->
        [none] 这里的预算
       *[other] 这里的预算本周期仍允许的 { $allowed }
    }。请在网关上充值，或调低预算。
# $what：网关缺少的功能；$route：网关回答不存在的 API 路径。GATEWAY_BASE_URL 保持原样。
alert-gateway-route = 这个网关没有{ $what ->
        [edit] 图片编辑
        [video] 视频生成
        [remix] 视频混剪
        [image] 图片生成
        [text] 文本模型
       *[models] 模型列表
    }的路由（它对 { $route } 的回答是没有这个路由），因此成员会被告知不提供此功能，且不收取任何费用。如果本应提供，机器人运营方应检查 GATEWAY_BASE_URL 是否为网关的 API 根地址（提供 /v1/models 的地址），并在网关的文档中查找 { $route }。
# $header：同 failure-gateway-needs-header。
alert-gateway-header = 网关拒绝没有{ $header ->
        [provider] 指定提供方
       *[other] 请求头 { $header }
    }的请求，而本机器人不会发送它，因此这里的所有任务都会被拒绝（不收取任何费用）。机器人运营方需要把网关设置为转发普通的 OpenAI 兼容请求（见其关于默认提供方或配置的文档），或把 GATEWAY_BASE_URL 指向能这样做的地址。
# An owner's notice: the daily reconciliation found the gateway billed a token another amount than the bot recorded.
# $day: a UTC day (YYYY-MM-DD); $token: "operator" or "…abcd"; $drift: gateway − bot (signed); $bot, $gateway: the totals.
alert-reconcile-drift = { $day }（UTC）对账，令牌 { $token }：网关扣费 { $gateway }，机器人记录 { $bot }（差额 { $drift }）。详情请运行 npm run admin -- reconcile --since { $day }。
# /approve。$mode：open 或 approved（OPERATOR_TOKEN_ACCESS）。
approve-done = { $mode ->
        [open] 已批准：此社区可以用机器人自己的网关令牌运行任务。目前 OPERATOR_TOKEN_ACCESS 为 open，所有社区都可以使用；设为 approved 后此批准才会生效。
       *[approved] 已批准：此社区现在可以用机器人自己的网关令牌运行任务。
    }
approve-already = 此社区之前已获准使用机器人自己的网关令牌。
approve-revoked = { $mode ->
        [open] 已撤销批准。目前 OPERATOR_TOKEN_ACCESS 为 open，在设为 approved 之前，此社区仍可使用机器人自己的网关令牌。
       *[approved] 已撤销批准：此社区不能再用机器人自己的网关令牌运行任务（它自己的令牌仍然可用）。
    }
approve-not-approved = 此社区此前未获批准；没有任何变化。
# 给所有者。$cap：OPERATOR_DAILY_CAP（金额）。$when：下一个 UTC 00:00。
alert-operator-cap = 机器人自己的网关令牌的每日共享预算（每个 UTC 日 { $cap }，OPERATOR_DAILY_CAP）已用完：由该令牌支付的任务会被拒绝，直到预算于{ $when }重置。拥有自己令牌的社区和个人不受影响。
