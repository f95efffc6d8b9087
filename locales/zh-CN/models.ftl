## /models 和 /prices。$model: 模型 ID（原样）。$kind: image、video 或 text。$variable: 配置变量（DEFAULT_IMAGE_MODEL…），原样。

# 价格来源。$source: admin、operator、gateway 或 documented。
price-source = { $source ->
        [admin] 本社区管理员设置
        [operator] 运营方价格文件
        [gateway] 网关公布价格
       *[documented] 网关文档价格
    }
price-none-yet = 暂无价格（管理员可以设置）
price-not-on-sale = 未开放
# 文本模型的两个价格。$input, $output: price-per-unit 文字。
price-in-out = 输入 { $input }，输出 { $output }
# 价格及其来源：“$0.04 / 张（网关公布价格）”。
price-with-source = { $price }（{ $source }）
# 网关以表达式公布的价格，每个选项一行：“1080p，有声音：$0.60 / 秒”。
# $options: 选项文字；$price: price-per-unit 文字。
price-option-row = { $options }：{ $price }
# $quality: 网关使用的图片质量名称（原样：low、medium、high…）。
price-option-quality = 质量 { $quality }
price-option-default = 默认质量
price-option-other-resolution = 其他分辨率
# $audio: yes 或 no。
price-option-audio = { $audio ->
        [yes] 有声音
       *[no] 无声音
    }
# 取决于任务完成后才知道的因素的价格（预留金额即此最高价）。$price: 价格文字。
price-at-most = 最多 { $price }

# The title of the /models answer.
models-title = 模型
models-none = 这个令牌无法调用任何模型。
models-default-mark = [默认]
models-options = 选项：{ $options }
# The same mark after a model in a list of "id · price" lines.
models-default-word = 默认
models-defaults = 默认模型：
# $how: configured（运营方设置）或 first（网关列表中该类第一个有价格的模型）。
models-default-chosen = { $kind ->
        [image] 图片
        [video] 视频
       *[text] 文本
    }：{ $model }（{ $how ->
        [configured] 由 { $variable } 设置
       *[first] 网关列表中第一个有价格的此类模型；设置 { $variable } 可另选
    }）
# $closest: 最接近的已列出 ID，或 "none"。
models-default-missing = { $kind ->
        [image] 图片
        [video] 视频
       *[text] 文本
    }：{ $variable }={ $model } 不在这里的列表中{ $closest ->
        [none] {""}
       *[other] （最接近的：{ $closest }）
    }
models-default-none = { $kind ->
        [image] 图片
        [video] 视频
       *[text] 文本
    }：无（没有列出有价格的此类模型）
models-price-rule = 价格规则：管理员自己设置的价格优先，其次是运营方价格文件，再次是网关公布价格；没有价格的模型会被拒绝，直到管理员设置价格（/prices set <model> <usd>）。

prices-none = 这里没有管理员设置的价格。模型使用运营方价格文件或网关公布价格；请看 /models。
# $lines: 每行一个模型。
prices-list = 这里的管理员设置（由本社区管理员设置）：
    { $lines }
prices-kind-of = 类型：{ $kind ->
        [image] 图片
        [video] 视频
       *[text] 文本
    }
prices-cleared = 已移除 { $model } 的管理员价格；现在价格为 { $price }。
prices-kind-set = 在这里，{ $model } 现在被视为{ $kind ->
        [image] 图片
        [video] 视频
       *[text] 文本
    }模型。
# $listed: 令牌未列出该模型时为 "no"。
# $unit: image、second 或 tokens（每 1,000 个文本 token）。
prices-set = 在这里，{ $model } 现在的价格是每{ $unit ->
        [image] 张图片
        [second] 秒
       *[tokens] 1K token
    } { $amount }（由管理员设置，优先于其他价格）。{ $listed ->
        [no] 注意：这个令牌没有列出该模型。
       *[yes] {""}
    }
prices-error-model-id = 请填写与 /models 列出的一致的完整模型 ID。
prices-error-kind = 类型只能是 image、video、text 或 auto。
prices-error-zero = 价格必须大于 $0。
prices-error-unit = 单位只能是 image、second 或 1k（1,000 个文本 token）。
# $unit: image, second or tokens (per 1,000 text tokens). $amount: the lowest price allowed.
prices-error-below-cost = 这里由机器人自己的网关令牌付费时，{ $model } 的价格不能低于网关对它的收费：每{ $unit ->
        [image] 张图片
        [second] 秒
       *[tokens] 1K 令牌
    }至少 { $amount }。用 /setup 绑定本社区自己的令牌后即可自由定价。
prices-error-no-cost = 机器人不知道网关对 { $model } 的收费，因此这里由机器人自己的网关令牌付费时，只有机器人的所有者可以为它定价。用 /setup 绑定本社区自己的令牌后即可自行定价。
