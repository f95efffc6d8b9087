# 管理者のウェブページ (src/web/admin-pages.ts) とウェブのグラフの表 (src/web/charts.ts)。
web-admin-nav = 管理ページ
web-admin-nav-budgets = 予算
web-admin-nav-usage = 利用状況
web-admin-nav-prices = 料金
web-admin-nav-rules = ルール
web-admin-nav-queue = キュー
web-admin-nav-refs = エラー参照コード
web-admin-nav-audit = 監査ログ
web-admin-usage-title = { $community } の利用状況
web-admin-prices-title = { $community } の料金
web-admin-rules-title = { $community } のルール
web-admin-queue-title = { $community } のキュー
web-admin-refs-title = { $community } のエラー参照コード
web-admin-audit-title = { $community } の監査ログ
web-admin-period-word = { $period ->
    [day] 今日
    [week] 今週
    [month] 今月
   *[total] 全期間
}
web-admin-period-every = { $period ->
    [day] 1日あたり
    [week] 1週間あたり
    [month] 1か月あたり
   *[total] 全期間で
}
web-admin-allowance = { $period ->
    [day] 1日
    [week] 1週間
    [month] 1か月
   *[total] 全期間
}あたり { $amount }
web-admin-unlimited = 無制限
web-admin-show-period = 表示する期間
web-admin-show = 表示
web-admin-csv = CSV でダウンロード
web-admin-by-member = メンバー別
web-admin-by-model = モデル別
web-admin-by-day = 日別
web-admin-col-day = 日
web-admin-col-when = 日時
web-admin-col-total = 合計
web-admin-col-member = メンバー
web-admin-col-model = モデル
web-admin-col-jobs = ジョブ
web-admin-col-images = 画像
web-admin-col-seconds = 動画の秒数
web-admin-col-tokens = トークン
web-admin-col-spent = 支出
web-admin-no-model = (ジョブなし)
web-admin-no-usage = この期間の支出はありません。
web-admin-community-limits = コミュニティの上限
web-admin-default = メンバーごとの既定の上限: { $allowance }
web-admin-default-operator = (運営者の既定値)
web-admin-pool = メンバー全員の共通上限: { $allowance }
web-admin-no-pool = メンバー全員の共通上限はありません。
web-admin-members = メンバー
web-admin-col-own = 個別の上限
web-admin-col-blocked = ブロック中
web-admin-col-spent-month = 今月の支出
web-admin-col-actions = 変更
web-admin-uses-default = 既定値
web-admin-yes = はい
web-admin-no = いいえ
web-admin-adjust-amount = 増減 (+/− 米ドル)
web-admin-adjust-note = メモ
web-admin-adjust = 調整
web-admin-block-member = { $member } をブロック
web-admin-unblock-member = { $member } のブロックを解除
web-admin-clear-member = { $member } を既定値に戻す
web-admin-default-amount = 既定の上限 (米ドル、none = 無制限)
web-admin-default-period = 既定の期間
web-admin-default-submit = 既定値を設定
web-admin-pool-amount = 共通上限 (米ドル、none で解除)
web-admin-pool-period = 共通上限の期間
web-admin-pool-submit = 共通上限を設定
web-admin-no-members = ここではまだ誰もボットを使っていません。
web-admin-prices-now = 現在の料金
web-admin-price-model = 料金を設定するモデル
web-admin-price-usd = 料金 (米ドル)
web-admin-price-per = 課金単位
web-admin-per-default = モデルの種類に従う
web-admin-per-image = 画像 1 枚
web-admin-per-second = 動画 1 秒
web-admin-per-1k = 1,000 トークン
web-admin-price-set = 料金を設定
web-admin-clear-model = 料金を解除するモデル
web-admin-price-clear = 料金を解除
web-admin-kind-model = 種類を設定するモデル
web-admin-kind = 種類
web-admin-kind-image = 画像
web-admin-kind-video = 動画
web-admin-kind-text = テキスト
web-admin-kind-auto = 自動 (修正を取り消す)
web-admin-kind-set = 種類を設定
web-admin-words = 単語ルール
web-admin-word-pattern = 拒否する単語またはパターン
web-admin-word-message = 拒否したときのメッセージ (任意)
web-admin-word-add = ルールを追加
web-admin-word-remove-pattern = 再び許可する単語またはパターン
web-admin-word-remove = ルールを削除
web-admin-word-clear = 単語ルールをすべて削除
web-admin-channel = チャンネルのルール (リンクを求めたチャット)
web-admin-channel-rule = ルール
web-admin-rule-allow = これらのコマンドも許可
web-admin-rule-only = これらのコマンドのみ
web-admin-rule-silent = サイレント (ここでは応答しない)
web-admin-rule-reset = ルールなし (リセット)
web-admin-channel-commands = コマンド (「allow」と「only」用)
web-admin-channel-submit = ルールを適用
web-admin-col-job = ジョブ
web-admin-col-state = 状態
web-admin-cancel = { $id } をキャンセル
web-admin-cancel-id = ジョブ ID
web-admin-cancel-submit = ジョブをキャンセル
web-admin-refs-help = 失敗したメンバーには 6 文字の参照コードが表示されます。入力すると、ボットが記録した詳細とともに原因を確認できます。
web-admin-ref = 参照コード (例: K7Q2XM)
web-admin-ref-submit = 調べる
web-admin-col-who = 実行者
web-admin-col-action = 操作
web-admin-col-before = 変更前
web-admin-col-after = 変更後
web-admin-audit-empty = まだ変更は記録されていません。
web-admin-pages = 監査ログのページ
web-admin-page = { $n } ページ目 (新しい順)
web-admin-newer = 新しい変更
web-admin-older = 古い変更
web-admin-refs-recent = 最近の参照コード
web-admin-col-ref = 参照コード
web-admin-col-outcome = メンバーに表示された内容
web-admin-col-detail = 記録された詳細
web-admin-refs-none = ここではまだエラー参照コードが表示されていません。
