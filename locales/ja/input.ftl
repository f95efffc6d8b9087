# オプション・フラグ・管理用の値を受け付けなかったときの文（`bad_flag` や `bad_amount` の本文）。
# コマンド・フラグ・オプションの名前（$flag、$command、$name）と入力する値（day、week、month、total）は訳さない。

## 正しい値の書き方（下のメッセージの $form）。
input-form-aspect = W:H（例: 16:9）
input-form-size = WxH（例: 1024x1024）または auto
input-form-model = モデル ID（例: alpha-image-2）
input-form-integer = 整数
input-form-integer-range = { $min } から { $max } までの整数
input-form-job = ジョブ ID
input-form-user = @ユーザー名、メンション、または ID
input-form-amount = 米ドルの金額（例: 5 や 2.50）
input-form-period = day、week、month、total のいずれか
input-form-choice = 次のいずれか: { $choices }
input-form-text = テキスト

## コマンドが受け付けないフラグや語。
input-valid-flags = 使えるフラグ: { $flags }
input-no-flags = このコマンドにフラグはありません。
input-with-flags = { $problem }{ $flags }
input-did-you-mean = { $problem }もしかして { $suggestion } ですか？
input-flag-conflict = { $flag } は { $other } と一緒には使えません。
input-flag-not-here = { $command } では { $flag } は使えません。
input-flag-unknown = { $flag } というフラグはありません。
input-flag-no-value = { $flag } には値が必要です: { $form }。
input-flag-bad-value = { $flag } { $value } は無効です。{ $form } で指定してください。
input-secret-bad-value = { $flag } は無効です。{ $form } で指定してください。
model-id-looks-like-key = これはモデル ID ではなく秘密のキーのように見えるため、使用・保存・表示していません。本物のキーなら、ゲートウェイで無効にして新しいキーを作成してください。
input-flag-twice = { $flag } が 2 回指定されています。
input-not-a-member = 「{ $value }」はメンバーではありません。{ $form } で指定してください。
input-bad-word = 「{ $value }」は { $command } の { $name } として無効です。{ $form } で指定してください。
input-extra-words = { $command } は「{ $extra }」を受け付けません。使い方: { $usage }
input-unknown-argument = このコマンドは「{ $name }」を受け付けません。
input-not-files = { $flag } に指定するのは { $form } で、ファイルではありません。
input-files-only = { $flag } にはファイルを指定してください。
input-too-long = { $flag } が長すぎます（最大 { $max } 文字）。

## 画像サイズ。
input-size-sides = 各辺 { $min }～{ $max } ピクセル、{ $example } のような形式
input-size-requested = 指定されたサイズ

## 管理用の値。$min、$max、$amount、$after は書式済み。
input-period = 「{ $given }」は期間ではありません。day、week、month、total のいずれかを指定してください。
input-amount-range = 金額は { $min } から { $max } の間で指定してください。
input-pool-needs-amount = コミュニティ全体の上限には金額が必要です。
input-note-length = 調整には短いメモ（{ $min }～{ $max } 文字）が必要です。
input-zero-adjustment = { $amount } の調整では何も変わりません。
input-timezone = 「{ $given }」はタイムゾーン名ではありません。Asia/Tokyo や Europe/Berlin のような名前を指定してください。
input-token-shape = ゲートウェイのトークンではないようです（通常は sk- で始まります）。
input-adjust-ceiling = 割り当て額と今期間の調整の合計は最大 { $max } です。この調整では { $after } になってしまいます。
