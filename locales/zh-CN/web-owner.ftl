# The web's owner page, real sign-in (Telegram widget, Discord) and rate limits (src/web/owner-pages.ts).
web-nav-owner = 所有者
web-owner-title = 所有者总览
web-owner-communities = 社区
web-owner-none = 机器人还没有见过任何社区。
web-owner-kind = { $kind ->
    [guild] Discord 服务器
    [group] 群组
    [private] 私聊
   *[other] 控制台
}
web-owner-col-community = 社区
web-owner-col-day = 今天
web-owner-col-week = 本周
web-owner-col-month = 本月
web-owner-col-access = 运营方令牌
web-owner-col-action = 操作
web-owner-open = 对所有人开放
web-owner-approved = 已批准
web-owner-pending = 等待批准
web-owner-approve = 批准
web-owner-deny = 撤销
web-owner-operator = 运营方令牌今日情况（UTC）
web-owner-cap = 每日上限
web-owner-cap-off = 关闭
web-owner-spent = 今日已花费
web-owner-held = 进行中任务的冻结金额
web-owner-left = 今日剩余
web-owner-resets = 重置时间
web-owner-balance = 网关余额
web-owner-drift = 与网关对账
web-owner-drift-off = 不可用：未配置网关地址。
web-owner-drift-none = 自昨天以来没有计费任务，也没有网关记录。
web-owner-drift-failed = 无法读取令牌 { $token } 的网关记录。
web-owner-col-token = 令牌
web-owner-col-utc-day = 日期（UTC）
web-owner-col-bot = 机器人
web-owner-col-gateway = 网关
web-owner-col-drift = 偏差
web-owner-col-unmatched = 未匹配
web-owner-health = 进程状态
web-owner-ops-off = 此进程无法提供进程数据。
web-owner-ready = 本进程就绪状态：{ $state ->
    [ok] 就绪
    [stopping] 正在停止
   *[other] 未就绪
}
web-owner-check-ok = 正常
web-owner-check-failed = 失败
web-owner-col-role = 角色
web-owner-col-host = 主机和进程号
web-owner-col-started = 启动时间
web-owner-col-seen = 最近一次心跳
web-sign-in-title = 登录
web-sign-in-intro = 在聊天中发送 /web 获取一次性登录链接，或在此用你在聊天中使用的账号登录。
web-sign-in-telegram = 使用 Telegram
web-sign-in-discord-title = 使用 Discord
web-sign-in-discord = 用 Discord 登录
web-sign-in-pick = 选择一个社区
web-sign-in-failed = 无法验证此次登录。请重试，或在聊天中发送 /web。
web-sign-in-no-community = 我还没有在任何社区见过你。先在某个社区发送一条命令，然后再登录。
web-too-many-title = 尝试次数过多
web-too-many = 短时间内尝试次数过多。请等待 { $seconds } 秒后再试。
