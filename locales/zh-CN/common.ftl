## 通用词语：单位、时间点、大小。数字已按语言区域格式化（$n 可能是 "1,024"）。

# 时长，按日常说法取整。$n 是数字。
unit-seconds = { $n } 秒
unit-minutes = { $n } 分钟
unit-hours = { $n } 小时
unit-hours-minutes = { $h } 小时 { $min } 分钟
unit-days = { $n ->
       *[other] { $n } 天
    }

# “8 小时后”：$duration 是 unit-* 之一。
time-in = { $duration }后
time-now = 现在
# 社区时区中的某个时刻。$day: today、tomorrow 或 other；$date 如 "11月24日周一"；$time "00:00"；$zone 时区简称。
time-moment = { $day ->
        [today] 今天 { $time } { $zone }
        [tomorrow] 明天 { $time } { $zone }
       *[other] { $date } { $time } { $zone }
    }
# 时刻及距离现在多久：“明天 00:00 CST（8 小时后）”。
time-moment-in = { $moment }（{ $in }）

# 文件大小：$n 是数字，$unit 是 B、KB、MB、GB 之一。
size-bytes = { $n } { $unit }
size-unknown = 大小未知

# 额度周期。$period: day、week、month 或 total。
period-per = { $period ->
        [day] 每天
        [week] 每周
        [month] 每月
       *[total] 总计
    }
period-this = { $period ->
        [day] 今天
        [week] 本周
        [month] 本月
       *[total] 总计
    }

# 成员输入的金额无法识别时显示。
money-error-hint = 金额以美元计，例如 0.50 或 $2。
# 输入的金额被拒绝的原因。$given: 输入的内容（带引号）。后面接 money-error-hint。
money-error-empty = 没有填写金额。
money-error-negative = { $given } 是负数；金额必须大于或等于零。
money-error-format = { $given } 不是有效金额。
money-error-comma = { $given } 含有逗号；请写成 1000 或 0.5，不要加分隔符。
money-error-exponent = { $given } 使用了指数形式，不受支持。
money-error-too-precise = { $given } 的小数超过 6 位。
money-error-too-large = { $given } 超过了 100000 USD。
