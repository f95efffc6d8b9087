## 结果和任务视图：标题、结果下方的字段、按钮和任务状态。

# 按钮（要短：Discord 按钮和 Telegram 键盘大约能舒适显示 20 个字符）。
action-reroll = 重新生成
action-edit = 编辑
action-animate = 做成视频
action-remix = 改编
action-vary = 变体
action-upscale = 放大
action-vary-n = V{ $n }
action-upscale-n = U{ $n }
action-animate-last-frame = 用最后一帧做成视频
action-refresh = 刷新
# 按下“编辑”/“改编”后请成员输入的内容。
action-edit-input = 要改什么？
action-remix-input = 新版本要展示什么？

# 结果或任务下方的字段名。
field-model = 模型
field-size = 尺寸
field-options = 选项
field-cost = 费用
field-left = 剩余
field-job = 任务
field-duration = 时长
# /job of a finished video: the length asked for (the delivered file's own length is in its caption).
field-duration-requested = 请求的时长
field-status = 状态
field-created = 创建时间
field-tokens = Token
# $cost：金额。网关的回答没有令牌数时显示。
field-cost-estimated = { $cost }（估算：网关没有报告令牌数，因此由机器人按文本计算）
field-held = 冻结至交付
field-ready-in = 预计完成
# 字段值。
value-no-limit = 不设上限
value-seconds = { $n } 秒
# A delivered video whose file plays for another length than was asked. $n: seconds in the file; $requested: asked.
value-seconds-delivered = { $n } 秒（请求的是 { $requested } 秒）

result-image-title = 图片已完成
# 部分图片超出本聊天允许的大小。$count: 数量；$limit: 大小上限；$job: 稍后获取它们的命令。
result-images-too-large = { $count ->
       *[other] 有 { $count } 张图片超过本聊天 { $limit } 的上传上限；请稍后使用 { $jobCmd } { $job }。
    }
result-images-partial = 已生成 { $requested } 张中的 { $made } 张；只按 { $made } 张扣费。
result-empty-answer = （空回答）

# 宣布视频任务。$seconds: 时长，由模型决定时为 0。
estimate-video = { $seconds ->
        [0] 正在用 { $model } 生成视频{ $size ->
            [none] {""}
           *[other] （{ $size }）
        }。
       *[other] 正在用 { $model } 生成 { $seconds } 秒的视频{ $size ->
            [none] {""}
           *[other] （{ $size }）
        }。
    }最多冻结 { $cost }，只有视频交付后才扣费{ $left ->
        [none] 。
       *[other] ；此后剩余 { $left }。
    }{ $wait ->
        [none] {""}
       *[other] 通常需要约 { $wait }。
    }
video-started-title = 视频已开始
remix-started-title = 改编已开始
video-will-be-posted = 任务 { $job }：视频完成后会发到这里。

jobs-title = 你的任务
jobs-none = 你还没有任务。
# /jobs 的一行：“图片 · 已完成 · model · 已扣费 $0.04 · 提示词”。$money: 费用的去向（job-money）。
jobs-line = { $kind } · { $state } · { $model } · { $money } · { $prompt }
job-title = { $kind } { $id }
job-files-too-large = { $count ->
       *[other] 这个任务有 { $count } 个文件超过本聊天的上传上限。
    }

# 成员看到的任务类型。
job-kind = { $kind ->
        [imagine] 图片
        [edit] 编辑
        [video] 视频
       *[ask] 回答
    }
# 用平实的话说明任务状态（费用的结果由 job-money 说明，这里绝不提）。
job-state = { $state ->
        [queued] 等待开始
        [working] 进行中
        [delivering] 正在发送
        [done] 已完成
        [failed] 失败
        [timed_out] 超时
        [interrupted] 已停止
       *[not_delivered] 已生成，未发送
    }
# 任务的费用去向。$amount: 该结果对应的金额。资金已释放或退款的任务绝不说“冻结”。
job-money = { $outcome ->
        [held] 已冻结 { $amount }
        [charged] 已扣费 { $amount }
        [charged_kept] 已扣费 { $amount }，结果已保留
        [refunded] 已退款 { $amount }
       *[none] 未扣费
    }

## 聊天界面自行添加的文字。
# 回复中超过本聊天上传上限的文件。$kind: image、video 或 file；$job: 获取它们的命令，或 "none"。
surface-over-limit = 有 { $count } { $kind ->
        [image] 张图片
        [video] 个视频
       *[file] 个文件
    }超过本聊天 { $limit } 的上传上限{ $job ->
        [none] 。
       *[other] ；请稍后使用 { $job }。
    }
# 一个太大无法发送的文件。$job: 稍后获取它的命令，或 "none"。
surface-file-too-large = { $name }（{ $size }）太大，无法在这里发送。{ $job ->
        [none] {""}
       *[other] 它会保留一段时间：{ $job }。
    }

# 队列 (/queue)。取消会在网关开始处理之前把任务移出队列。
action-cancel = 取消
action-cancel-job = 取消 { $id }
queue-title = 你的队列
queue-title-all = 本社区的队列
queue-none = 你在这里没有等待或进行中的任务。
queue-none-all = 这里没有等待或进行中的任务。
queue-community = 本社区：{ $waiting } 个等待中，{ $running } 个进行中。
queue-phase-queued = 排在第 { $position } 位
queue-phase-waiting = { $ahead ->
        [0] 下一个发往网关（网关繁忙）
       *[other] 前面还有 { $ahead } 个等待网关（网关繁忙）
    }
queue-phase-running = 生成中
queue-elapsed = 已用 { $elapsed }
queue-eta = 约剩 { $eta }
queue-eta-overdue = 比平常慢
queue-member = { $mine ->
        [yes] 你
       *[other] 成员 { $user }
    }
queue-cancel-which = 哪个任务？请使用 { $cmd } cancel <任务 ID>；{ $cmd } 会列出你的任务。
queue-cancelled-title = 已取消
queue-cancelled = 任务 { $id }（{ $kind }）在网关开始处理之前已移出队列。{ $held ->
        [yes] 冻结金额已释放：没有扣费。
       *[other] 没有扣费。
    }
