## /settings（メンバー）と /setup defaults（管理者）。$key は入力どおりの設定キー（image_model、aspect、n など）。

settings-line = { $key }: { $value }（{ $source ->
        [member] このコミュニティでのあなたの設定
        [personal] すべての場所でのあなたの設定
        [community] このコミュニティの既定値
       *[bot] ボットの既定値
    }）
settings-title = あなたの設定（コマンドに入力したオプションが常に優先されます）:
settings-how = 変更するには { $cmd } <キー> <値>（すべてのコミュニティに適用するには "everywhere" を付けます）、元に戻すには { $cmd } <キー> reset。
# The placeholder of a menu of choices for one key (Discord).
settings-menu-placeholder = { $key }: 選択してください
settings-value-auto = 自動
settings-set = { $where ->
        [here] このコミュニティで
       *[everywhere] すべてのコミュニティで
    }{ $key } を { $value } にしました。
settings-reset = { $where ->
        [here] このコミュニティでの
       *[everywhere] すべてのコミュニティ向けの
    }{ $key } の設定を消去しました。現在は { $value }（{ $source ->
        [member] このコミュニティでのあなたの設定
        [personal] すべての場所でのあなたの設定
        [community] このコミュニティの既定値
       *[bot] ボットの既定値
    }）です。
settings-defaults-title = このコミュニティの既定値（自分の設定がないメンバー向け）:
settings-defaults-how = 変更するには { $cmd } <キー> <値>、削除するには { $cmd } <キー> reset。
settings-defaults-set = このコミュニティの { $key } の既定値を { $value } にしました。自分で選んだメンバーはその設定のままです。
settings-defaults-reset = このコミュニティの { $key } の既定値はなくなりました。{ $value }（ボットの既定値）が使われます。
settings-used = あなたの設定より: { $items }
settings-used-community = このコミュニティの既定値より: { $items }
settings-used-item = { $key ->
        [n] { $value } 枚
        [seconds] { $value } 秒
        [quality] 品質 { $value }
       *[other] { $value }
    }
