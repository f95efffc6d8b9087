## 任务运行时和补发结果时聊天界面显示的状态行和标题。

# 等待空闲名额的请求。$position: 排队位置。
status-queued = 排队中：第 { $position } 位…
status-working = 正在处理…
status-gateway-queued = { $ahead ->
        [0] 排队中 — 下一个就是你（网关繁忙）…
       *[other] 排队中 — 你前面还有 { $ahead } 个（网关繁忙）…
    }
status-working-elapsed = 正在处理… { $elapsed }
status-starting-video = 正在启动视频…
# 进行中的视频：“视频 j_abc（model）：进行中 ▓▓░░ 40%”。$state: 任务状态文字。
status-video = 视频 { $job }（{ $model }）：{ $state } { $bar }
status-working-bar = 正在处理… { $bar }
title-video-ready = 视频已完成
late-result-ready = { $kind ->
        [video] 你的视频已完成。
        [answer] 你的回答已完成。
       *[image] 你的图片已完成。
    }
title-answer = 回答
footer-job = 任务 { $job }
# Telegram 未能立即接收的结果：机器人稍后会发出。
status-handed-over = 你的结果已完成并已扣费，但 Telegram 暂时没有接收：机器人稍后会把它发到这里。
button-expired = 这个按钮已失效。
