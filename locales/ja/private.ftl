# 後から届く結果の非公開配信 (issue 23)。
private-chat-closed = ボットとの個人チャットが閉じられているため、結果はここに投稿します。
private-result-sent = 結果を個人メッセージで送りました。
private-handed-over = 結果は完成し、料金も請求されましたが、Telegram が今は受け付けませんでした。まもなくボットが個人チャットに送ります。
