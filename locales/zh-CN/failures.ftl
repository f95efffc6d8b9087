## 失败提示：操作未成功时成员看到的内容。
## 每条消息是正文；`.title` 属性是简短标题（嵌入标题或加粗的第一行）。
## 占位符中的文字已按读者的语言区域格式化：$cost、$left 等金额（"$0.79"），$when 是时刻（“明天 00:00 CST（8 小时后）”），
## $wait 是时长（“35 分钟”），$size 是文件大小（"8 MB"）。命令（$balance、$models、$setupToken…）按成员的应用中的写法
## 给出（Discord 上是 "/setup token"，Telegram 上是 "/setup"）：原样保留。引用的用户输入（$model、$name、$given）已带引号并截为一行。

# 附在失败说明之后：此次失败的支持代码，只解释一次。
failure-ref = 参考代码 { $ref }：如需管理员帮助，请把这个代码告诉他们。
# The same line for an admin, who can read the detail. $job: how the /job command is written here.
failure-ref-admin = 参考代码 { $ref }：用 { $job } { $ref } 查看出了什么问题。

# /job <参考代码>：参考代码对应的内容。结果部分就是该失败本身的说明。
ref-title = 参考代码 { $ref }
ref-field-shown = 显示时间
# $when: 显示的时刻；$surface: 显示的位置（discord、telegram、console）。
ref-shown = { $when }，{ $surface }
# 仅管理员可见：失败代码、看到它的人，以及机器人记录的详细信息（技术信息，已去除机密）。
ref-field-code = 错误代码
ref-field-shown-to = 显示给
ref-unknown-user = 未知
ref-detail = 记录的详细信息：{ $detail }

# 涉及付费任务时，附在失败说明之后，说明费用的去向。
money-refunded = 网关已退款，你的冻结金额也已释放：没有扣费。
money-released = 你的冻结金额已释放：没有扣费。
money-charged = 结果已生成，因此已扣费。
money-none = 没有扣费。

# $when: 重置时刻（“明天 00:00 CST（8 小时后）”，按社区时区），或 "never"。
failure-budget-exhausted = 这次需要 { $cost }，但你只剩 { $left }。{ $when ->
        [never] 你的额度不会自动重置；管理员可以提高额度。
       *[other] 你的额度将于{ $when }重置。
    }详见 { $balance }。
    .title = 预算不足
failure-pool-exhausted = 这次需要 { $cost }，但社区只剩 { $left }。{ $when ->
        [never] 社区额度不会自动重置；管理员可以提高额度。
       *[other] 社区额度将于{ $when }重置。
    }详见 { $balance }。
    .title = 社区预算已用完
# $when: "never"，或重置时刻（这个运营方级别的限制始终按 UTC）。
failure-person-cap-exhausted = 这次需要 { $cost }，而你在机器人运营方的个人上限中只剩 { $left }；该上限统计你在所有使用运营方令牌的社区中的用量。{ $when ->
        [never] 它不会自动重置。
       *[other] 它将于{ $when }重置。
    }绑定了自己网关令牌的社区不受此限制。
    .title = 已达个人上限
failure-blocked = 管理员已禁止你在这里使用机器人。如果你认为有误，请联系管理员。
    .title = 无权使用
# $admin: 读者是管理员时为 "yes"；在私聊中（那里不能用管理员命令）为 "private"。
failure-no-token = { $admin ->
        [yes] 这里还没有绑定网关令牌。作为管理员，你可以用 { $setupToken } 绑定；成员也可以用 { $tokenLink } 绑定自己的令牌。
        [private] 你还没有绑定网关令牌。可以用 { $tokenLink } 绑定你自己的令牌（只有你使用）；在社区里，管理员可以用 { $setupToken } 为所有人绑定一个。
       *[no] 这里还没有绑定网关令牌。管理员可以用 { $setupToken } 绑定；你也可以用 { $tokenLink } 绑定自己的令牌。
    }
    .title = 没有网关令牌
# $source: 被网关拒绝的是谁的令牌。
failure-token-rejected = { $source ->
        [personal] 网关拒绝了你的个人令牌（可能有误、已过期或已撤销）。请用 { $tokenLink } 绑定新的令牌。
        [scope] 网关拒绝了本社区的令牌（可能有误、已过期或已撤销）。管理员可以用 { $setupToken } 绑定新的令牌。
       *[operator] 网关拒绝了机器人自己的令牌，需要机器人运营方更换；你也可以用 { $tokenLink } 绑定自己的令牌。
    }
    .title = 网关令牌被拒绝
failure-no-channel = { $model } 对这个令牌所属的分组不可用：网关有这个模型，但这个令牌所属的分组无法使用它。请从 { $models } 中选择其他模型；管理员可以请网关的所有者把该模型加入令牌的分组，或关联一个所属分组包含该模型的令牌。
    .title = 此令牌无法使用该模型
# $suggestion: 最接近的模型 ID，或 "none"。
failure-model-unknown = { $suggestion ->
        [none] 没有名为 { $model } 的模型。列表见 { $models }。
       *[other] 没有名为 { $model } 的模型。你是不是想用 { $suggestion }？详见 { $models }。
    }
    .title = 未知模型
failure-model-not-on-sale = 模型 { $model } 目前未开放。请从 { $models } 中选择其他模型。
    .title = 模型未开放
# $modelId: 不带引号的模型 ID，管理员在 $pricesSet 后输入。
failure-model-unpriced = { $model } 还没有价格（网关没有公布，管理员也没有设置），所以机器人无法把它控制在预算内。{ $admin ->
        [yes] 作为管理员，你可以用 { $pricesSet } { $modelId } <usd> 设置价格。
        [private] 价格由社区管理员在社区里用 { $pricesSet } 设置；在这里，请从 { $models } 中选择其他模型。
       *[no] 管理员可以用 { $pricesSet } 设置价格；在此之前，请从 { $models } 中选择其他模型。
    }
    .title = 模型还没有价格
# $variable: 配置变量名（DEFAULT_IMAGE_MODEL…），原样保留。$suggestions: 列表，或 "none"。
failure-default-model-missing = 机器人的默认模型（{ $variable }={ $model }）不在这个网关的列表中{ $suggestions ->
        [none] {""}
       *[other] ；最接近的有：{ $suggestions }
    }。请用 model 选项指定模型，并请机器人运营方修正 { $variable }。
    .title = 默认模型不可用
# $kind: image、video 或 text。
failure-no-default-model = 这个令牌无法调用任何有价格的{ $kind ->
        [image] 图片
        [video] 视频
       *[text] 文本
    }模型，因此没有默认模型。详见 { $models }；{ $admin ->
        [yes] 作为管理员，你可以用 { $pricesSet } <model> <usd> 设置价格。
        [private] 价格由社区管理员在社区里用 { $pricesSet } 设置，不能在私聊中设置。
       *[no] 管理员可以为某个模型设置价格。
    }
    .title = 没有可用的模型
# $what: 网关不提供的功能。
failure-not-offered = 这个网关不提供{ $what ->
        [edit] 图片编辑
        [video] 视频生成
        [remix] { $model ->
            [none] 视频改编
           *[other] 用 { $model } 生成的视频的改编
        }
        [upscale] { $model } 图片的更大尺寸
        [image] 图片生成
        [text] 文本模型
        [models] 模型列表
       *[balance] 令牌余额查询
    }。请询问机器人运营方是否有其他网关或令牌可用。
    .title = 此网关不提供该功能
# GATEWAY_BASE_URL 是配置变量：原样保留。
failure-gateway-misconfigured = 网关返回了跳转到网页的重定向，而不是 API。机器人运营方需要把 GATEWAY_BASE_URL 设为网关的 API 根地址（提供 /v1/models 的地址）。
    .title = 网关地址配置有误
failure-model-wrong-kind = { $model } 不是{ $expected ->
        [image] 图片模型。图片模型见 { $models }。
        [video] 视频模型。视频模型见 { $models }。
       *[text] 文本模型。文本模型见 { $models }。
    }
    .title = 模型类型不对
failure-option-unsupported = { $offered ->
        [none] { $model } 不支持 --{ $option }。
       *[other] { $model } 不提供 --{ $option } { $value }；可选：{ $offered }。
    } { $all ->
        [none] 它不支持任何额外选项。
       *[other] 它支持的选项：{ $all }。
    }
    .title = 不支持的选项
failure-quota-exhausted = { $source ->
        [personal] 你自己令牌背后的网关账户额度已用完。请在网关上充值，或用 { $tokenUnlink } 解除绑定，改用社区的令牌。
        [operator] 机器人自己令牌背后的网关账户额度已用完，需要机器人运营方充值；已通知管理员。
       *[scope] 本社区令牌背后的网关账户额度已用完，需要管理员在网关上充值；已通知管理员。
    }
    .title = 网关余额已用完
failure-forbidden-model = 这个令牌不允许使用 { $model }。请从 { $models } 中选择其他模型。
    .title = 此令牌不允许使用该模型
failure-content-refused = 网关的安全过滤拒绝了这个请求。请换个说法描述，或换用其他图片。
    .title = 请求被拒绝
# $header：网关要求的请求头名称（x-…），未指明时为 "provider"。GATEWAY_BASE_URL 保持原样。
failure-gateway-needs-header = 网关拒绝了这个请求，因为它需要{ $header ->
        [provider] 指定提供方
       *[other] 请求头 { $header }
    }，而普通的 OpenAI 兼容客户端不会发送它。机器人运营方需要把网关设置为不依赖它也能转发请求（见网关的文档），或把 GATEWAY_BASE_URL 指向能这样做的地址。
    .title = 网关需要单独设置
failure-content-refused-fee = { $source ->
        [personal] 网关依据其使用规则拒绝了这个提示词，并可能已向你的令牌收取违规费用；金额只显示在网关上该令牌的日志里。本机器人没有向你收费：你的预留额度已释放。请换个提示词试试。
        [scope] 网关依据其使用规则拒绝了这个提示词，并可能已向社区的令牌收取违规费用；金额只显示在网关上该令牌的日志里。本机器人没有向你收费：你的预留额度已释放。请换个提示词试试。
       *[operator] 网关依据其使用规则拒绝了这个提示词，并可能已向机器人的令牌收取违规费用；金额只显示在网关上该令牌的日志里。本机器人没有向你收费：你的预留额度已释放。请换个提示词试试。
    }
    .title = 提示词被拒绝
failure-gateway-refused = 网关拒绝了这个请求{ $status ->
        [none] {""}
       *[other] （HTTP { $status }）
    }{ $reason ->
        [none] 。
       *[other] ：{ $reason }。
    } 请换用其他设置或其他模型。
    .title = 被网关拒绝
failure-attachment-missing = 这需要至少一张参考图片。请附上图片后重试。
    .title = 需要图片
failure-attachment-too-many = 你附上了 { $got } 张图片，最多只能用 { $max } 张。请删掉一些后重试。
    .title = 图片太多
failure-attachment-too-large = { $name } 大小为 { $got }；每张图片最大 { $max }。请换用更小或压缩过的版本。
    .title = 图片太大
failure-attachment-empty = { $name } 是空文件（0 字节）。请重新附上图片。
    .title = 空文件
# $detected: "gif"、"none"（未知），或 "pdf"、"text"、"animated gif" 等文件类型（不翻译）。
# $vowel: 英文冠词专用，中文忽略。
failure-attachment-not-image = { $detected ->
        [gif] { $name } 是 GIF，图片模型不接受。请使用 PNG、JPEG 或 WebP 图片（截图也可以）。
        [damaged] { $name } 是损坏或不完整的图片（可能在发送或保存时被截断），因此没有发送给网关。请重新发送，或重新保存为 PNG、JPEG 或 WebP 图片。
        [none] { $name } 不是网关能读取的图片。请使用 PNG、JPEG 或 WebP 图片。
       *[other] { $name } 看起来是 { $detected } 文件{ $vowel ->
           *[other] {""}
        }，不是静态图片。请使用 PNG、JPEG 或 WebP 图片。
    }
    .title = 图片无法使用
failure-attachment-too-many-pixels = 图片为 { $width }x{ $height } 像素，最多接受 { $max } 像素。请缩小后重试。
    .title = 图片太大
# $limit: 平台的下载上限（"20 MB"），未知时为 "none"。
failure-attachment-download-failed = { $reason ->
        [too_big_for_platform] { $limit ->
            [none] 文件太大，机器人无法在这里下载。请发送更小的文件。
           *[other] 文件太大，机器人无法在这里下载（上限为 { $limit }）。请发送更小的文件。
        }
        [expired] 附件链接已过期。请重新发送文件。
       *[network] 附件下载失败（网络问题）。请稍后重试。
    }
    .title = 无法获取附件
failure-prompt-empty = 请描述你想要的内容（提示词为空）。
    .title = 需要提示词
# $reason: unreachable (the link's host does not resolve) or private (a private or local address).
failure-result-url-refused = { $reason ->
        [unreachable] 网关返回的图片链接本机器人无法访问（其主机名无法解析），因此没有获取任何内容。请管理员检查网关存放结果的位置。
       *[private] 网关返回的图片链接指向私有或本地网络地址，我不会访问这类地址。请管理员检查网关存放结果的位置。
    }
    .title = 未获取结果
failure-prompt-has-secret = 你的提示词中包含类似访问令牌的内容（网关密钥或机器人令牌），所以我没有使用或保存它。如果它是真实的令牌，请到对应服务撤销；网关令牌请在私聊中用 { $tokenLink } 绑定。
    .title = 这看起来像令牌
failure-prompt-too-long = 提示词有 { $got } 个字符，最多接受 { $max } 个。请缩短后重试。
    .title = 提示词太长
# $allowed: 例如“每边 64 到 1536 像素”的说明（来自 size-rule-* 消息）。
failure-bad-size = 这个模型不接受尺寸 { $given }：{ $allowed }。你也可以改为选择宽高比，例如 16:9。
    .title = 不支持该尺寸
failure-bad-aspect = { $given } 不是支持的宽高比。请使用以下之一：{ $allowed }。
    .title = 不支持该宽高比
failure-bad-duration = 无法生成 { $given } 秒的视频：视频时长为 { $min } 到 { $max } 秒（整数秒）。
    .title = 不支持该时长
failure-bad-count = 无法生成 { $given } 个：请选择 1 到 { $max }。
    .title = 不支持该数量
# $message: 语法解析的说明（来自 grammar-* 消息），或 "none"。
failure-bad-flag = { $message ->
        [none] 有个选项无法识别。请检查命令后重试。
       *[other] { $message }
    }
    .title = 选项无法识别
# $wait: 时长，网关未说明时为 "none"。
failure-gateway-busy = { $wait ->
        [none] 网关现在很忙。请过一分钟再试。
       *[other] 网关现在很忙。请在 { $wait }后重试。
    }
    .title = 网关繁忙
failure-gateway-busy-waited = 网关现在很忙：这个请求等了 { $waited } 也没有空位，网关始终没有受理。请过几分钟再试。
    .title = 网关繁忙
failure-gateway-down = 无法连接网关，或网关返回了错误。请过几分钟再试。
    .title = 网关不可用
failure-gateway-timeout = 网关没有及时响应。请过几分钟再试。
    .title = 网关响应太慢
# $reason: 网关给出的简短原因（通常是英文），或 "none"。
failure-task-failed-refunded = { $reason ->
        [none] 视频生成失败（网关报告了错误）。
       *[other] 视频生成失败（{ $reason }）。
    }
    .title = 视频生成失败
failure-task-expired-released = 视频没有按时完成，机器人已停止等待。
    .title = 视频耗时太长
failure-job-interrupted = 你的{ $kind ->
        [video] 视频
        [ask] 提问
       *[image] 图片
    }请求正在启动时机器人重启了，请求因此被丢弃。请重新发送。
    .title = 请求被中断
failure-result-delayed = 你的{ $kind ->
        [video] 视频
        [ask] 回答
       *[image] 图片
    }已经生成，但机器人暂时无法完成记录。无需重新发送请求：它很快会发布在这里；如果无法发布，你会收到说明。
    .title = 结果即将送达
# $size: 结果大小，未知时为 "none"。$until: 保留文件的删除时间，不保留时为 "never"。
failure-output-too-large = { $size ->
        [none] 结果超过了本聊天可接受的 { $limit }。
       *[other] 结果（{ $size }）超过了本聊天可接受的 { $limit }。
    }{ $until ->
        [never] {""}
       *[other] 在{ $until } 之前仍可用 { $jobs } 获取。
    }
    .title = 结果太大，无法发送
# $noun: answer、image 或 video。$job: 任务 ID，或 "none"。$get: 获取方式（failure-delivery-kept / -retry…）。
failure-delivery-failed-charged = 你的{ $noun ->
        [answer] 回答
        [image] 图片
       *[video] 视频
    }已生成并已扣费，但{ $reason ->
        [download] 机器人无法从网关下载它
        [chat_gone] 无法再访问目标聊天
       *[upload] 多次上传到这里都失败了
    }。{ $get }如果重新发起，会再生成一{ $noun ->
        [answer] 个回答
        [image] 张图片
       *[video] 个视频
    }并再次扣费。
    .title = { $noun ->
        [answer] 回答已生成但未送达
        [image] 图片已生成但未送达
       *[video] 视频已生成但未送达
    }
delivery-kept = 已保留：在{ $until } 之前可用 { $jobCmd } { $job } 获取。
# $job: 任务 ID，未知时为 "none"。
delivery-retry-download = 管理员可以重试{ $job ->
        [none] 这个任务
       *[other] 任务 { $job }
    }的发送：机器人会重新从网关下载，只要网关仍保留该结果就可以成功。
delivery-retry = 管理员可以重试{ $job ->
        [none] 这个任务
       *[other] 任务 { $job }
    }的发送。
failure-result-not-delivered = 你的{ $noun ->
        [answer] 回答
        [image] 图片
       *[video] 视频
    }已生成，但无法发出，因为{ $reason ->
        [too_large] 它超过了本聊天可接受的大小
        [chat_gone] 无法访问本聊天
        [not_a_video] 网关发来的文件不是可播放的视频
       *[files_gone] 它的文件已丢失
    }。这次没有扣费。
    .title = { $noun ->
        [answer] 回答未送达
        [image] 图片未送达
       *[video] 视频未送达
    }
failure-cooldown = 你可以在 { $wait }后发起下一个请求。
    .title = 请稍等
# $waiting: 前面排队的请求数（队列已满时为 0）。
failure-queue-full = { $waiting ->
        [0] 这里的队列已满。请过几分钟再试。
       *[other] 这里已有 { $waiting } 个请求在排队。请过几分钟再试。
    }
    .title = 排队的请求太多
# 机器人各进程共享的状态（Redis）无法访问；已在进行的请求不受影响。
failure-coordination-unavailable = 机器人暂时无法开始新的请求（无法访问共享的限额数据）。请稍后再试；正在进行的请求不受影响，也没有扣费。
    .title = 暂时繁忙
failure-store-unavailable = 机器人暂时无法连接数据库，因此无法完成此操作。请稍后再试。
    .title = 请稍后再试
failure-not-admin = 只有本社区的管理员可以执行此操作。
    .title = 仅限管理员
# $message: 金额解析的说明（money-error-* 消息）。
failure-bad-amount = { $message }
    .title = 金额无法识别
failure-unknown-user = 这里没有见过名为 { $given } 的人，因此没有做任何更改。{ $how }
    .title = 未知用户
failure-job-not-found = 这里没有任务 { $id }。你的任务见 { $jobs }。
    .title = 找不到任务
failure-job-not-yours = 只有发起任务 { $id } 的成员或管理员可以使用它的按钮。用 { $imagine } 生成你自己的图片。
    .title = 不是你的任务
failure-bad-timezone = { $given } 不是时区名称。请使用 Asia/Shanghai、Europe/Berlin 或 UTC 这样的名称。
    .title = 未知时区
failure-other-bot = 这条命令是发给另一个机器人的。
    .title = 不是发给本机器人的
# $suggestion: 成员输入形式的命令，或 "none"。
failure-unknown-command = { $suggestion ->
        [none] 没有命令 { $given }。命令列表见 { $help }。
       *[other] 没有命令 { $given }。你是不是想用 { $suggestion }？命令列表见 { $help }。
    }
    .title = 未知命令
# $usage: 一行或多行用法（没有时为 "none"）；$name: 缺少的参数名（标识符）。
failure-missing-argument = { $usage ->
        [none] 缺少 { $name }。
       *[other] 用法：{ $usage }
        （缺少 { $name }）
    }
    .title = 缺少参数
failure-not-here = { $place ->
        [private] 这只能在与机器人的私聊中使用（以免机密信息出现在群组中）。
       *[community] 这只能在社区（服务器或群组）中使用，不能在私聊中使用。
    }
    .title = 这里无法使用
failure-job-files-gone = { $what ->
        [references] 任务 { $id } 的参考图片已不再保留，因此无法重新生成。请带上图片重新执行 { $edit }。
       *[outputs] 任务 { $id } 的结果已不再保留，无法再次使用。请发起新的请求。
    }
    .title = 文件已不再保留
failure-internal = 我们这边出了点问题。请重试；如果一直出现，请把下面的参考代码告诉管理员。
    .title = 出了点问题
# 连失败说明都无法生成时使用。
failure-internal-short = 我们这边出了点问题。请重试。
# $available: 支持的语言代码，以逗号分隔。
failure-unknown-language = { $given } 不是我支持的语言。请从以下语言中选择：{ $available }。
    .title = 未知语言
failure-unknown-setting = 没有 { $given } 这个设置。可用设置：{ $keys }。用 { $settings } 查看你的设置。
    .title = 未知设置
failure-bad-setting = { $given } 不是 { $key } 的有效值。可用值：{ $allowed }。未做任何更改。
    .title = 此设置的值无效
failure-operator-cap-exhausted = 这次需要 { $cost }，而机器人今天的共享预算只剩 { $left }：机器人运营方限制了所有社区每天合计可以通过机器人自己的网关令牌花费的金额。预算将于{ $when }重置。绑定了自己网关令牌的社区不受此限制。
    .title = 机器人今天的预算已用完
# $place：private 或 community。$community：给运营方看的聊天 ID（平台:id）。
failure-operator-access-not-approved = { $place ->
        [private] 这个私聊未获准使用机器人自己的网关令牌。请让机器人所有者批准 { $community }，或用 { $tokenLink } 绑定你自己的令牌。
       *[other] 这个社区未获准使用机器人自己的网关令牌。请让机器人所有者批准它（所有者在这里运行 { $approve }，或批准 { $community }）。管理员也可以用 { $setupToken } 绑定社区自己的令牌，或者你可以用 { $tokenLink } 绑定你自己的令牌。
    }
    .title = 未获准使用机器人的令牌

failure-job-cancelled = 你的{ $kind ->
        [video] 视频
        [ask] 提问
       *[image] 图片
    }请求在网关开始处理之前已被取消。
    .title = 已取消
failure-job-not-cancellable = { $reason ->
        [at_gateway] 任务 { $id } 已无法取消：网关已经在处理它。它会照常完成并扣费（如果失败，冻结金额会被释放）。用 { $jobCmd } { $id } 查看进度。
        [not_owner] 任务 { $id } 属于其他成员：只有本人或管理员可以取消。
       *[finished] 任务 { $id } 已经结束：没有可取消的内容。
    }
    .title = 未取消
