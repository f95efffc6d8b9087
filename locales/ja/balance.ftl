## /balance（および管理者向けの /budget show @member）。金額は整形済みで届きます（"$4.41"）。
## $subject: 本人が自分の残高を見る場合は "self"、管理者が他のメンバー（$who）の残高を見る場合は "other"。
## $period: day、week、month、total。$reset: 日時（"明日 00:00 CET（8時間後）"）または "never"。

balance-title = { $subject ->
        [self] あなたの残高
       *[other] { $who } の残高
    }
# 利用枠の行の先頭に付けるラベル。
balance-label-self = あなた
balance-label-pool = コミュニティ全体の枠
balance-label-own-cap = { $subject ->
        [self] あなた自身の上限
       *[other] 本人の上限
    }

# 上限のない利用枠。$held: 実行中のジョブのために確保中の金額、または "none"。
balance-unlimited = { $label }: 上限なし。{ $period ->
        [day] 今日
        [week] 今週
        [month] 今月
       *[total] 合計
    }の利用額は { $spent } です{ $held ->
        [none] {""}
       *[other] （実行中のジョブのために { $held } を確保中）
    }。
# 上限のある利用枠: 上限の残り、調整、利用額、リセットの日時。
# $granted / $taken: この期間の管理者による調整額、または "none"。
balance-limited = { $label }: { $period ->
        [day] 1日あたり
        [week] 1週間あたり
        [month] 1か月あたり
       *[total] 合計
    } { $limit } のうち残り { $left }{ $granted ->
        [none] {""}
       *[other] （{ $granted } 追加）
    }{ $taken ->
        [none] {""}
       *[other] （{ $taken } 減額）
    }。利用額は { $spent }{ $held ->
        [none] {""}
       *[other] （実行中のジョブのために { $held } を確保中）
    }です。{ $reset ->
        [never] 自動ではリセットされません。
       *[other] { $reset }にリセットされます。
    }

balance-blocked = { $subject ->
        [self] あなたはこのコミュニティで利用を停止されています。管理者により有料のリクエストが止められています。誤りだと思われる場合は、管理者にお問い合わせください。
       *[other] { $who } はこのコミュニティで利用を停止されています。管理者が解除するまで、有料のリクエストを開始できません。
    }
# $pool: コミュニティにも全体の上限がある場合は "yes"。
balance-personal-token = { $subject ->
        [self] あなたのリクエストはご自身のゲートウェイトークンを使うため、{ $pool ->
            [yes] このコミュニティの利用枠と全体の枠は適用されません。
           *[no] このコミュニティの利用枠は適用されません。
        }
       *[other] このメンバーのリクエストは本人のゲートウェイトークンを使うため、{ $pool ->
            [yes] このコミュニティの利用枠と全体の枠は適用されません。
           *[no] このコミュニティの利用枠は適用されません。
        }
    }
balance-personal-no-cap = { $subject ->
        [self] ご自身のトークンには利用上限が設定されていません。上限となるのは、トークンのゲートウェイアカウントの残高だけです。
       *[other] 本人のトークンには利用上限が設定されていません。上限となるのは、トークンのゲートウェイアカウントの残高だけです。
    }
# $source: scope（コミュニティのトークン）、operator（ボット運営者のトークン）、none（トークン未連携）。
balance-token = { $subject ->
        [self] { $source ->
            [scope] あなたのリクエストには、このコミュニティのゲートウェイトークンが使われます。
            [operator] あなたのリクエストには、ボット運営者のゲートウェイトークンが使われます。
           *[none] ここにはまだゲートウェイトークンが連携されていないため、有料のリクエストは開始できません。管理者が連携するか、/token でご自身のトークンを連携してください。
        }
       *[other] { $source ->
            [scope] このメンバーのリクエストには、このコミュニティのゲートウェイトークンが使われます。
            [operator] このメンバーのリクエストには、ボット運営者のゲートウェイトークンが使われます。
           *[none] ここにはまだゲートウェイトークンが連携されていないため、このメンバーは有料のリクエストを開始できません。管理者が連携するか、本人が /token で自分のトークンを連携できます。
        }
    }
balance-pool-tighter = { $subject ->
        [self] コミュニティ全体の枠のほうが厳しい上限です。現在あなたが使えるのは最大 { $left } です。
       *[other] コミュニティ全体の枠のほうが厳しい上限です。現在このメンバーが使えるのは最大 { $left } です。
    }

# /balance の下に表示する項目。
balance-field-paid-by = 支払い元
balance-value-own-token = ご自身のトークン
balance-field-community-limit = コミュニティの上限
balance-value-does-not-apply = 適用されません
balance-field-limit = 上限
balance-field-spent = 利用額
balance-field-held = 実行中のジョブのために確保中
balance-field-left = 残り
balance-field-resets = リセット
balance-value-never = なし
balance-value-no-limit = 上限なし
balance-field-blocked = 利用停止
balance-value-yes = はい
# 値としての利用枠: "1日あたり $5.00"。
balance-allowance = { $period ->
        [day] 1日あたり
        [week] 1週間あたり
        [month] 1か月あたり
       *[total] 合計
    } { $amount }

# /balance のグラフ: タイトル（$days: 全期間の場合に描く日数）、利用額の線、利用枠の線。
chart-balance-title = { $period ->
        [day] 今日
        [week] 今週
        [month] 今月
       *[total] 過去 { $days } 日間
    }のあなたの利用額
chart-spent = 利用額
chart-allowance = 利用枠
# グラフ（/balance または /usage）を描けなかったときに代わりに表示します。この後に数値が続きます。
chart-failed = 今回はグラフを作成できませんでした。数値は以下のとおりです。
