## /balance（以及管理员使用的 /budget show @成员）。金额均已格式化（"$4.41"）。
## $subject: 成员查看自己的余额时为 "self"，管理员查看他人（$who）时为 "other"。
## $period: day、week、month 或 total。$reset: 时刻（“明天 00:00 CST（8 小时后）”）或 "never"。

balance-title = { $subject ->
        [self] 你的余额
       *[other] { $who } 的余额
    }
# 额度行开头的标签。
balance-label-self = 你
balance-label-pool = 社区总额度
balance-label-own-cap = { $subject ->
        [self] 你的个人上限
       *[other] 对方的个人上限
    }

# 不设上限的额度。$held: 进行中任务冻结的金额，或 "none"。
balance-unlimited = { $label }：不设上限。{ $period ->
        [day] 今天
        [week] 本周
        [month] 本月
       *[total] 总计
    }已花 { $spent }{ $held ->
        [none] {""}
       *[other] （进行中的任务冻结了 { $held }）
    }。
# 有上限的额度：剩余、调整、已花，以及何时重置。
# $granted / $taken: 本周期管理员的调整，或 "none"。
balance-limited = { $label }：{ $period ->
        [day] 每天
        [week] 每周
        [month] 每月
       *[total] 总计
    } { $limit }，剩余 { $left }{ $granted ->
        [none] {""}
       *[other] ，另增加 { $granted }
    }{ $taken ->
        [none] {""}
       *[other] ，已扣回 { $taken }
    }；已花 { $spent }{ $held ->
        [none] {""}
       *[other] （进行中的任务冻结了 { $held }）
    }。{ $reset ->
        [never] 不会自动重置。
       *[other] 将于{ $reset }重置。
    }

balance-blocked = { $subject ->
        [self] 你在这里已被禁止：管理员停止了你的付费请求。如果你认为有误，请联系管理员。
       *[other] { $who } 在这里已被禁止：管理员解除禁止前无法发起付费请求。
    }
# $pool: 社区同时设有总额度上限时为 "yes"。
balance-personal-token = { $subject ->
        [self] 你的请求使用你自己的网关令牌，因此{ $pool ->
            [yes] 本社区的额度和总额度对你不适用。
           *[no] 本社区的额度对你不适用。
        }
       *[other] 对方的请求使用自己的网关令牌，因此{ $pool ->
            [yes] 本社区的额度和总额度不适用于对方。
           *[no] 本社区的额度不适用于对方。
        }
    }
balance-personal-no-cap = { $subject ->
        [self] 你自己的令牌没有设置消费上限；唯一的限制是它背后的网关账户。
       *[other] 对方的个人令牌没有设置消费上限；唯一的限制是它背后的网关账户。
    }
# $source: scope（社区令牌）、operator（机器人运营方的令牌）、none（未绑定令牌）。
balance-token = { $subject ->
        [self] { $source ->
            [scope] 你的请求使用本社区的网关令牌。
            [operator] 你的请求使用机器人运营方的网关令牌。
           *[none] 这里还没有绑定网关令牌，所以你暂时无法发起付费请求；管理员可以绑定一个，你也可以用 /token 绑定自己的令牌。
        }
       *[other] { $source ->
            [scope] 对方的请求使用本社区的网关令牌。
            [operator] 对方的请求使用机器人运营方的网关令牌。
           *[none] 这里还没有绑定网关令牌，所以对方暂时无法发起付费请求；管理员可以绑定一个，对方也可以用 /token 绑定自己的令牌。
        }
    }
balance-pool-tighter = { $subject ->
        [self] 社区总额度是更紧的限制：你现在最多还能花 { $left }。
       *[other] 社区总额度是更紧的限制：对方现在最多还能花 { $left }。
    }

# /balance 下方的字段。
balance-field-paid-by = 付费方
balance-value-own-token = 你自己的令牌
balance-field-community-limit = 社区上限
balance-field-limit = 上限
balance-value-does-not-apply = 不适用
balance-field-spent = 已花
balance-field-held = 进行中任务冻结
balance-field-left = 剩余
balance-field-resets = 重置时间
balance-value-never = 从不
balance-value-no-limit = 不设上限
balance-field-blocked = 已禁止
balance-value-yes = 是
# 作为值的额度：“每天 $5.00”。
balance-allowance = { $period ->
        [day] 每天
        [week] 每周
        [month] 每月
       *[total] 总计
    } { $amount }

# /balance 的图表：标题（$days: 总计周期下绘制的天数）、花费线和额度线。
chart-balance-title = 你{ $period ->
        [day] 今天
        [week] 本周
        [month] 本月
       *[total] 最近 { $days } 天
    }的花费
chart-spent = 已花费
chart-allowance = 额度
# 图表（/balance 或 /usage）无法生成时的说明，后面附上具体数字。
chart-failed = 这次没能生成图表，以下是具体数字。
