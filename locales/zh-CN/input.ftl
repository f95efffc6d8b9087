# 对选项、参数和管理值的拒绝（`bad_flag` 或 `bad_amount` 失败的文字）。
# 命令、参数和选项的名称（$flag、$command、$name）以及输入的取值（day、week、month、total）保持原样，不翻译。

## 正确的取值写法（下面消息中的 $form）。
input-form-aspect = W:H，例如 16:9
input-form-size = WxH，例如 1024x1024，或 auto
input-form-model = 模型 ID，例如 alpha-image-2
input-form-integer = 整数
input-form-integer-range = { $min } 到 { $max } 之间的整数
input-form-job = 任务 ID
input-form-user = @用户名、提及或 ID
input-form-amount = 美元金额，例如 5 或 2.50
input-form-period = day、week、month 或 total
input-form-choice = 以下之一：{ $choices }
input-form-text = 一段文字

## 命令不接受的参数和词。
input-valid-flags = 可用参数：{ $flags }
input-no-flags = 这个命令不带参数。
input-with-flags = { $problem }{ $flags }
input-did-you-mean = { $problem }你是不是想用 { $suggestion }？
input-flag-conflict = { $flag } 不能和 { $other } 一起使用。
input-flag-not-here = { $command } 不接受 { $flag }。
input-flag-unknown = 未知参数 { $flag }。
input-flag-no-value = { $flag } 需要一个值：{ $form }。
input-flag-bad-value = { $flag } { $value } 无效：请使用{ $form }。
input-secret-bad-value = { $flag } 无效：请使用{ $form }。
model-id-looks-like-key = 这看起来是一个密钥，而不是模型 ID，因此没有被使用、保存或显示。如果它确实是密钥，请在网关上吊销它并重新生成一个。
input-flag-twice = { $flag } 重复出现了两次。
input-not-a-member = “{ $value }”不是成员：请使用{ $form }。
input-bad-word = “{ $value }”不是 { $command } 可用的 { $name }：请使用{ $form }。
input-extra-words = { $command } 不接受“{ $extra }”。用法：{ $usage }
input-unknown-argument = 这个命令不接受“{ $name }”。
input-not-files = { $flag } 接受的是{ $form }，不是文件。
input-files-only = { $flag } 只接受文件。
input-too-long = { $flag } 太长了（最多 { $max } 个字符）。

## 图片尺寸。
input-size-sides = 每边 { $min } 到 { $max } 像素，写法如 { $example }
input-size-requested = 所请求的尺寸

## 管理值。$min、$max、$amount 和 $after 已经格式化好。
input-period = “{ $given }”不是周期；请使用 day、week、month 或 total。
input-amount-range = 金额必须在 { $min } 到 { $max } 之间。
input-pool-needs-amount = 设置社区总额度上限需要一个金额。
input-note-length = 调整需要附一条简短备注（{ $min }–{ $max } 个字符）。
input-zero-adjustment = 调整 { $amount } 不会改变任何东西。
input-timezone = “{ $given }”不是时区名称；请使用 Asia/Shanghai 或 Europe/Berlin 这样的名称。
input-token-shape = 这看起来不像网关令牌（通常以 sk- 开头）。
input-adjust-ceiling = 额度加上本周期的调整最多为 { $max }；这次调整会使其变为 { $after }。
