# The web's owner page, real sign-in (Telegram widget, Discord) and rate limits (src/web/owner-pages.ts).
web-nav-owner = オーナー
web-owner-title = オーナー概要
web-owner-communities = コミュニティ
web-owner-none = ボットはまだどのコミュニティも見ていません。
web-owner-kind = { $kind ->
    [guild] Discord サーバー
    [group] グループ
    [private] 個人チャット
   *[other] コンソール
}
web-owner-col-community = コミュニティ
web-owner-col-day = 今日
web-owner-col-week = 今週
web-owner-col-month = 今月
web-owner-col-access = 運営者トークン
web-owner-col-action = 操作
web-owner-open = 全員に開放
web-owner-approved = 承認済み
web-owner-pending = 承認待ち
web-owner-approve = 承認
web-owner-deny = 取り消す
web-owner-operator = 運営者トークンの今日の状況（UTC）
web-owner-cap = 1 日の上限
web-owner-cap-off = なし
web-owner-spent = 今日の支出
web-owner-held = 実行中のジョブの保留額
web-owner-left = 今日の残り
web-owner-resets = リセット
web-owner-balance = ゲートウェイ残高
web-owner-drift = ゲートウェイとの照合
web-owner-drift-off = 利用できません：ゲートウェイのアドレスが設定されていません。
web-owner-drift-none = 昨日以降、課金されたジョブもゲートウェイの記録もありません。
web-owner-drift-failed = トークン { $token } のゲートウェイ記録を読み取れませんでした。
web-owner-col-token = トークン
web-owner-col-utc-day = 日付（UTC）
web-owner-col-bot = ボット
web-owner-col-gateway = ゲートウェイ
web-owner-col-drift = 差額
web-owner-col-unmatched = 未照合
web-owner-health = プロセスの状態
web-owner-ops-off = このプロセスではプロセス情報を表示できません。
web-owner-ready = このプロセスの準備状態：{ $state ->
    [ok] 準備完了
    [stopping] 停止中
   *[other] 準備できていません
}
web-owner-check-ok = 正常
web-owner-check-failed = 異常
web-owner-col-role = 役割
web-owner-col-host = ホストとプロセス ID
web-owner-col-started = 起動
web-owner-col-seen = 最終確認
web-sign-in-title = サインイン
web-sign-in-intro = チャットで /web を送ると 1 回限りのサインインリンクが届きます。または、チャットで使っているアカウントでここからサインインしてください。
web-sign-in-telegram = Telegram で
web-sign-in-discord-title = Discord で
web-sign-in-discord = Discord でサインイン
web-sign-in-pick = コミュニティを選んでください
web-sign-in-failed = サインインを確認できませんでした。もう一度試すか、チャットで /web を送ってください。
web-sign-in-no-community = まだどのコミュニティでもあなたを見ていません。どこかのコミュニティでコマンドを送ってから、もう一度サインインしてください。
web-too-many-title = 試行回数が多すぎます
web-too-many = 短時間に試行が多すぎます。{ $seconds } 秒待ってからもう一度お試しください。
