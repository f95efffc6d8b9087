## 結果とジョブの表示: タイトル、結果の下の項目名と値、ボタン、ジョブの状態。

# ボタン（短く: Discord のボタンや Telegram のキーボードで無理なく表示できるのは20文字程度です）。
action-reroll = 再生成
action-edit = 編集
action-animate = 動画にする
action-remix = リミックス
action-vary = バリエーション
action-upscale = 高解像度化
action-vary-n = V{ $n }
action-upscale-n = U{ $n }
action-animate-last-frame = 最後のフレームから動画にする
action-refresh = 更新
# 編集／リミックスを押した後に、メンバーに入力を求める文。
action-edit-input = どこを変えますか？
action-remix-input = 新しいバージョンでは何を見せますか？

# 結果やジョブの下に表示する項目名。
field-model = モデル
field-size = サイズ
field-options = オプション
field-cost = 料金
field-left = 残り
field-job = ジョブ
field-duration = 長さ
# /job of a finished video: the length asked for (the delivered file's own length is in its caption).
field-duration-requested = 指定した長さ
field-status = 状態
field-created = 作成日時
field-tokens = トークン数
# $cost: 金額。ゲートウェイの返答にトークン数がなかったときに表示します。
field-cost-estimated = { $cost }（推定：ゲートウェイがトークン数を返さなかったため、ボットが文字数から数えました）
field-held = 配信まで確保中
field-ready-in = 完成予定
# 項目の値。
value-no-limit = 上限なし
value-seconds = { $n }秒
# A delivered video whose file plays for another length than was asked. $n: seconds in the file; $requested: asked.
value-seconds-delivered = { $n }秒（指定は { $requested }秒）

result-image-title = 画像ができました
# 一部の画像がこのチャットで送れるサイズを超えた場合。$count: 枚数、$limit: サイズ、$job: 後で取得するためのコマンド。
result-images-too-large = { $count } 枚の画像がこのチャットのアップロード上限（{ $limit }）を超えています。後で { $jobCmd } { $job } で取得してください。
result-images-partial = { $requested } 枚中 { $made } 枚を生成しました。課金は { $made } 枚分だけです。
result-empty-answer = （空の回答）

# 動画ジョブの開始のお知らせ。$seconds: 長さ、モデルが決める場合は 0。
estimate-video = { $seconds ->
        [0] { $model }{ $size ->
            [none] {" "}
           *[other] （{ $size }）
        }で動画を生成しています。
       *[other] { $model }{ $size ->
            [none] {" "}
           *[other] （{ $size }）
        }で { $seconds } 秒の動画を生成しています。
    }最大 { $cost } を確保し、動画が届いた場合にのみ課金します{ $left ->
        [none] 。
       *[other] 。この後の残りは { $left } です。
    }{ $wait ->
        [none] {""}
       *[other] 通常 { $wait }ほどかかります。
    }
video-started-title = 動画の生成を開始しました
remix-started-title = リミックスを開始しました
video-will-be-posted = ジョブ { $job }: 動画ができしだい、ここに投稿します。

jobs-title = あなたのジョブ
jobs-none = まだジョブはありません。
# /jobs の1行: "画像 · 完了 · model · $0.04 請求済み · プロンプト"。$money: お金がどうなったか（job-money）。
jobs-line = { $kind } · { $state } · { $model } · { $money } · { $prompt }
job-title = { $kind } { $id }
job-files-too-large = このジョブのファイルのうち { $count } 件が、このチャットのアップロード上限を超えています。

# メンバーから見たジョブの種類。
job-kind = { $kind ->
        [imagine] 画像
        [edit] 編集
        [video] 動画
       *[ask] 回答
    }
# ジョブの状態をわかりやすい言葉で（お金の結果は job-money が伝えるので、ここでは触れません）。
job-state = { $state ->
        [queued] 開始待ち
        [working] 生成中
        [delivering] 投稿中
        [done] 完了
        [failed] 失敗
        [timed_out] 時間切れ
        [interrupted] 停止
       *[not_delivered] 生成済み・未投稿
    }
# ジョブのお金がどうなったか。$amount: その結果の金額。お金が解放・返金されたジョブに「確保中」とは書きません。
job-money = { $outcome ->
        [held] { $amount } 確保中
        [charged] { $amount } 請求済み
        [charged_kept] { $amount } 請求済み（結果は保持）
        [refunded] { $amount } 返金済み
       *[none] 料金なし
    }

## チャット画面が独自に添える言葉。
# 返信のファイルのうち、チャットのアップロード上限を超えたもの。$kind: image、video、file。$job: 取得用のコマンド、または "none"。
surface-over-limit = { $count } { $kind ->
        [image] 枚の画像
        [video] 本の動画
       *[file] 件のファイル
    }がこのチャットのアップロード上限（{ $limit }）を超えています{ $job ->
        [none] 。
       *[other] 。後で { $job } で取得してください。
    }
# 投稿するには大きすぎる1つのファイル。$job: 後で取得するためのコマンド、または "none"。
surface-file-too-large = { $name }（{ $size }）は大きすぎるため、ここには投稿できません。{ $job ->
        [none] {""}
       *[other] しばらく保管されます: { $job }
    }

# キュー (/queue)。キャンセルはゲートウェイが処理を始める前にジョブを列から外します。
action-cancel = キャンセル
action-cancel-job = { $id } をキャンセル
queue-title = あなたのキュー
queue-title-all = このコミュニティのキュー
queue-none = ここで待機中・実行中のジョブはありません。
queue-none-all = ここで待機中・実行中のジョブはありません。
queue-community = このコミュニティ: 待機中 { $waiting } 件、実行中 { $running } 件。
queue-phase-queued = 列の { $position } 番目
queue-phase-waiting = { $ahead ->
        [0] 次にゲートウェイへ(混雑中)
       *[other] ゲートウェイ待ちで前に { $ahead } 件(混雑中)
    }
queue-phase-running = 作成中
queue-elapsed = 経過 { $elapsed }
queue-eta = 残り約 { $eta }
queue-eta-overdue = 通常より時間がかかっています
queue-member = { $mine ->
        [yes] あなた
       *[other] メンバー { $user }
    }
queue-cancel-which = どのジョブですか? { $cmd } cancel <ジョブID> を使ってください。{ $cmd } であなたのジョブを一覧できます。
queue-cancelled-title = キャンセルしました
queue-cancelled = ジョブ { $id }({ $kind })はゲートウェイが処理を始める前に列から外されました。{ $held ->
        [yes] 確保していた金額は解放されました。料金はかかっていません。
       *[other] 料金はかかっていません。
    }
