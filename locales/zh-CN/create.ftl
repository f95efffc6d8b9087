## 在聊天中创作：/settings 的标签（Discord 菜单和按钮、Telegram 键盘）以及后续操作的原因。

settings-key-name = { $key ->
        [image_model] 图像模型
        [video_model] 视频模型
        [text_model] 文本模型
        [aspect] 宽高比
        [seconds] 视频时长
        [quality] 质量
        [n] 每次图像数量
        [language] 语言
        [private] 私下接收结果
       *[other] { $key }
    }
settings-quick = { $key ->
        [n] { $value } 张图像
        [aspect] 宽高比 { $value }
        [private] { $value ->
            [on] 私下接收结果：开启
           *[other] 私下接收结果：关闭
        }
       *[other] { $key } { $value }
    }
failure-not-an-image = { $kind ->
        [video] 任务 { $id } 是视频：变体和放大仅适用于图像。请改用视频的“{ action-remix }”或“{ action-animate-last-frame }”按钮。
       *[other] 任务 { $id } 是回答，不是图像：变体和放大仅适用于图像。请用 { $imagine } 生成图像。
    } 未收取任何费用。
    .title = 不是图像
