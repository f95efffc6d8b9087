## コマンドの説明とヘルプ。コマンド名とオプション名は英語の識別子のままです（入力に使うため）。
## 訳すのは説明だけです。Discord の説明は100文字までなので、短くしてください。
## ID: cmd-<command>（説明。.help は /help の長い説明）、cmd-<command>-<subcommand>、
## cmd-<command>[-<subcommand>]-opt-<option>、複数のコマンドで共通のオプションは opt-<option>。

cmd-imagine = テキストの説明から画像を生成します
    .help = 説明をもとに画像を1枚以上生成します。料金は先に確保され、届いた画像の分だけ課金されます。画質・背景・ファイル形式は、モデルが対応する場合だけ送られます（各モデルの対応はモデル一覧で確認できます）。料金はこれらに応じて変わります。
cmd-imagine-opt-prompt = 画像に描きたいもの
opt-aspect = アスペクト比 W:H（例: 16:9）
opt-size = ピクセル単位の正確なサイズ WxH（例: 1024x1024）、または auto
opt-quality = 画質（モデルが対応する場合: low, medium, high, auto）
opt-background = 背景（モデルが対応する場合: transparent, opaque, auto）
opt-format = ファイル形式（モデルが対応する場合: png, jpeg, webp）
opt-resolution = 動画の解像度（モデルが対応する場合。例: 720p, 1080p）
opt-audio = 動画の音声（モデルが対応する場合: on または off）
opt-negative = 動画に映したくないもの（モデルが対応する場合）
cmd-imagine-opt-count = 生成する枚数（1〜4）
cmd-edit = 指示に従って画像を編集します（最大3枚まで合成可能）
    .help = 添付した画像（最大3枚）、または --from で指定した以前のジョブの結果を、指示に従って編集します。料金は先に確保され、届いた分だけ課金されます。
cmd-edit-opt-prompt = 変更したい内容（ふだんの言葉で）
cmd-edit-opt-images = 編集する画像（最大3枚）
cmd-edit-opt-job = 代わりにこの以前のジョブの結果を編集します
cmd-video = 説明から短い動画を生成します（画像から始めることもできます）
    .help = 説明をもとに短い動画の生成を開始します（画像を添付すると、その画像を動かします）。見積もり額をいま確保し、動画が届いた時点で課金します。完成したらここに投稿します。2 枚目の画像は最後のフレームになります（対応するモデルのみ）。解像度・音声・ネガティブプロンプトは、モデルが対応する場合だけ送られ、料金もそれに応じて変わります。
cmd-video-opt-prompt = 動画で見せたいもの
cmd-video-opt-seconds = 長さ（秒、4〜15）
cmd-video-opt-image = 最初の画像。2 枚目は最後のフレーム（対応するモデルのみ）
cmd-ask = テキストモデルに質問します
    .help = 質問をテキストモデルに送り、使ったトークン数と料金を添えて回答を投稿します。
cmd-ask-opt-prompt = 質問や指示
cmd-balance = 予算の残りを表示します
    .help = このコミュニティでのあなたの利用枠を表示します: 残り、利用額、実行中のジョブのために確保中の額、リセットの日時。chart を付けると、今期の利用額を利用枠と比べたグラフも表示します。
cmd-balance-opt-view = chart で利用額と利用枠を比べたグラフを表示
cmd-jobs = 最近のジョブと実行中のジョブを一覧表示します
    .help = このコミュニティでのあなたの最近のジョブ10件を、状態・モデル・料金とともに一覧表示します。個別のジョブは /job <id> で確認できます。
cmd-job = ジョブ1件とその結果を表示します
    .help = ジョブ1件の状態、モデル、サイズ、料金を表示し、保管されている間は結果のファイルをもう一度投稿します。エラーの最後に表示された参照コードを指定すると、何が起きたかを表示します（管理者には記録された詳細も表示されます）。
cmd-job-opt-job = 開始時に表示されたジョブ ID、またはエラーの最後に表示された参照コード
cmd-models = ここで使えるモデルと価格を一覧表示します
    .help = このコミュニティで使うゲートウェイトークンで利用できるモデルを、価格とその出どころ、種類ごとの既定のモデル、価格の決まり方とともに一覧表示します。種類を指定すると、画像・動画・テキストのいずれかのモデルだけを表示します。
cmd-models-opt-kind = この種類のモデルだけを表示
cmd-budget = このコミュニティの利用上限を管理します
    .help = メンバーが使える金額を設定します（金額は米ドル、期間は day、week、month、total）。メンバーは @ユーザー名、メンション、または ID で指定します。返信できる場所では、そのメンバーのメッセージに返信して指定することもできます。
cmd-budget-default = 全メンバーに適用する上限を設定します
cmd-budget-default-opt-amount = メンバー1人あたりの上限（米ドル、例: 5 や 2.50。none で上限なし）
cmd-budget-default-opt-period = リセットの周期: day、week、month、total（省略時: 現在の既定の周期）
cmd-budget-set = メンバー個別の上限を設定します
cmd-budget-set-opt-user = 対象のメンバー
cmd-budget-set-opt-amount = 上限（米ドル、例: 10。none で上限なし）
cmd-budget-set-opt-period = リセットの周期: day、week、month、total（省略時: 既定の周期）
cmd-budget-clear = メンバー個別の上限を削除します（既定に戻します）
cmd-budget-clear-opt-user = 対象のメンバー
cmd-budget-pool = コミュニティ全体で共有する上限を設定します
cmd-budget-pool-opt-amount = コミュニティ全体の上限（米ドル。none で削除）
cmd-budget-pool-opt-period = リセットの周期: day、week、month、total（省略時: month）
cmd-budget-block = メンバーのボット利用を停止します
cmd-budget-block-opt-user = 対象のメンバー
cmd-budget-unblock = 停止したメンバーが再びボットを使えるようにします
cmd-budget-unblock-opt-user = 対象のメンバー
cmd-budget-adjust = この期間のメンバーの利用枠を増減します
cmd-budget-adjust-opt-user = 対象のメンバー
cmd-budget-adjust-opt-amount = 米ドル。プラスで枠を増やし、マイナスで減らします（例: -1.50）
cmd-budget-adjust-opt-note = 理由（監査ログに記録されます）
cmd-budget-show = 上限と利用額を表示します
cmd-budget-show-opt-user = 対象のメンバー（省略時: コミュニティ全体）
cmd-usage = このコミュニティで誰がいくら使ったかを表示します
    .help = 期間ごと（省略時: 今月）のメンバー別の利用額を表示し、詳しいレポートを CSV ファイルで添付します。chart を付けると、1日ごとの利用額をメンバー別に積み上げたグラフも表示します。
cmd-usage-opt-period = 対象の期間（省略時: 今月）
cmd-usage-opt-view = chart でメンバー別の1日ごとの利用額グラフを表示
cmd-usage-opt-user = このメンバーだけを表示
cmd-setup = このコミュニティをメディアゲートウェイに接続します
    .help = このコミュニティのゲートウェイトークンを連携し（非公開で入力。表示されるのは末尾4文字だけです）、その表示や削除、日・週・月ごとのリセットに使うタイムゾーンの設定を行います。
cmd-setup-token = コミュニティのゲートウェイトークンを設定します（非公開で入力）
opt-token = ゲートウェイトークン（非公開で送信され、表示されません）
cmd-setup-show = 現在の設定を表示します（トークンは表示されません）
cmd-setup-unlink = コミュニティのゲートウェイトークンを削除します
cmd-setup-timezone = 日・週・月ごとのリセットに使うタイムゾーンを設定します
cmd-setup-timezone-opt-tz = IANA タイムゾーン（例: Asia/Tokyo）
cmd-prices = このコミュニティでのモデルの価格と種類を設定します
    .help = このコミュニティ独自のモデル価格（画像1枚、動画1秒、テキスト1,000トークンあたりの米ドル。運営者やゲートウェイの価格より優先）を設定・削除・一覧表示し、モデルの種類の誤りを修正します。変更はすべて監査ログに記録されます。
cmd-prices-opt-model = /models に表示されているとおりのモデル ID
cmd-prices-list = 管理者がここで設定した価格と種類を表示します
cmd-prices-set = このコミュニティでのモデルの価格を設定します（他のどの価格より優先）
cmd-prices-set-opt-usd = 1単位あたりの米ドル（例: 0.04）
cmd-prices-set-opt-per = 単位（省略時: モデルの種類から決定）
cmd-prices-clear = モデルの管理者価格を削除します（運営者またはゲートウェイの価格に戻ります）
cmd-prices-kind = ここでのモデルの種類を修正します（auto で修正を取り消し）
cmd-prices-kind-opt-kind = モデルが生成するもの
cmd-token = 自分のゲートウェイトークンを使います
    .help = 自分のゲートウェイトークンを連携して（非公開で入力。表示されるのは末尾4文字だけです）リクエストの支払いに使うか、その連携を解除します。
cmd-token-link = 自分のゲートウェイトークンを連携します（非公開で入力）
cmd-token-unlink = 自分のゲートウェイトークンの連携を解除します
cmd-reroll = 以前のジョブを同じ内容でもう一度実行します
    .help = 以前のジョブを、同じプロンプト・モデル・サイズでもう一度実行します（編集の場合は保管中の参照画像を使います）。新しいリクエストと同じように課金されます。
cmd-reroll-opt-job = もう一度実行するジョブ
cmd-animate = 以前のジョブの画像から動画を生成します
    .help = 以前のジョブの最初の画像から、そのジョブのプロンプトで動画の生成を開始します。見積もり額をいま確保し、動画が届いた時点で課金します。
cmd-animate-opt-job = 動画にする画像のジョブ
cmd-remix = 以前の動画を新しいプロンプトで作り直します
    .help = このチャットの以前の動画をリミックスします。ゲートウェイが新しいプロンプトに従って、その動画から新しい動画を生成します。新しい動画と同じく、見積もり額をいま確保し、動画が届いた時点で課金します。
cmd-remix-opt-job = リミックスする動画のジョブ
cmd-remix-opt-prompt = 新しいバージョンで見せたいもの
cmd-vary = 以前のジョブの画像のバリエーションを作ります
    .help = 以前のジョブの画像 1 枚のバリエーションを作ります（V ボタン）。同じプロンプトとモデルでその画像を編集します。使えるのはジョブを作ったメンバーか管理者だけで、新しい編集と同じく確保・課金されます。
cmd-vary-opt-job = バリエーションを作る画像のジョブ
cmd-vary-opt-image = どの画像か（1〜4、既定は 1）
cmd-upscale = 以前のジョブの画像を大きいサイズで作り直します
    .help = 以前のジョブの画像 1 枚を、同じプロンプトでモデルの一段大きいサイズに作り直します（U ボタン）。使えるのはジョブを作ったメンバーか管理者だけで、新しい編集と同じく確保・課金されます。
cmd-upscale-opt-job = 高解像度化する画像のジョブ
cmd-upscale-opt-image = どの画像か（1〜4、既定は 1）
cmd-remix-opt-seconds = 長さ（秒、4〜15。省略時: 元の動画の長さ）
cmd-help = このボットの使い方
    .help = ここで使えるコマンドを一覧表示するか、1つのコマンドのオプションと例を説明します。
cmd-help-opt-command = 説明するコマンド（例: imagine）

# $kind: image、video、text。
opt-model = 使用する{ $kind ->
        [image] 画像
        [video] 動画
       *[text] テキスト
    }モデル（省略時: 設定済みのモデル）

# /prices set の単位と /prices kind の選択肢。
choice-per-image = 画像1枚あたり
choice-per-second = 動画1秒あたり
choice-per-1k = テキスト1,000トークンあたり
choice-kind-image = 画像
choice-kind-video = 動画
choice-kind-text = テキスト
choice-kind-auto = auto（修正を取り消す）
choice-view-chart = グラフ
choice-view-numbers = 数値
choice-on = オン
choice-off = オフ
choice-where-here = ここ
choice-where-everywhere = どこでも
choice-queue-cancel = キャンセル

cmd-language = 私が使う言語を選びます
    .help = あなたとの会話に使っている言語と選べる言語を表示するか、あなたの言語を設定します（コミュニティの既定やアプリの言語より優先されます）。"reset" で既定に戻します。
cmd-language-opt-code = 言語コード（en、es、pt-BR、zh-CN、ru、ja など）。reset で既定に戻す
cmd-setup-language = このコミュニティの既定の言語を設定します
cmd-setup-language-opt-code = 言語コード（en、es、pt-BR、zh-CN、ru、ja など）。reset で削除
cmd-settings = あなたの既定値: モデル、縦横比、秒数、品質、枚数、言語、非公開の結果
    .help = 設定とそれぞれの出どころを表示するか、1つを変更します: /settings aspect 16:9（このコミュニティ）、/settings image_model <モデル> everywhere（すべてのコミュニティ）、/settings aspect reset。コマンドに入力したオプションが常に優先され、設定を使った返信にはその旨が表示されます。キー: image_model、video_model、text_model、aspect、seconds、quality、n、language、private。
cmd-settings-opt-key = 設定の種類（image_model、video_model、text_model、aspect、seconds、n など）
cmd-settings-opt-value = 値（モデル ID、16:9、8、high、2、es、on など）または reset
cmd-settings-opt-where = here（このコミュニティ、既定）または everywhere（すべてのコミュニティ）
cmd-setup-defaults = このコミュニティの既定値を設定（モデル、縦横比、秒数、品質、枚数）
cmd-approve = このコミュニティにボットのゲートウェイトークンの利用を許可（オーナー）
    .help = OPERATOR_TOKEN_ACCESS=approved のとき、ボット自身のゲートウェイトークンでジョブを実行できるのはオーナーが承認したコミュニティだけです。/approve でこのコミュニティを承認し、/approve off で承認を取り消します。独自のトークンを持つコミュニティには承認は不要です。
cmd-approve-opt-state = on（既定）で承認、off で承認を取り消し
cmd-queue = キューを表示: 待機中・実行中のあなたのジョブ
    .help = ここで順番待ち中または作成中のあなたのジョブを、列での順番、経過時間、(動画は)残りのおおよその時間とともに表示し、コミュニティ全体で待機中・実行中のジョブ数も表示します。管理者は全員のジョブを見られます。/queue cancel <ジョブ> はゲートウェイが処理を始める前にジョブを列から外します。確保額は解放され、料金はかかりません。ゲートウェイが処理中のジョブはキャンセルできません。
cmd-queue-opt-action = cancel: あなたのジョブを列から外す
cmd-queue-opt-job = ジョブID(/queue に表示されるもの)
cmd-web = ウェブで結果を見るための個人用リンクを受け取ります
    .help = 10 分間有効で一度だけ使えるサインインリンクを非公開で返します。あなたのギャラリーと残高、管理者にはこのコミュニティの予算ページが開きます。
