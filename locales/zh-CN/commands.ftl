## 命令说明与帮助。命令名和选项名保持英文（需要输入），只翻译说明。Discord 的说明限 100 个字符，请保持简短。

cmd-imagine = 根据文字描述生成图片
    .help = 根据你的描述生成一张或多张图片。费用先冻结，只按实际交付的图片扣费。
cmd-imagine-opt-prompt = 图片要画什么
opt-aspect = 宽高比 W:H，例如 16:9
opt-size = 精确尺寸 WxH（像素），例如 1024x1024，或 auto
cmd-imagine-opt-count = 生成几张（1-4）
cmd-edit = 按你的指示修改图片（或合并最多三张）
    .help = 按你的指示编辑你附上的图片（最多三张），或用 --from 编辑之前某个任务的结果。费用先冻结，只按实际交付的内容扣费。
cmd-edit-opt-prompt = 要改什么，直接说就好
cmd-edit-opt-images = 要编辑的图片（最多 3 张）
cmd-edit-opt-job = 改为编辑之前这个任务的结果
cmd-video = 根据描述生成短视频，可从一张图片开始
    .help = 根据你的描述生成短视频（附上图片即可让它动起来）。预估费用现在冻结，视频交付时扣费；完成后会发到这里。
cmd-video-opt-prompt = 视频要展示什么
cmd-video-opt-seconds = 时长（秒，4-15）
cmd-video-opt-image = 视频的起始图片
cmd-ask = 向文本模型提问
    .help = 把你的问题发给文本模型并发出回答，附上用掉的 token 数和费用。
cmd-ask-opt-prompt = 你的问题或指令
cmd-balance = 查看你的预算还剩多少
    .help = 显示你在这里的额度：剩余多少、已花多少、进行中的任务冻结了多少，以及何时重置。加上 chart 可查看本周期花费与额度的对比图。
cmd-balance-opt-view = chart：附上你的花费与额度对比图
cmd-jobs = 列出你最近和进行中的任务
    .help = 列出你在这里最近的十个任务，包括状态、模型和费用。用 /job <id> 查看其中一个。
cmd-job = 查看单个任务及其结果
    .help = 显示一个任务的状态、模型、尺寸和费用；结果文件仍在保留期内时会重新发出。如果给出错误信息末尾的参考代码，则显示出了什么问题（管理员还能看到记录的详细信息）。
cmd-job-opt-job = 任务开始时显示的任务 ID，或错误信息末尾的参考代码
cmd-models = 列出这里可用的模型及价格
    .help = 列出这里使用的网关令牌能调用的模型，包括价格及其来源、每类的默认模型，以及价格如何选定。指定类型即可只看图片、视频或文本模型。
cmd-models-opt-kind = 只看这一类模型
cmd-budget = 管理本社区的消费上限
    .help = 设置成员可以花多少（金额以美元计；周期为 day、week、month 或 total）。成员可以是 @用户名、提及或 ID；在可以回复消息的地方，也可以直接回复对方的消息。
cmd-budget-default = 设置每位成员的默认上限
cmd-budget-default-opt-amount = 每位成员的上限（美元），例如 5 或 2.50（none：不设上限）
cmd-budget-default-opt-period = 重置周期：day、week、month 或 total（默认：当前的默认周期）
cmd-budget-set = 为某位成员单独设置上限
cmd-budget-set-opt-user = 成员
cmd-budget-set-opt-amount = 上限（美元），例如 10（none：不设上限）
cmd-budget-set-opt-period = 重置周期：day、week、month 或 total（默认：默认周期）
cmd-budget-clear = 移除成员的单独上限（恢复默认）
cmd-budget-clear-opt-user = 成员
cmd-budget-pool = 为整个社区设置共享上限
cmd-budget-pool-opt-amount = 全社区上限（美元）（none：移除）
cmd-budget-pool-opt-period = 重置周期：day、week、month 或 total（默认：month）
cmd-budget-block = 禁止某位成员在这里使用机器人
cmd-budget-block-opt-user = 成员
cmd-budget-unblock = 允许被禁止的成员重新使用机器人
cmd-budget-unblock-opt-user = 成员
cmd-budget-adjust = 为成员本周期的消费增加或扣回额度
cmd-budget-adjust-opt-user = 成员
cmd-budget-adjust-opt-amount = 美元；正数增加额度，负数扣回，例如 -1.50
cmd-budget-adjust-opt-note = 原因（记入审计日志）
cmd-budget-show = 查看上限和消费
cmd-budget-show-opt-user = 某位成员（默认：整个社区）
cmd-usage = 查看本社区谁花了多少
    .help = 按成员报告某个周期的消费（默认：本月），并附完整报告的 CSV 文件。加上 chart 可查看按成员堆叠的每日花费图。
cmd-usage-opt-period = 哪个周期（默认：本月）
cmd-usage-opt-view = chart：附上按成员划分的每日花费图
cmd-usage-opt-user = 只看这位成员
cmd-setup = 将本社区连接到媒体网关
    .help = 绑定本社区的网关令牌（私下询问；只会显示最后 4 个字符），查看或移除它，并设置每日、每周和每月重置所用的时区。
cmd-setup-token = 设置本社区的网关令牌（私下询问）
opt-token = 网关令牌（私下发送，绝不显示）
cmd-setup-show = 查看当前设置（令牌绝不显示）
cmd-setup-unlink = 移除本社区的网关令牌
cmd-setup-timezone = 设置每日、每周和每月重置所用的时区
cmd-setup-timezone-opt-tz = IANA 时区，例如 Asia/Shanghai
cmd-prices = 设置本社区的模型价格和类型
    .help = 为某个模型设置本社区自己的价格（美元，按每张图片、每秒视频或每 1,000 个文本 token 计；优先于运营方和网关的价格），也可移除、列出价格，或更正模型的类型。每次更改都记入审计日志。
cmd-prices-opt-model = 模型的完整 ID，与 /models 列出的一致
cmd-prices-list = 查看管理员在这里设置的价格和类型
cmd-prices-set = 设置某个模型在本社区的价格（优先于其他所有价格）
cmd-prices-set-opt-usd = 每单位的美元价格，例如 0.04
cmd-prices-set-opt-per = 计价单位（默认：按模型类型）
cmd-prices-clear = 移除模型的管理员价格（恢复运营方或网关的价格）
cmd-prices-kind = 在这里更正模型的类型（auto 会撤销更正）
cmd-prices-kind-opt-kind = 这个模型生成什么
cmd-token = 使用你自己的网关令牌
    .help = 绑定你自己的网关令牌（私下询问；只会显示最后 4 个字符），你的请求将由它付费；也可以解除绑定。
cmd-token-link = 绑定你自己的网关令牌（私下询问）
cmd-token-unlink = 解除你的网关令牌
cmd-reroll = 用相同的请求重新运行之前的任务
    .help = 重新运行之前的任务：相同的提示词、模型和尺寸（编辑任务会沿用保留的参考图）。按新请求计费。
cmd-reroll-opt-job = 要重新运行的任务
cmd-animate = 用之前任务的图片生成视频
    .help = 以之前某个任务的第一张图片和它的提示词生成视频。预估费用现在冻结，视频交付时扣费。
cmd-animate-opt-job = 要做成动画的图片任务
cmd-remix = 用新提示词为之前的视频生成新版本
    .help = 改编本聊天中之前的视频：网关会按你的新提示词在它的基础上生成新视频。与新视频一样，预估费用现在冻结，交付时扣费。
cmd-remix-opt-job = 要改编的视频任务
cmd-remix-opt-prompt = 新版本要展示什么
cmd-remix-opt-seconds = 时长（秒，4-15；默认：原视频的时长）
cmd-help = 如何使用这个机器人
    .help = 列出你在这里可用的命令，或详细说明某个命令：它的选项和示例。
cmd-help-opt-command = 要说明的命令，例如 imagine

# $kind: image, video 或 text。
opt-model = 使用哪个{ $kind ->
        [image] 图片
        [video] 视频
       *[text] 文本
    }模型（默认：已配置的模型）

# /prices set 的单位和 /prices kind 的选项。
choice-per-image = 每张图片
choice-per-second = 每秒视频
choice-per-1k = 每 1,000 个文本 token
choice-kind-image = 图片
choice-kind-video = 视频
choice-kind-text = 文本
choice-kind-auto = auto（撤销更正）

cmd-language = 选择我和你说话的语言
    .help = 显示我和你使用的语言及可选语言，或设置你的语言（优先于本社区默认语言和你的应用语言）。“reset”恢复默认。
cmd-language-opt-code = 语言代码，如 en、es、pt-BR、zh-CN、ru 或 ja；reset 恢复默认
cmd-setup-language = 设置本社区的默认语言
cmd-setup-language-opt-code = 语言代码，如 en、es、pt-BR、zh-CN、ru 或 ja；reset 移除
cmd-approve = 允许此社区使用机器人的网关令牌（所有者）
    .help = 当 OPERATOR_TOKEN_ACCESS=approved 时，只有所有者批准的社区才能用机器人自己的网关令牌运行任务。/approve 批准此社区；/approve off 撤销批准。拥有自己令牌的社区无需批准。
cmd-approve-opt-state = on（默认）表示批准，off 表示撤销批准
cmd-web = 获取一个私人链接，在网页上查看你的结果
    .help = 私下回复一个登录链接，10 分钟内有效且只能使用一次。它会打开你的作品库、你的余额；管理员还能打开本社区的预算页面。
