## ターミナル版お試し環境の文（コンソールは LANG を読む）。コマンド、フラグ、変数名は訳さない。

# 起動時のバナー。行頭の字下げはお試し環境が付ける。
playground-title = mediabot ターミナルお試し環境
playground-gateway-simulator = 内蔵のゲートウェイシミュレーター（{ $url }、ダミーの画像と動画で、実際のお金はかかりません）
playground-gateway-real = ゲートウェイ（{ $url }、GATEWAY_BASE_URL、運営者トークン GATEWAY_TOKEN：実際に課金されます）
playground-line-gateway = ゲートウェイ:  { $gateway }
playground-line-budget = 予算:          { $allowance }
playground-line-you = あなた:        { $name }（ID { $id }）、ここの管理者です。/budget や /usage で自分を指すには me と書きます
playground-line-outputs = 出力先:        { $dir }（OUTPUT_DIR）   データベース: { $database }
playground-setup =
    本番のボットを動かすには、.env に DISCORD_TOKEN + DISCORD_APPLICATION_ID と TELEGRAM_BOT_TOKEN のどちらかまたは両方、BOT_ENCRYPTION_KEY
    （npm run keygen）、GATEWAY_BASE_URL を設定し（.env.example を参照）、もう一度 npm start を実行してください。
playground-interactive = /help でコマンド一覧、/quit か Ctrl-C で終了します。
playground-stdin = 標準入力からコマンドを読み込んでいます。
playground-allowance = あなたの残り { $left }（上限 { $per } { $limit }、/budget default <amount> で変更）
playground-allowance-none = あなたには上限がありません
playground-allowance-blocked = お試し環境でブロックされています（/budget unblock local）

# 入力された行への応答。
playground-slash = コマンドはスラッシュで始めます（例: /imagine 赤いキツネ）。/help で一覧を表示します。
playground-no-token = { $command } はお試し環境では使えません。ここでは内蔵シミュレーターのトークン（または GATEWAY_TOKEN）で支払うため、連携するゲートウェイトークンはありません。
playground-unexpected = { $command } が予期せず失敗しました: { $error }
playground-no-file = { $typed } にファイルがありません（{ $path }）。
playground-no-image = { $command } は画像を受け付けません。--image は /edit と /video 用です。
# /help of a command that takes images: what --image PATH does. $max: how many files it takes.
playground-help-image = { $max ->
        [1] コマンドと一緒に送るローカルの画像ファイル
       *[other] コマンドと一緒に送るローカルの画像ファイル（最大 { $max } 個まで繰り返し指定できます）
    }
playground-help-quit = /quit   お試し環境を終了（または Ctrl-C）
# A job's progress while its command waits. $position: its place in the queue.
playground-queued = 順番待ち（{ $position } 番目）…
playground-working = 処理中…
playground-failed = うまくいきませんでした。
playground-file-saved = { $kind } { $mime }、{ $size }: { $path }
playground-next = 次の操作:

# お試し環境の停止時にまだ動いている動画。
playground-videos-at-gateway = ゲートウェイでまだ { $count } 件の動画ジョブが動いています。次にお試し環境を起動すると届けます（/jobs で確認できます）。
playground-video-cancelled = 動画 { $job } をキャンセルしました。内蔵シミュレーターはタスクをメモリに保持しているため、お試し環境の停止後は完了できません。確保していた { $held } は解放しました。課金はありません。
playground-video-made = 動画 { $job } はすでに作成・課金済みです（{ $state }）。次回 /job { $job } で表示できます。
playground-video-ended = 動画 { $job } はすでに終了しています（{ $state }）。

# あとで終わるジョブと、--image のパス。
playground-progress = 動画 { $job }: { $state } { $percent }%
playground-video-ready = 動画 { $job } ができました（{ $facts }）: { $path }
playground-answer = 回答 { $job }（{ $cost }）:
playground-result-saved = { $kind ->
        [ask] 回答
        [video] 動画
       *[other] 画像
    } { $job }: { $path }
playground-image-unclosed = --image の後のパスに閉じる引用符 { $quote } がありません。
playground-image-missing = --image の後にファイルを指定してください（例: --image ~/fox.png）。
playground-end-image-alone = --end-image は動画の最後のフレームです。最初のフレームも --image で指定してください（例: --image ~/start.png --end-image ~/end.png）。

# 入力の終わり。
playground-waiting = { $count } 件の動画ジョブの完了を待っています（最大あと { $left }）
playground-demo = 標準入力が空なので、デモ用のスクリプトを実行します。
playground-demo-done = 完了しました。結果は { $dir } にあります。対話モードを使うには、ターミナルで npm start を実行してください。
playground-line-web = ウェブページ: { $url }（/web と入力するとサインインリンクが届きます）
