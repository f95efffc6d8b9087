## Telegram での個人用トークンの設定。コマンド（$tokenLink、$setupToken、$command…）はメンバーが入力する形で届きます。
## トークンそのものはどのメッセージにも表示しません。

# $kind: gateway（ゲートウェイトークン sk-… に見えた）または secret（その他のトークン）。$where: token-where-* の文。
token-deleted = { $kind ->
        [gateway] ゲートウェイトークン
       *[secret] 秘密のトークン
    }のようでしたので、メッセージを削除し（可能な場合）、実行しませんでした。{ $where }
token-where-private = 先に { $tokenLink } を送信してから、トークンを貼り付けてください。
token-where-group = トークンは私とのプライベートチャットで送ってください。管理者は { $setupToken }、メンバーは { $tokenLink } を使います。
token-deleted-in-group = トークンは私とのプライベートチャットで送ってください。そのため、そのメッセージを削除しました（可能な場合）。トークンを付けずに { $command } を送信してください。
token-personal-private = 個人用トークンは私とのプライベートチャットで設定します:
token-button-personal = 自分のトークンを設定
token-group-from-private = グループのトークンを連携するには、グループで（管理者として）{ $command } を実行してください。自分のトークンを使う場合は、ここで { $tokenLink } を送信してください。
token-anonymous-admin = 匿名の管理者は私とのプライベートチャットを開けません。グループとしてではなく、ご自身として { $command } を送信してください。
token-open-private = プライベートチャットを開いて、そこにゲートウェイトークンを貼り付けてください。このボタンはあなただけが、15分以内に1回だけ使えます。
token-button-private = トークンを非公開で連携
token-paste-personal = 個人用のゲートウェイトークンを貼り付けてください。メッセージはすぐに削除し、トークンは暗号化して保管します。中止するには /cancel、連携済みのトークンを削除するには { $tokenUnlink } を送信してください。
token-link-expired = この設定リンクは有効期限切れか、使用済みか、別の管理者のものです。グループでもう一度 { $setupToken } を実行してください。
# $group: 引用符付きのグループ名、または名前がない場合は "none"。
token-paste-group = { $group ->
        [none] グループ
       *[other] { $group }{" "}
    }のゲートウェイトークンを貼り付けてください。メッセージはすぐに削除し、トークンは暗号化して保管します。中止するには /cancel を送信してください。
token-cancelled-waiting = 中止しました。トークンの入力待ちを終了します。
token-cancelled = 中止しました。
token-nothing-to-cancel = 中止するものはありません。
token-not-deleted = メッセージを削除できませんでした。お手数ですが、ご自身で削除してください。
# $note: token-not-deleted、または "none"。
token-not-a-token = トークンではないようです（スペースを含まない1語です）。もう一度貼り付けるか、/cancel を送信してください。{ $note ->
        [none] {""}
       *[other] { $note }
    }

# ボットの他のプロセスと共有している状態に接続できません。メッセージは処理されず、料金もかかっていません。
shared-state-down = ただいまこのメッセージを処理できません（他のプロセスと共有しているサービスに接続できません）。少し待ってからもう一度お試しください。料金はかかっていません。
