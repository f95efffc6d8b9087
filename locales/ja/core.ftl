## すべてのコマンドで共通して使うコマンド層の言葉。

# 管理者だけに見える返信の下に添える、管理者向けのお知らせ。$text: お知らせ本文（admin-alert-* メッセージ）。
admin-notice = 管理者へのお知らせ: { $text }

## /help。$help: この場所で /help を入力する形。
help-title = コマンド一覧
help-intro = メディアゲートウェイを通じて、画像・動画・回答を生成します。すべてのジョブはあなたの利用枠から支払われます。
help-more = 詳しくは { $help } <コマンド> を送信してください。
help-usage = 使い方:
help-options = オプション:
help-examples = 例:
help-only-owner = このコマンドはボットのオーナーのみ実行できます。
help-only-admins = このコマンドは管理者のみ実行できます。
