## /models と /prices。$model: モデル ID（そのまま）。$kind: image、video、text。$variable: 設定変数
## （DEFAULT_IMAGE_MODEL…）、そのまま。

# 価格の出どころ。$source: admin、operator、gateway、documented。
price-source = { $source ->
        [admin] このコミュニティの管理者が設定
        [operator] 運営者の価格ファイル
        [gateway] ゲートウェイの公開価格
       *[documented] ゲートウェイの資料記載の価格
    }
price-none-yet = 価格未設定（管理者が設定できます）
price-not-on-sale = 提供停止中
# テキストモデルの2つの価格。$input、$output: price-per-unit の文。
price-in-out = 入力 { $input }、出力 { $output }
# 価格とその出どころ: 「$0.04 / 枚（ゲートウェイの公開価格）」。
price-with-source = { $price }（{ $source }）
# ゲートウェイが式で公開する価格。オプションごとに1行: 「1080p、音声あり: $0.60 / 秒」。
# $options: オプションの言葉、$price: price-per-unit の文。
price-option-row = { $options }: { $price }
# $quality: ゲートウェイが使う画質の名前（そのまま: low、medium、high…）。
price-option-quality = 画質 { $quality }
price-option-default = 既定の画質
price-option-other-resolution = その他の解像度
# $audio: yes または no。
price-option-audio = { $audio ->
        [yes] 音声あり
       *[no] 音声なし
    }
# ジョブが終わるまで分からない要素で決まる価格（確保する額はこの上限）。$price: 価格の文。
price-at-most = 最大 { $price }

# The title of the /models answer.
models-title = モデル
models-none = このトークンで使えるモデルはありません。
models-default-mark = [既定]
models-options = オプション: { $options }
# The same mark after a model in a list of "id · price" lines.
models-default-word = 既定
models-defaults = 既定のモデル:
# $how: configured（運営者が設定）または first（ゲートウェイの一覧で最初に価格のある、その種類のモデル）。
models-default-chosen = { $kind }: { $model }（{ $how ->
        [configured] { $variable } で設定
       *[first] ゲートウェイの一覧で最初に価格のある { $kind } モデル。選ぶには { $variable } を設定してください
    }）
# $closest: 最も近い ID の一覧、または "none"。
models-default-missing = { $kind }: { $variable }={ $model } はこの一覧にありません{ $closest ->
        [none] {""}
       *[other] （近いもの: { $closest }）
    }
models-default-none = { $kind }: なし（価格のある { $kind } モデルが一覧にありません）
models-price-rule = 価格の優先順位: 管理者が設定した価格、運営者の価格ファイル、ゲートウェイの公開価格の順です。どれもないモデルは、管理者が価格を設定するまで使えません（/prices set <model> <usd>）。

prices-none = このコミュニティで管理者が設定した価格はありません。各モデルには運営者の価格ファイルか、ゲートウェイの公開価格が使われます。/models をご覧ください。
# $lines: 1行に1モデル。
prices-list = このコミュニティの管理者設定:
    { $lines }
prices-kind-of = 種類 { $kind }
prices-cleared = { $model } の管理者価格を削除しました。現在の価格は { $price } です。
prices-kind-set = このコミュニティでは、{ $model } を{ $kind ->
        [image] 画像
        [video] 動画
       *[text] テキスト
    }モデルとして扱います。
# $listed: このトークンの一覧にそのモデルがない場合は "no"。
# $unit: image、second、tokens（テキスト1,000トークンあたり）。
prices-set = このコミュニティでの { $model } の価格を { $unit ->
        [image] 1枚
        [second] 1秒
       *[tokens] 1Kトークン
    }あたり { $amount } にしました（管理者の設定は他の価格より優先されます）。{ $listed ->
        [no] 注意: このトークンの一覧にそのモデルはありません。
       *[yes] {""}
    }
prices-error-model-id = /models に表示されているとおりのモデル ID を指定してください。
prices-error-kind = 種類は image、video、text、auto のいずれかです。
prices-error-zero = 価格は $0 より大きくしてください。
prices-error-unit = 単位は image、second、1k（テキスト1,000トークン）のいずれかです。
# $unit: image、second、tokens（テキスト1,000トークンあたり）。$amount: 設定できる最低価格。
prices-error-below-cost = ここでボット自身のゲートウェイトークンが支払う間は、{ $model } をゲートウェイの請求額より安くできません: { $unit ->
        [image] 1枚
        [second] 1秒
       *[tokens] 1Kトークン
    }あたり最低 { $amount } です。/setup でこのコミュニティ自身のトークンを登録すれば自由に価格を設定できます。
prices-error-no-cost = ボットは { $model } に対するゲートウェイの請求額を知らないため、ここでボット自身のゲートウェイトークンが支払う間は、ボットのオーナーだけが価格を設定できます。/setup でこのコミュニティ自身のトークンを登録すれば自分で設定できます。
