## 失敗: うまくいかなかったときにメンバーが読む文。
## 各メッセージは本文で、`.title` 属性は短い見出し（埋め込みのタイトル、太字の1行目）です。
## プレースホルダーは読み手のロケールに合わせて整形済みの文です: $cost、$left などは金額（"$0.79"）、$when は日時
## （"明日 00:00 CET（8時間後）"）、$wait は時間の長さ（"35分"）、$size はファイルサイズ（"8 MB"）。コマンド
## （$balance、$models、$setupToken…）はメンバーのアプリでの書き方（Discord では "/setup token"、Telegram では
## "/setup"）で届くので、そのまま使います。引用されたユーザー入力（$model、$name、$given）は引用符付きで1行に
## 切り詰めて届きます。

# 失敗の文の後に添える、この失敗のサポート用コード（一度だけ説明します）。
failure-ref = 参照コード { $ref }: 管理者に問い合わせる際は、このコードをお伝えください。
# The same line for an admin, who can read the detail. $job: how the /job command is written here.
failure-ref-admin = 参照コード { $ref }: { $job } { $ref } で何が起きたかを確認できます。

# /job <参照コード>: 失敗の参照コードが何を指すか。結果の部分は、その失敗の文そのものです。
ref-title = 参照コード { $ref }
ref-field-shown = 表示日時
# $when: 表示された日時。$surface: 表示された場所（discord、telegram、console）。
ref-shown = { $when }（{ $surface }）
# 管理者のみ: 失敗のコード、表示された相手、ボットが記録した詳細（技術的な内容。秘密情報は除去済み）。
ref-field-code = エラーコード
ref-field-shown-to = 表示した相手
ref-unknown-user = 不明
ref-detail = 記録された詳細: { $detail }

# お金がどうなったか。有料のジョブが関わった場合に、失敗の文の後に添えます。
money-refunded = ゲートウェイが返金し、確保していた金額も解放されました。料金はかかっていません。
money-released = 確保していた金額は解放されました。料金はかかっていません。
money-charged = 結果は生成されたため、料金が発生しました。
money-none = 料金はかかっていません。

# $when: リセットの日時（"明日 00:00 CET（8時間後）"、コミュニティのタイムゾーン）、または "never"。
failure-budget-exhausted = この処理には { $cost } かかりますが、残りは { $left } です。{ $when ->
        [never] あなたの利用枠は自動ではリセットされません。管理者が引き上げることができます。
       *[other] あなたの利用枠は{ $when }にリセットされます。
    }{ $balance } でご確認ください。
    .title = 予算が足りません
failure-pool-exhausted = この処理には { $cost } かかりますが、コミュニティの残りは { $left } です。{ $when ->
        [never] コミュニティの利用枠は自動ではリセットされません。管理者が引き上げることができます。
       *[other] コミュニティの利用枠は{ $when }にリセットされます。
    }{ $balance } でご確認ください。
    .title = コミュニティの予算を使い切りました
# $when: "never"、またはリセットの日時（運営者全体の上限のため、常に UTC）。
failure-person-cap-exhausted = この処理には { $cost } かかりますが、ボット運営者が定めた1人あたりの上限の残りは { $left } です。この上限は、運営者のトークンを使うすべてのコミュニティでの利用を合算します。{ $when ->
        [never] 自動ではリセットされません。
       *[other] { $when }にリセットされます。
    }独自のゲートウェイトークンを連携したコミュニティでは、この上限はかかりません。
    .title = 個人の上限に達しました
failure-blocked = 管理者により、このコミュニティでのボットの利用が停止されています。誤りだと思われる場合は、管理者にお問い合わせください。
    .title = 利用できません
# $admin: 読み手が管理者の場合は "yes"、プライベートチャット（管理者コマンドが使えない場所）では "private"。
failure-no-token = { $admin ->
        [yes] ここにはまだゲートウェイトークンが連携されていません。管理者として { $setupToken } で連携できます。メンバーも { $tokenLink } で自分のトークンを連携できます。
        [private] まだあなたのゲートウェイトークンが連携されていません。{ $tokenLink } で自分のトークンを連携できます（使うのはあなただけです）。コミュニティでは、管理者が { $setupToken } で全員用のトークンを連携できます。
       *[no] ここにはまだゲートウェイトークンが連携されていません。管理者が { $setupToken } で連携できます。あなた自身のトークンを { $tokenLink } で連携することもできます。
    }
    .title = ゲートウェイトークンがありません
# $source: ゲートウェイが拒否したのは誰のトークンか。
failure-token-rejected = { $source ->
        [personal] ゲートウェイがあなたの個人用トークンを拒否しました（誤っているか、期限切れか、無効化された可能性があります）。{ $tokenLink } で新しいトークンを連携してください。
        [scope] ゲートウェイがこのコミュニティのトークンを拒否しました（誤っているか、期限切れか、無効化された可能性があります）。管理者が { $setupToken } で新しいトークンを連携できます。
       *[operator] ゲートウェイがボット自身のトークンを拒否しました。ボットの運営者による交換が必要です。{ $tokenLink } で自分のトークンを連携することもできます。
    }
    .title = ゲートウェイトークンが拒否されました
failure-no-channel = { $model } はこのトークンのグループでは使えません。ゲートウェイにはこのモデルがありますが、このトークンが属するグループからは使えません。{ $models } から別のモデルを選んでください。管理者は、ゲートウェイの管理者にこのモデルをトークンのグループへ追加するよう頼むか、このモデルを含むグループのトークンをリンクできます。
    .title = このトークンでは使えないモデルです
# $suggestion: 最も近いモデル ID、または "none"。
failure-model-unknown = { $suggestion ->
        [none] { $model } というモデルはありません。一覧は { $models } でご確認ください。
       *[other] { $model } というモデルはありません。{ $suggestion } のことでしょうか？ { $models } でご確認ください。
    }
    .title = 不明なモデルです
failure-model-not-on-sale = モデル { $model } は現在提供されていません。{ $models } から別のモデルを選んでください。
    .title = 提供停止中のモデルです
# $modelId: 引用符なしのモデル ID。管理者が $pricesSet の後に入力する形です。
failure-model-unpriced = { $model } にはまだ価格がありません（ゲートウェイが公開しておらず、管理者も設定していません）。そのため、予算の範囲内に収めることができません。{ $admin ->
        [yes] 管理者として { $pricesSet } { $modelId } <usd> で設定できます。
        [private] 価格はコミュニティの管理者がそのコミュニティで { $pricesSet } を使って設定します。ここでは { $models } から別のモデルを選んでください。
       *[no] 管理者は { $pricesSet } で価格を設定できます。それまでは { $models } から別のモデルを選んでください。
    }
    .title = 価格が未設定のモデルです
# $variable: 設定変数の名前（DEFAULT_IMAGE_MODEL…）、そのまま使います。$suggestions: 一覧、または "none"。
failure-default-model-missing = ボットの既定のモデル（{ $variable }={ $model }）が、このゲートウェイの一覧にありません{ $suggestions ->
        [none] {""}
       *[other] （近いもの: { $suggestions }）
    }。model オプションでモデルを選び、ボットの運営者に { $variable } の修正を依頼してください。
    .title = 既定のモデルが使えません
# $kind: image、video、text。
failure-no-default-model = このトークンで使える、価格のある{ $kind ->
        [image] 画像
        [video] 動画
       *[text] テキスト
    }モデルがないため、既定のモデルがありません。{ $models } をご確認ください。{ $admin ->
        [yes] 管理者として { $pricesSet } <model> <usd> で価格を設定できます。
        [private] 価格はコミュニティの管理者がそのコミュニティで { $pricesSet } を使って設定します（プライベートチャットでは設定できません）。
       *[no] 管理者がいずれかのモデルに価格を設定できます。
    }
    .title = 使えるモデルがありません
# $what: ゲートウェイが提供していないもの。
failure-not-offered = このゲートウェイは{ $what ->
        [edit] 画像の編集
        [video] 動画の生成
        [remix] { $model ->
            [none] 動画のリミックス
           *[other] { $model } で作った動画のリミックス
        }
        [upscale] { $model } の画像の大きいサイズ
        [image] 画像の生成
        [text] テキストモデル
        [models] モデル一覧
       *[balance] トークンの残高表示
    }に対応していません。別のゲートウェイやトークンが使えるか、ボットの運営者にお尋ねください。
    .title = このゲートウェイでは提供されていません
# GATEWAY_BASE_URL は設定変数です。そのまま使います。
failure-gateway-misconfigured = ゲートウェイが API ではなく Web ページへのリダイレクトを返しました。ボットの運営者は、GATEWAY_BASE_URL をゲートウェイの API ルート（/v1/models を提供するアドレス）に設定する必要があります。
    .title = ゲートウェイのアドレス設定に誤りがあります
failure-model-wrong-kind = { $model } は{ $expected ->
        [image] 画像モデルではありません。画像モデルは { $models } でご確認ください。
        [video] 動画モデルではありません。動画モデルは { $models } でご確認ください。
       *[text] テキストモデルではありません。テキストモデルは { $models } でご確認ください。
    }
    .title = モデルの種類が違います
failure-option-unsupported = { $offered ->
        [none] { $model } は --{ $option } に対応していません。
       *[other] { $model } は --{ $option } { $value } に対応していません。使える値: { $offered }。
    } { $all ->
        [none] 追加オプションには対応していません。
       *[other] 使えるオプション: { $all }。
    }
    .title = 使えないオプション
failure-quota-exhausted = { $source ->
        [personal] あなたのトークンのゲートウェイアカウントのクレジットがなくなりました。ゲートウェイでチャージするか、{ $tokenUnlink } で連携を解除してコミュニティのトークンをお使いください。
        [operator] ボット自身のトークンのゲートウェイアカウントのクレジットがなくなりました。ボットの運営者によるチャージが必要です。管理者には通知済みです。
       *[scope] このコミュニティのトークンのゲートウェイアカウントのクレジットがなくなりました。管理者がゲートウェイでチャージする必要があります。管理者には通知済みです。
    }
    .title = ゲートウェイの残高がなくなりました
failure-forbidden-model = このトークンでは { $model } を使えません。{ $models } から別のモデルを選んでください。
    .title = このトークンでは許可されていないモデルです
failure-content-refused = ゲートウェイの安全フィルターにより、このリクエストは拒否されました。プロンプトの表現を変えるか、別の画像をお試しください。
    .title = リクエストが拒否されました
# $header: ゲートウェイが求めたヘッダー名（x-…）、名前がない場合は "provider"。GATEWAY_BASE_URL はそのまま使います。
failure-gateway-needs-header = ゲートウェイがこのリクエストを拒否しました。{ $header ->
        [provider] プロバイダーの指定
       *[other] ヘッダー { $header }
    }を求めていますが、一般的な OpenAI 互換クライアントはこれを送りません。ボットの運営者が、これなしでリクエストを振り分けるようゲートウェイを設定する（ゲートウェイのドキュメントを参照）か、そうするアドレスを GATEWAY_BASE_URL に設定する必要があります。
    .title = ゲートウェイに専用の設定が必要です
failure-content-refused-fee = { $source ->
        [personal] ゲートウェイは利用規約によりこのプロンプトを拒否し、あなたのトークンに違反手数料を課金した可能性があります。金額はゲートウェイのそのトークンのログにのみ表示されます。このボットは課金していません（保留は解除されました）。別のプロンプトをお試しください。
        [scope] ゲートウェイは利用規約によりこのプロンプトを拒否し、コミュニティのトークンに違反手数料を課金した可能性があります。金額はゲートウェイのそのトークンのログにのみ表示されます。このボットは課金していません（保留は解除されました）。別のプロンプトをお試しください。
       *[operator] ゲートウェイは利用規約によりこのプロンプトを拒否し、ボットのトークンに違反手数料を課金した可能性があります。金額はゲートウェイのそのトークンのログにのみ表示されます。このボットは課金していません（保留は解除されました）。別のプロンプトをお試しください。
    }
    .title = プロンプトが拒否されました
failure-gateway-refused = ゲートウェイがこのリクエストを拒否しました{ $status ->
        [none] {""}
       *[other] （HTTP { $status }）
    }{ $reason ->
        [none] 。
       *[other] : { $reason }。
    } 設定やモデルを変えてお試しください。
    .title = ゲートウェイが拒否しました
failure-attachment-missing = 参照画像が1枚以上必要です。画像を添付して、もう一度お試しください。
    .title = 画像が必要です
failure-attachment-too-many = 画像が { $got } 枚添付されていますが、使えるのは最大 { $max } 枚です。減らしてから、もう一度お試しください。
    .title = 画像が多すぎます
failure-attachment-too-large = { $name } のサイズは { $got } ですが、画像1枚あたりの上限は { $max } です。小さくするか圧縮した画像をお試しください。
    .title = 画像が大きすぎます
failure-attachment-empty = { $name } は空のファイルです（0 バイト）。画像をもう一度添付してください。
    .title = 空のファイルです
# $detected: "gif"、"none"（不明）、または "pdf"、"text"、"animated gif" などのファイル形式（翻訳しません）。
# $vowel: 英語の冠詞のための値です。日本語では使いませんが、どちらの場合も同じ文になるよう選択式を残しています。
failure-attachment-not-image = { $detected ->
        [gif] { $name } は GIF 画像のため、画像モデルでは使えません。PNG、JPEG、WebP の画像をお使いください（スクリーンショットでもかまいません）。
        [damaged] { $name } は壊れているか不完全な画像です（送信や保存の途中で切れた可能性があります）。そのためゲートウェイには送っていません。もう一度送るか、PNG、JPEG、WebP の画像として保存し直してください。
        [none] { $name } はゲートウェイが読み取れる画像ではありません。PNG、JPEG、WebP の画像をお使いください。
       *[other] { $name } は静止画ではなく、{ $detected } ファイルのようです{ $vowel ->
            [yes] {""}
           *[no] {""}
        }。PNG、JPEG、WebP の画像をお使いください。
    }
    .title = 使える画像ではありません
failure-attachment-too-many-pixels = 画像は { $width }x{ $height } ピクセルですが、受け付けられるのは最大 { $max } ピクセルです。縮小してから、もう一度お試しください。
    .title = 画像が大きすぎます
# $limit: プラットフォームのダウンロード上限（"20 MB"）、不明な場合は "none"。
failure-attachment-download-failed = { $reason ->
        [too_big_for_platform] { $limit ->
            [none] ファイルが大きすぎて、ボットがここではダウンロードできません。もっと小さいファイルを送ってください。
           *[other] ファイルが大きすぎて、ボットがここではダウンロードできません（上限は { $limit } です）。もっと小さいファイルを送ってください。
        }
        [expired] 添付ファイルのリンクの有効期限が切れています。もう一度ファイルを送ってください。
       *[network] 添付ファイルをダウンロードできませんでした（ネットワークの問題）。少し待ってから、もう一度お試しください。
    }
    .title = 添付ファイルを取得できませんでした
failure-prompt-empty = 作りたいものを説明してください（プロンプトが空です）。
    .title = プロンプトが必要です
# $reason: unreachable (the link's host does not resolve) or private (a private or local address).
failure-result-url-refused = { $reason ->
        [unreachable] ゲートウェイが、このボットからは到達できない画像リンク（ホスト名を解決できません）を返したため、何も取得していません。ゲートウェイが結果を保存している場所を、管理者が確認してください。
       *[private] ゲートウェイが、プライベートまたはローカルネットワーク上のアドレスにある画像へのリンクを返しました。このようなリンクは取得しません。ゲートウェイが結果を保存している場所を、管理者が確認してください。
    }
    .title = 結果を取得しませんでした
failure-prompt-has-secret = プロンプトにアクセストークン（ゲートウェイのキーやボットのトークン）のような文字列が含まれていたため、使用も保存もしていません。本物のトークンであれば、発行元のサービスで無効化してください。ゲートウェイトークンは、プライベートチャットで { $tokenLink } を使って連携します。
    .title = トークンのようです
failure-prompt-too-long = プロンプトは { $got } 文字ですが、受け付けられるのは最大 { $max } 文字です。短くしてから、もう一度お試しください。
    .title = プロンプトが長すぎます
# $allowed: "各辺 64〜1536 ピクセル" のような説明（size-rule-* メッセージから）。
failure-bad-size = { $given } はこのモデルで使えるサイズではありません: { $allowed }。代わりに 16:9 のようなアスペクト比を指定することもできます。
    .title = 対応していないサイズです
failure-bad-aspect = { $given } は対応しているアスペクト比ではありません。次のいずれかをお使いください: { $allowed }
    .title = 対応していないアスペクト比です
failure-bad-duration = { $given } 秒は指定できません。動画の長さは { $min }〜{ $max } 秒（整数）です。
    .title = 対応していない長さです
failure-bad-count = { $given } は指定できません。1〜{ $max } の範囲で指定してください。
    .title = 対応していない枚数です
# $message: 構文解析の説明（grammar-* メッセージから）、または "none"。
failure-bad-flag = { $message ->
        [none] オプションの一部を解釈できませんでした。コマンドを確認して、もう一度お試しください。
       *[other] { $message }
    }
    .title = オプションを解釈できません
# $wait: 時間の長さ、またはゲートウェイが示さなかった場合は "none"。
failure-gateway-busy = { $wait ->
        [none] ゲートウェイが混み合っています。1分ほどしてから、もう一度お試しください。
       *[other] ゲートウェイが混み合っています。{ $wait }後にもう一度お試しください。
    }
    .title = ゲートウェイが混雑しています
failure-gateway-busy-waited = ゲートウェイが混み合っています。このリクエストは空きを { $waited } 待ちましたが、ゲートウェイに受け付けられませんでした。数分後にもう一度お試しください。
    .title = ゲートウェイが混雑中
failure-gateway-down = ゲートウェイに接続できないか、エラーが返されました。数分後にもう一度お試しください。
    .title = ゲートウェイを利用できません
failure-gateway-timeout = ゲートウェイから時間内に応答がありませんでした。数分後にもう一度お試しください。
    .title = ゲートウェイの応答が遅すぎます
# $reason: ゲートウェイ自身の短い理由（たいてい英語）、または "none"。
failure-task-failed-refunded = { $reason ->
        [none] 動画を生成できませんでした（ゲートウェイが失敗を報告しました）。
       *[other] 動画を生成できませんでした（{ $reason }）。
    }
    .title = 動画の生成に失敗しました
failure-task-expired-released = 動画が時間内に完成しなかったため、ボットは待つのをやめました。
    .title = 動画の生成に時間がかかりすぎました
failure-job-interrupted = { $kind ->
        [video] 動画
        [ask] 質問
       *[image] 画像
    }のリクエストを開始している最中にボットが再起動したため、リクエストは取り消されました。もう一度送ってください。
    .title = リクエストが中断されました
failure-result-delayed = { $kind ->
        [video] 動画
        [ask] 回答
       *[image] 画像
    }はできあがりましたが、ボットが今すぐには記録を完了できませんでした。リクエストを送り直す必要はありません。まもなくここに投稿されます。投稿できない場合は、どうなったかをお知らせします。
    .title = 結果は届く予定です
# $size: 結果のサイズ、不明な場合は "none"。$until: 保管ファイルが削除される日時、保管しない場合は "never"。
failure-output-too-large = { $size ->
        [none] 結果が、このチャットで送れる上限の { $limit } を超えています。
       *[other] 結果（{ $size }）が、このチャットで送れる上限の { $limit } を超えています。
    }{ $until ->
        [never] {""}
       *[other] { $until }までは、{ $jobs } で取得できます。
    }
    .title = 結果が大きすぎて送信できません
# $noun: answer、image、video。$job: ジョブ ID、または "none"。$get: 受け取り方（failure-delivery-kept / -retry…）。
failure-delivery-failed-charged = { $noun ->
        [answer] 回答
        [image] 画像
       *[video] 動画
    }は生成され支払いも済んでいますが、{ $reason ->
        [download] ボットがゲートウェイからダウンロードできませんでした
        [chat_gone] 届け先のチャットにアクセスできなくなりました
       *[upload] ここへのアップロードが何度も失敗しました
    }。{ $get }もう一度実行すると、別の{ $noun ->
        [answer] 回答
        [image] 画像
       *[video] 動画
    }が生成され、再度料金がかかります。
    .title = { $noun ->
        [answer] 回答は生成されましたが、届けられませんでした
        [image] 画像は生成されましたが、届けられませんでした
       *[video] 動画は生成されましたが、届けられませんでした
    }
delivery-kept = 保管されています: { $until }まで { $jobCmd } { $job } で取得できます。
# $job: ジョブ ID、または不明な場合は "none"。
delivery-retry-download = 管理者は{ $job ->
        [none] このジョブ
       *[other] ジョブ { $job }{" "}
    }の配信を再試行できます。その場合、ボットがゲートウェイからもう一度ダウンロードします（ゲートウェイに結果が残っている間のみ可能です）。
delivery-retry = 管理者は{ $job ->
        [none] このジョブ
       *[other] ジョブ { $job }{" "}
    }の配信を再試行できます。
failure-result-not-delivered = { $noun ->
        [answer] 回答
        [image] 画像
       *[video] 動画
    }は生成されましたが、{ $reason ->
        [too_large] このチャットで送れるサイズを超えている
        [chat_gone] このチャットにアクセスできなかった
        [not_a_video] ゲートウェイから届いたファイルが再生できる動画ではなかった
       *[files_gone] ファイルが失われた
    }ため、投稿できませんでした。料金はかかっていません。
    .title = { $noun ->
        [answer] 回答を届けられませんでした
        [image] 画像を届けられませんでした
       *[video] 動画を届けられませんでした
    }
failure-cooldown = 次のリクエストは { $wait }後に開始できます。
    .title = 少しお待ちください
# $waiting: 先に待っているリクエストの数（単に列がいっぱいの場合は 0）。
failure-queue-full = { $waiting ->
        [0] 順番待ちの列がいっぱいです。数分後にもう一度お試しください。
       *[other] すでに { $waiting } 件のリクエストが待っています。数分後にもう一度お試しください。
    }
    .title = 待っているリクエストが多すぎます
# ボットのプロセス間で共有している状態（Redis）に接続できません。実行中のリクエストはそのまま続きます。
failure-coordination-unavailable = 現在、ボットは新しいリクエストを開始できません（共有の利用上限を確認できません）。少し待ってからもう一度お試しください。実行中のリクエストには影響はなく、料金もかかっていません。
    .title = 一時的に混み合っています
failure-store-unavailable = 現在、ボットがデータベースに接続できないため、この操作を実行できませんでした。少し待ってからもう一度お試しください。
    .title = 少し待ってからお試しください
failure-not-admin = この操作は、このコミュニティの管理者のみ行えます。
    .title = 管理者専用です
# $message: 金額の解析結果の説明（money-error-* メッセージ）。
failure-bad-amount = { $message }
    .title = 金額を読み取れません
failure-unknown-user = ここでは { $given } という人を見かけていないため、何も変更していません。{ $how }
    .title = 不明なユーザーです
failure-job-not-found = ここには { $id } というジョブはありません。ご自身のジョブは { $jobs } でご確認ください。
    .title = ジョブが見つかりません
failure-job-not-yours = ジョブ { $id } のボタンを使えるのは、そのジョブを始めたメンバーか管理者だけです。ご自身の画像は { $imagine } で作れます。
    .title = ご自身のジョブではありません
failure-bad-timezone = { $given } はタイムゾーン名ではありません。Asia/Tokyo、Europe/Berlin、UTC のような名前をお使いください。
    .title = 不明なタイムゾーンです
failure-other-bot = このコマンドは別のボット宛てです。
    .title = このボット宛てではありません
# $suggestion: メンバーが入力する形のコマンド、または "none"。
failure-unknown-command = { $suggestion ->
        [none] { $given } というコマンドはありません。一覧は { $help } でご確認ください。
       *[other] { $given } というコマンドはありません。{ $suggestion } のことでしょうか？ 一覧は { $help } でご確認ください。
    }
    .title = 不明なコマンドです
# $usage: 使い方の行（1行以上、ない場合は "none"）。$name: 足りない引数の名前（識別子）。
failure-missing-argument = { $usage ->
        [none] { $name } が指定されていません。
       *[other] 使い方: { $usage }
        （{ $name } が指定されていません）
    }
    .title = 入力が足りません
failure-not-here = { $place ->
        [private] この操作は、ボットとのプライベートチャットでのみ使えます（秘密の情報をグループに出さないためです）。
       *[community] この操作は、コミュニティ（サーバーやグループ）でのみ使えます。プライベートチャットでは使えません。
    }
    .title = ここでは使えません
failure-job-files-gone = { $what ->
        [references] ジョブ { $id } の参照画像はもう保管されていないため、再生成できません。画像を添えて、もう一度 { $edit } を実行してください。
       *[outputs] ジョブ { $id } の結果はもう保管されていないため、再利用できません。新しくリクエストしてください。
    }
    .title = ファイルはもう保管されていません
failure-internal = こちら側で問題が発生しました。もう一度お試しください。繰り返し起こる場合は、下の参照コードを管理者にお伝えください。
    .title = 問題が発生しました
# 失敗の文そのものを作れなかった場合に使います。
failure-internal-short = こちら側で問題が発生しました。もう一度お試しください。
# $available: 提供している言語コード（カンマ区切り）。
failure-unknown-language = { $given } には対応していません。次のいずれかを選んでください: { $available }
    .title = 対応していない言語です
failure-unknown-setting = { $given } という設定はありません。設定: { $keys }。自分の設定は { $settings } で確認できます。
    .title = 不明な設定
failure-bad-setting = { $given } は { $key } に使えない値です。使える値: { $allowed }。何も変更していません。
    .title = この設定に使えない値です
failure-operator-cap-exhausted = この処理には { $cost } かかりますが、本日のボット共有予算の残りは { $left } です。ボット運営者は、すべてのコミュニティがボット自身のゲートウェイトークンで1日に使える合計額を制限しています。{ $when }にリセットされます。独自のゲートウェイトークンを連携したコミュニティには、この上限はかかりません。
    .title = 本日のボットの予算を使い切りました
# $place: private または community。$community: 運営者向けのチャットID（platform:id）。
failure-operator-access-not-approved = { $place ->
        [private] このプライベートチャットは、ボット自身のゲートウェイトークンの利用を承認されていません。ボットのオーナーに { $community } の承認を依頼するか、{ $tokenLink } で自分のトークンを連携してください。
       *[other] このコミュニティは、ボット自身のゲートウェイトークンの利用を承認されていません。ボットのオーナーに承認を依頼してください（オーナーがここで { $approve } を実行するか、{ $community } を承認します）。管理者が { $setupToken } でコミュニティ独自のトークンを連携するか、あなたが { $tokenLink } で自分のトークンを連携することもできます。
    }
    .title = ボットのトークンの利用が承認されていません

failure-job-cancelled = { $kind ->
        [video] 動画
        [ask] 質問
       *[image] 画像
    }のリクエストは、ゲートウェイが処理を始める前にキャンセルされました。
    .title = キャンセルしました
failure-job-not-cancellable = { $reason ->
        [at_gateway] ジョブ { $id } はもうキャンセルできません。ゲートウェイがすでに処理しています。通常どおり完了して課金されます(失敗した場合は確保額が解放されます)。進み具合は { $jobCmd } { $id } で確認できます。
        [not_owner] ジョブ { $id } は別のメンバーのものです。キャンセルできるのは本人か管理者だけです。
       *[finished] ジョブ { $id } はすでに終了しています。キャンセルするものはありません。
    }
    .title = キャンセルされませんでした
