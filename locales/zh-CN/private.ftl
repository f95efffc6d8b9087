# 稍后送达结果的私密发送 (issue 23)。
private-chat-closed = 你与机器人的私聊已关闭，所以结果发在这里。
private-result-sent = 结果已通过私信发送给你。
private-handed-over = 你的结果已完成并已扣费，但 Telegram 暂时没有接收：机器人稍后会把它发到你的私聊。
