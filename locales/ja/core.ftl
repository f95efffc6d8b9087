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

# How an admin names a member in /budget and the other admin commands, per surface ($surface: discord, telegram,
# console, cli or other). "me" stays as typed.
member-naming = { $surface ->
        [discord] コマンドのユーザー欄で選ぶか、数字の ID を指定してください。
        [telegram] その人のメッセージに返信する形でコマンドを送るか、@ユーザー名（ここで発言した後）または数字の ID を指定してください。
        [console] お試し環境にいるのはあなた一人です。me と書いてください。
        [cli] そのプラットフォームでの ID（Discord と Telegram では数字）か、ボットがそこで見かけた人の @ユーザー名を指定してください。
       *[other] メンションするか、その人のメッセージに返信するか、ID を指定してください。
    }
# /help of a command that names members. $how: member-naming; $name, $id: who the reader is on this surface.
help-naming = { $how }「me」はあなた自身です: { $name }（ID { $id }）。
