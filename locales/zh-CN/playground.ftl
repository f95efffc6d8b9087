## 终端试用环境自己的文字（控制台读取 LANG）。命令、参数和变量名保持原样。

# 启动时的横幅。各行的缩进由试用环境添加。
playground-title = mediabot 终端试用环境
playground-gateway-simulator = 内置的网关模拟器，地址 { $url }（生成假图片和视频，不花真钱）
playground-gateway-real = 网关，地址 { $url }（GATEWAY_BASE_URL，运营者令牌 GATEWAY_TOKEN：会真实扣费）
playground-line-gateway = 网关：    { $gateway }
playground-line-budget = 额度：    { $allowance }
playground-line-you = 你：      { $name }（ID { $id }），这里的管理员；在 /budget 和 /usage 中用 me 指代你自己
playground-line-outputs = 输出：    { $dir }（OUTPUT_DIR）   数据库：{ $database }
playground-setup =
    要运行真正的机器人，请在 .env 中设置 DISCORD_TOKEN + DISCORD_APPLICATION_ID 和/或 TELEGRAM_BOT_TOKEN、BOT_ENCRYPTION_KEY
    （npm run keygen）以及 GATEWAY_BASE_URL（参见 .env.example），然后重新运行 npm start。
playground-interactive = 输入 /help 查看命令，输入 /quit 或按 Ctrl-C 退出。
playground-stdin = 正在从标准输入读取命令。
playground-allowance = 你还剩 { $left }，额度为{ $per } { $limit }（用 /budget default <amount> 修改）
playground-allowance-none = 你没有额度限制
playground-allowance-blocked = 已在试用环境中被封禁（/budget unblock local）

# 对输入行的回答。
playground-slash = 命令以斜杠开头，例如 /imagine 一只红狐狸。输入 /help 查看命令列表。
playground-no-token = { $command } 在试用环境中不可用：这里用内置模拟器的令牌（或 GATEWAY_TOKEN）付费，没有需要绑定的网关令牌。
playground-unexpected = { $command } 意外失败：{ $error }
playground-no-file = { $typed } 处没有文件（{ $path }）。
playground-no-image = { $command } 不接受图片；--image 用于 /edit 和 /video。
# /help of a command that takes images: what --image PATH does. $max: how many files it takes.
playground-help-image = { $max ->
        [1] 随命令一起发送的本地图片文件
       *[other] 随命令一起发送的本地图片文件；可重复使用，最多 { $max } 个文件
    }
playground-help-quit = /quit   退出试用环境（或按 Ctrl-C）
# A job's progress while its command waits. $position: its place in the queue.
playground-queued = 排队中（第 { $position } 位）…
playground-working = 处理中…
playground-failed = 操作没有成功。
playground-file-saved = { $kind } { $mime }，{ $size }：{ $path }
playground-next = 接下来：

# 试用环境停止时仍在运行的视频。
playground-videos-at-gateway = 网关上还有 { $count } 个视频任务在运行；下次启动试用环境时会交付（用 /jobs 查看）。
playground-video-cancelled = 视频 { $job } 已取消：内置模拟器把任务保存在内存中，试用环境停止后无法完成。其预留的 { $held } 已释放：没有扣费。
playground-video-made = 视频 { $job } 已生成并扣费（{ $state }）。下次可用 /job { $job } 查看。
playground-video-ended = 视频 { $job } 已结束（{ $state }）。

# 稍后完成的任务，以及 --image 的路径。
playground-progress = 视频 { $job }：{ $state } { $percent }%
playground-video-ready = 视频 { $job } 已完成（{ $facts }）：{ $path }
playground-answer = 回答 { $job }（{ $cost }）：
playground-result-saved = { $kind ->
        [ask] 回答
        [video] 视频
       *[other] 图片
    } { $job }：{ $path }
playground-image-unclosed = --image 后面的路径缺少结尾的引号 { $quote }。
playground-image-missing = 请在 --image 后面给出文件，例如 --image ~/fox.png
playground-end-image-alone = --end-image 是视频的最后一帧：请同时用 --image 给出第一帧，例如 --image ~/start.png --end-image ~/end.png

# 输入结束时。
playground-waiting = 正在等待 { $count } 个视频任务完成（最多再等 { $left }）
playground-demo = 标准输入没有内容：正在运行演示脚本。
playground-demo-done = 完成。结果在 { $dir } 中。在终端中运行 npm start 可使用交互模式。
playground-line-web = 网页：{ $url }（输入 /web 获取登录链接）
