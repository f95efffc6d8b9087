## ジョブの実行中や、遅れて結果を投稿するときにチャット画面に表示するステータスとタイトル。

# 空きを待っているリクエスト。$position: 待ち順。
status-queued = 順番待ちです: { $position }番目…
status-working = 処理中です…
status-gateway-queued = { $ahead ->
        [0] 順番待ち — 次があなたの番です（ゲートウェイが混雑中）…
       *[other] 順番待ち — あなたの前に { $ahead } 件（ゲートウェイが混雑中）…
    }
status-working-elapsed = 処理中です… { $elapsed }
status-starting-video = 動画の生成を開始しています…
# 実行中の動画: 「動画 j_abc (model): 生成中 ▓▓░░ 40%」。$state: ジョブ状態の表示。
status-video = 動画 { $job }（{ $model }）: { $state } { $bar }
status-working-bar = 処理中… { $bar }
title-video-ready = 動画ができました
late-result-ready = { $kind ->
        [video] 動画ができました。
        [answer] 回答ができました。
       *[image] 画像ができました。
    }
title-answer = 回答
footer-job = ジョブ { $job }
# Telegram がすぐに受け取らなかった結果: ボットがまもなく投稿します。
status-handed-over = 結果はできあがり、課金も済んでいますが、Telegram がいま受け付けませんでした。まもなくボットがここに投稿します。
button-expired = このボタンはもう使えません。
