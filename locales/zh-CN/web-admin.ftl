# 管理员网页 (src/web/admin-pages.ts) 和网页图表的表格 (src/web/charts.ts)。
web-admin-nav = 管理页面
web-admin-nav-budgets = 预算
web-admin-nav-usage = 用量
web-admin-nav-prices = 价格
web-admin-nav-rules = 规则
web-admin-nav-queue = 队列
web-admin-nav-refs = 故障编号
web-admin-nav-audit = 审计日志
web-admin-usage-title = { $community } 的用量
web-admin-prices-title = { $community } 的价格
web-admin-rules-title = { $community } 的规则
web-admin-queue-title = { $community } 的队列
web-admin-refs-title = { $community } 的故障编号
web-admin-audit-title = { $community } 的审计日志
web-admin-period-word = { $period ->
    [day] 今天
    [week] 本周
    [month] 本月
   *[total] 全部时间
}
web-admin-period-every = { $period ->
    [day] 每天
    [week] 每周
    [month] 每月
   *[total] 总计
}
web-admin-allowance = 每{ $period ->
    [day] 天
    [week] 周
    [month] 月
   *[total] 全部时间
} { $amount }
web-admin-unlimited = 不限
web-admin-show-period = 显示的时段
web-admin-show = 显示
web-admin-csv = 下载 CSV
web-admin-by-member = 按成员
web-admin-by-model = 按模型
web-admin-by-day = 按天
web-admin-col-day = 日期
web-admin-col-when = 时间
web-admin-col-total = 合计
web-admin-col-member = 成员
web-admin-col-model = 模型
web-admin-col-jobs = 任务
web-admin-col-images = 图片
web-admin-col-seconds = 视频秒数
web-admin-col-tokens = 令牌
web-admin-col-spent = 花费
web-admin-no-model = (无任务)
web-admin-no-usage = 此时段没有花费。
web-admin-community-limits = 社区限额
web-admin-default = 每位成员的默认额度:{ $allowance }
web-admin-default-operator = (运营者的默认值)
web-admin-pool = 全体成员共用额度:{ $allowance }
web-admin-no-pool = 没有全体成员共用额度。
web-admin-members = 成员
web-admin-col-own = 个人额度
web-admin-col-blocked = 已封禁
web-admin-col-spent-month = 本月花费
web-admin-col-actions = 修改
web-admin-uses-default = 默认
web-admin-yes = 是
web-admin-no = 否
web-admin-adjust-amount = 增减 (+/− 美元)
web-admin-adjust-note = 备注
web-admin-adjust = 调整
web-admin-block-member = 封禁 { $member }
web-admin-unblock-member = 解封 { $member }
web-admin-clear-member = 让 { $member } 恢复默认额度
web-admin-default-amount = 默认额度 (美元,none = 不限)
web-admin-default-period = 默认周期
web-admin-default-submit = 设置默认值
web-admin-pool-amount = 共用额度 (美元,none 表示取消)
web-admin-pool-period = 共用额度周期
web-admin-pool-submit = 设置共用额度
web-admin-no-members = 这里还没有成员使用过机器人。
web-admin-prices-now = 当前价格
web-admin-price-model = 要定价的模型
web-admin-price-usd = 价格 (美元)
web-admin-price-per = 计费单位
web-admin-per-default = 按模型类型
web-admin-per-image = 每张图片
web-admin-per-second = 每秒视频
web-admin-per-1k = 每 1000 个令牌
web-admin-price-set = 设置价格
web-admin-clear-model = 要清除价格的模型
web-admin-price-clear = 清除价格
web-admin-kind-model = 要设置类型的模型
web-admin-kind = 类型
web-admin-kind-image = 图片
web-admin-kind-video = 视频
web-admin-kind-text = 文本
web-admin-kind-auto = 自动 (忘记更正)
web-admin-kind-set = 设置类型
web-admin-words = 词语规则
web-admin-word-pattern = 要拒绝的词语或模式
web-admin-word-message = 拒绝时显示的消息 (可选)
web-admin-word-add = 添加规则
web-admin-word-remove-pattern = 要重新允许的词语或模式
web-admin-word-remove = 删除规则
web-admin-word-clear = 删除所有词语规则
web-admin-channel = 频道规则 (你请求链接的聊天)
web-admin-channel-rule = 规则
web-admin-rule-allow = 也允许这些命令
web-admin-rule-only = 只允许这些命令
web-admin-rule-silent = 静默 (在此不回复)
web-admin-rule-reset = 无规则 (重置)
web-admin-channel-commands = 命令 (用于 “allow” 和 “only”)
web-admin-channel-submit = 应用规则
web-admin-col-job = 任务
web-admin-col-state = 状态
web-admin-cancel = 取消 { $id }
web-admin-cancel-id = 任务编号
web-admin-cancel-submit = 取消任务
web-admin-refs-help = 成员遇到故障时会看到一个六位字母的编号。输入它即可查看出错原因和机器人记录的详情。
web-admin-ref = 编号 (例如 K7Q2XM)
web-admin-ref-submit = 查询
web-admin-col-who = 操作人
web-admin-col-action = 操作
web-admin-col-before = 修改前
web-admin-col-after = 修改后
web-admin-audit-empty = 还没有记录任何修改。
web-admin-pages = 审计日志分页
web-admin-page = 第 { $n } 页,最新的在前
web-admin-newer = 较新的修改
web-admin-older = 较早的修改
web-admin-refs-recent = 最近的编号
web-admin-col-ref = 编号
web-admin-col-outcome = 成员看到的内容
web-admin-col-detail = 记录的详情
web-admin-refs-none = 这里还没有显示过故障编号。
