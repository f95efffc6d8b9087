## 共通の語: 単位、時刻、サイズ。数値はロケールに合わせて整形済みで届きます（$n は "1,024" など）。

# 期間（話し言葉どおりに丸めた値）。$n は数値。
unit-seconds = { $n }秒
unit-minutes = { $n }分
unit-hours = { $n }時間
unit-hours-minutes = { $h }時間{ $min }分
unit-days = { $n }日

# 「8時間後」: $duration は unit-* のいずれか。
time-in = { $duration }後
time-now = まもなく
# コミュニティのタイムゾーンでの日時。$day: today、tomorrow、other。$date は "11月24日(月)" など、$time は "00:00"、
# $zone はタイムゾーンの略称（"CET"、"UTC"、"GMT+8"）。
time-moment = { $day ->
        [today] 今日 { $time } { $zone }
        [tomorrow] 明日 { $time } { $zone }
       *[other] { $date } { $time } { $zone }
    }
# 日時とそこまでの時間: 「明日 00:00 CET（8時間後）」。
time-moment-in = { $moment }（{ $in }）

# ファイルサイズ: $n は数値、$unit は B、KB、MB、GB のいずれか。
size-bytes = { $n } { $unit }
size-unknown = 不明

# 利用枠の期間。$period: day、week、month、total。
period-per = { $period ->
        [day] 1日あたり
        [week] 1週間あたり
        [month] 1か月あたり
       *[total] 合計
    }
period-this = { $period ->
        [day] 今日
        [week] 今週
        [month] 今月
       *[total] 合計
    }

# メンバーが入力した金額を読み取れなかったときに表示します。
money-error-hint = 金額は米ドルで入力してください（例: 0.50 や $2）。
# 入力された金額を受け付けなかった理由。$given: 入力された値（引用符付き）。この後に money-error-hint が続きます。
money-error-empty = 金額が入力されていません。
money-error-negative = { $given } はマイナスです。金額は0以上で指定してください。
money-error-format = { $given } は金額として読み取れません。
money-error-comma = { $given } にカンマが含まれています。1000 や 0.5 のように区切りなしで入力してください。
money-error-exponent = { $given } は指数表記のため使えません。
money-error-too-precise = { $given } は小数点以下が6桁を超えています。
money-error-too-large = { $given } は 100000 USD を超えています。
