## 管理者向けコマンド（/budget、/usage、/setup）と /token への返答。金額は整形済みで届きます。
## $who: 管理者が指定したメンバー（"@bob"）。$period: day、week、month、total。

# 価格: "$0.04 / 枚"。$unit: image、second、tokens（テキスト1,000トークンあたり）。
price-per-unit = { $amount } / { $unit ->
        [image] 枚
        [second] 秒
       *[tokens] 1Kトークン
    }
# 利用枠: "1日あたり $5.00"、"上限なし"、"合計 $5.00"。上限なしの場合、$amount は "none"。
allowance = { $amount ->
        [none] 上限なし
       *[other] { $period ->
            [day] 1日あたり
            [week] 1週間あたり
            [month] 1か月あたり
           *[total] 合計
        } { $amount }
    }

# $personal: メンバー個人のトークンの場合は yes。$masked: 末尾4文字以外を伏せたトークン。
token-linked = { $personal ->
        [yes] これからは、あなたのリクエストに
       *[no] これからは、このコミュニティのリクエストに
    }ゲートウェイトークン { $masked } を使います。このトークンで使えるモデルは { $models } 個です。
token-none-linked = { $personal ->
        [yes] 個人用のゲートウェイトークンは連携されていません。
       *[no] このコミュニティにはゲートウェイトークンが連携されていません。
    }
token-unlinked = { $personal ->
        [yes] あなたのゲートウェイトークン { $masked } を削除しました。今後のリクエストには、再びコミュニティのトークン（または運営者のトークン）が使われます。
       *[no] コミュニティのゲートウェイトークン { $masked } を削除しました。
    }
# 削除したトークンで実行中のジョブは、終わるまでそのトークンを使い続けます。
token-running-jobs = このトークンで開始した { $jobs } 件のジョブがまだ実行中です。終わるまでこのトークンを使い、料金もこのトークンに請求されます。新しいリクエストには使われません。
# $when: 連携した日時。
token-show = このコミュニティはゲートウェイトークン { $masked } を使っています（連携日時: { $when }）。

budget-default-set = このコミュニティの全員の既定の利用枠を { $allowance } にしました。
budget-user-set = { $who } の利用枠を { $allowance } にしました。
budget-user-cleared = { $who } の利用枠をコミュニティの既定に戻しました。
budget-pool-removed = コミュニティ全体の上限を削除しました。
budget-pool-set = コミュニティ全体で使える上限を { $allowance } にしました。
budget-blocked = { $who } はこのコミュニティで有料のジョブを開始できなくなりました。
budget-unblocked = { $who } はこのコミュニティで再び有料のジョブを開始できます。
budget-adjusted-up = この期間の { $who } の利用枠を { $amount } 増やしました。
budget-adjusted-down = この期間の { $who } の利用枠から { $amount } 減らしました。
budget-timezone-set = このコミュニティの予算は、これから { $zone } の午前0時にリセットされます。

# /usage の概要。CSV ファイルにはメンバーごとに1行ずつ記載されます。
usage-summary = { $period ->
        [day] 今日
        [week] 今週
        [month] 今月
       *[total] 全期間
    }の利用状況: { $members } 人のメンバーが { $jobs } 件のジョブを実行し、合計 { $spent } を使いました。詳細は CSV ファイルをご覧ください。

# /usage のグラフ: タイトル（$days: 全期間の場合に描く日数）、上位以外のメンバーをまとめた系列、描いた最初の日より前の利用額の棒。
chart-usage-title = { $period ->
        [day] 今日
        [week] 今週
        [month] 今月
       *[total] 過去 { $days } 日間
    }の1日ごとの利用額（メンバー別）
chart-others = その他
chart-earlier = それ以前

# メンバーを指定しない /budget show。$operator: 既定がボット運営者のものである場合は yes。
budget-settings-default = 既定の利用枠: { $allowance }{ $operator ->
        [yes] （ボット運営者の既定）
       *[no] {""}
    }
budget-settings-pool = コミュニティ全体の枠: { $allowance }
budget-settings-no-pool = コミュニティ全体の上限はありません。
# /budget show @member: 利用枠の設定元と、利用停止中かどうか。
budget-member-override = 利用枠: { $allowance }（{ $who } 個別の設定です。/budget clear { $who } で既定に戻せます）
budget-member-default = 利用枠: コミュニティの既定、{ $allowance }{ $operator ->
        [yes] （ボット運営者の既定）
       *[no] {""}
    }
budget-member-blocked = 状態: 利用停止中（/budget unblock { $who } で再び有料のリクエストを開始できるようになります）
budget-member-not-blocked = 状態: 利用可能

# /setup show: このコミュニティで支払いに使うトークンの、ゲートウェイ上の残高。
# $source: personal、scope、operator。$left: 金額、または "unlimited"。$used: 金額、または "none"。$expires: 日時、または "never"。
gateway-balance = { $source ->
        [personal] あなたのトークン
        [scope] このコミュニティのトークン
       *[operator] ボット自身のトークン
    }のゲートウェイ残高は{ $left ->
        [unlimited] 無制限
       *[other] {" "}{ $left }{" "}
    }です{ $used ->
        [none] {""}
       *[other] （これまでの利用額 { $used }）
    }。{ $expires ->
        [never] 有効期限はありません。
       *[other] 有効期限は { $expires } です。
    }
gateway-balance-not-shown = このゲートウェイはトークンの残高を表示しません。
# $reason: 失敗の文そのもの。
gateway-balance-unreadable = ゲートウェイの残高を読み取れませんでした: { $reason }

# 管理者へのお知らせ（管理者の次の非公開の返答の下に一度だけ表示します）。
alert-quota = { $source ->
        [operator] ゲートウェイによると、ボット自身のトークンのクレジットがなくなったため、ここでのジョブは拒否されています。ボットの運営者にチャージを依頼するか、/setup でこのコミュニティ独自のトークンを連携してください。
       *[scope] ゲートウェイによると、このコミュニティのトークンのクレジットがなくなったため、ここでのジョブは拒否されています。ゲートウェイでチャージするか、/setup で別のトークンを連携してください。
    }
# $source: scope または operator。$allowed: この期間に予算でまだ使える金額、上限なしの場合は "none"。
alert-low-balance = { $source ->
        [scope] このコミュニティのゲートウェイトークン
       *[operator] ボット自身のゲートウェイトークン
    }の残高は { $left } で、{ $allowed ->
        [none] この期間の予算で使える額
       *[other] この期間にまだ予算で使える額（{ $allowed }）
    }を下回っています。ゲートウェイでチャージするか、予算を下げてください。
# $what: ゲートウェイにないもの。$route: ルートがないと応答された API パス。GATEWAY_BASE_URL はそのまま使います。
alert-gateway-route = このゲートウェイには{ $what ->
        [edit] 画像の編集
        [video] 動画の生成
        [remix] 動画のリミックス
        [image] 画像の生成
        [text] テキストモデル
       *[models] モデル一覧
    }のルートがありません（{ $route } への応答は、そのルートがないというものでした）。そのためメンバーには対応していないと伝え、料金はかかりません。対応しているはずなら、ボットの運営者は GATEWAY_BASE_URL がゲートウェイの API ルート（/v1/models を提供するアドレス）であるかを確認し、ゲートウェイのドキュメントで { $route } を調べてください。
# $header: failure-gateway-needs-header と同じです。
alert-gateway-header = ゲートウェイは{ $header ->
        [provider] プロバイダーの指定
       *[other] ヘッダー { $header }
    }がないリクエストを拒否しますが、このボットはこれを送りません。そのため、ここでのジョブはすべて拒否されます（料金はかかりません）。ボットの運営者が、一般的な OpenAI 互換リクエストを振り分けるようゲートウェイを設定する（既定のプロバイダーや設定についてのドキュメントを参照）か、そうするアドレスを GATEWAY_BASE_URL に設定する必要があります。
# An owner's notice: the daily reconciliation found the gateway billed a token another amount than the bot recorded.
# $day: a UTC day (YYYY-MM-DD); $token: "operator" or "…abcd"; $drift: gateway − bot (signed); $bot, $gateway: the totals.
alert-reconcile-drift = { $day }（UTC）の照合、トークン { $token }：ゲートウェイの請求は { $gateway }、ボットの記録は { $bot } です（差額 { $drift }）。詳細は npm run admin -- reconcile --since { $day } で確認できます。
# /approve。$mode: open または approved（OPERATOR_TOKEN_ACCESS）。
approve-done = { $mode ->
        [open] 承認しました。このコミュニティはボット自身のゲートウェイトークンでジョブを実行できます。現在 OPERATOR_TOKEN_ACCESS は open のため、すべてのコミュニティが利用できます。承認は approved に設定されたときに効力を持ちます。
       *[approved] 承認しました。このコミュニティはボット自身のゲートウェイトークンでジョブを実行できるようになりました。
    }
approve-already = このコミュニティはすでにボット自身のゲートウェイトークンの利用を承認されています。
approve-revoked = { $mode ->
        [open] 承認を取り消しました。現在 OPERATOR_TOKEN_ACCESS は open のため、approved に設定されるまで、このコミュニティは引き続きボット自身のゲートウェイトークンを利用できます。
       *[approved] 承認を取り消しました。このコミュニティはボット自身のゲートウェイトークンでジョブを実行できなくなります（独自のトークンは引き続き使えます）。
    }
approve-not-approved = このコミュニティは承認されていませんでした。変更はありません。
# オーナー向け。$cap: OPERATOR_DAILY_CAP（金額）。$when: 次の 00:00 UTC。
alert-operator-cap = ボット自身のゲートウェイトークンの1日の共有予算（UTC の1日あたり { $cap }、OPERATOR_DAILY_CAP）を使い切りました。このトークンで支払うジョブは、{ $when }にリセットされるまで拒否されます。独自のトークンを持つコミュニティや個人には影響しません。
