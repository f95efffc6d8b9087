## チャットでの作成: /settings のラベル（Discord のメニューとボタン、Telegram のキーボード）と、続きの操作の理由。

settings-key-name = { $key ->
        [image_model] 画像モデル
        [video_model] 動画モデル
        [text_model] テキストモデル
        [aspect] アスペクト比
        [seconds] 動画の長さ
        [quality] 品質
        [n] 1 回の画像枚数
        [language] 言語
        [private] 結果を非公開で受け取る
       *[other] { $key }
    }
settings-quick = { $key ->
        [n] 画像 { $value } 枚
        [aspect] アスペクト比 { $value }
        [private] { $value ->
            [on] 非公開の結果: オンにする
           *[other] 非公開の結果: オフにする
        }
       *[other] { $key } { $value }
    }
failure-not-an-image = { $kind ->
        [video] ジョブ { $id } は動画です。バリエーションとアップスケールは画像用です。代わりに動画の「{ action-remix }」または「{ action-animate-last-frame }」ボタンを使ってください。
       *[other] ジョブ { $id } は回答で、画像ではありません。バリエーションとアップスケールは画像用です。{ $imagine } で画像を作成してください。
    } 料金はかかっていません。
    .title = 画像ではありません
