## チャンネルルール (/setup channel) とプロンプトルール (/setup words)。

cmd-setup-channel = このチャンネルまたはトピックで使えるコマンドを選びます
cmd-setup-channel-opt-rule = show、allow、only、silent、reset のいずれか (既定: show)
cmd-setup-channel-opt-commands = allow と only で使うコマンド名 (例: video imagine)
choice-channel-show = ルールを表示
choice-channel-allow = allow: これらのコマンドは許可された場所でのみ使える
choice-channel-only = only: ここではこれ以外使えない
choice-channel-silent = silent: ここではメンバーに応答しない
choice-channel-reset = reset: このチャンネルのルールを削除
cmd-setup-words = 特定の語を含むプロンプトを拒否します (無料、課金前)
cmd-setup-words-opt-action = list、add、remove、clear のいずれか
cmd-setup-words-opt-pattern = 語またはパターン (語の中の * は任意の文字)
cmd-setup-words-opt-message = プロンプトが拒否されたときにメンバーに表示する文 (任意)
cmd-setup-words-opt-list = このコミュニティのリスト (既定) またはグローバル (ボットのオーナーのみ)
choice-words-list = 一覧
choice-words-add = 追加
choice-words-remove = 削除
choice-words-clear = すべて削除
choice-words-list-community = このコミュニティ
choice-words-list-global = グローバル (全コミュニティ)

channel-rules-none = チャンネルルールはありません。すべてのコマンドがすべてのチャンネルで使えます。{ $setup } で設定できます。
channel-rules-title = チャンネルルール:
channel-rule-line = { $here ->
        [yes] • { $channel } (ここ): { $rule }
       *[no] • { $channel }: { $rule }
    }
channel-rule-silent = 応答しない
channel-rule-only = { $commands } のみ
channel-rule-allow = { $commands } は許可したチャンネルでのみ使用可
channel-rule-done-allow = 完了: これらのコマンドは許可したチャンネルでのみ使えるようになりました。
channel-rule-done-only = 完了: ここではこれらのコマンドだけが使えるようになりました。
channel-rule-done-silent = 完了: ここではメンバーのコマンドに応答しなくなりました (管理者コマンドは使えます)。
channel-rule-done-reset = 完了: このチャンネルのルールを削除しました。
channel-rule-bad-commands = 不明なコマンド名: { $given }。video や imagine のようなコマンド名を指定してください。

words-list-empty = { $list ->
        [global] グローバルの語リストは空です。
       *[community] このコミュニティの語リストは空です。
    }
words-list-title = { $list ->
        [global] グローバルの語リスト ({ $count }):
       *[community] このコミュニティの語リスト ({ $count }):
    }
words-list-line = • { $pattern }
words-list-line-message = • { $pattern }:「{ $message }」
words-added = { $list ->
        [global] { $pattern } をグローバルのリストに追加しました。これを含むプロンプトは、すべてのコミュニティで課金前に拒否されます。
       *[community] { $pattern } をこのコミュニティのリストに追加しました。これを含むプロンプトは課金前に拒否されます。
    }
words-removed = { $pattern } を語リストから削除しました。
words-not-found = { $pattern } は語リストにありません。
words-cleared = 語リストから削除したルール: { $count } 件。
words-global-owners = グローバルの語リストを変更できるのはボットのオーナーだけです。
words-bad-pattern = 語またはパターンを指定してください: 文字または数字で、語の中の * は任意の文字を表します。

failure-not-in-channel = { $where ->
        [none] { $command } はこのチャンネルでは使えません。
       *[other] { $command } は次の場所でのみ使えます: { $where }。
    }
    .title = このチャンネルでは使えません
failure-prompt-blocked = { $message ->
        [none] このプロンプトには、このコミュニティで許可されていない語が含まれています。プロンプトを変えてもう一度お試しください。
       *[other] { $message }
    }
    .title = 許可されていないプロンプト
