## /language（メンバー）と /setup language（管理者）。$name はその言語自身での名前（"español"）、$code は言語コード。

# $source: member（本人の選択）、community（コミュニティの既定）、platform（アプリの言語）、default。
# $available: 選べる言語（各言語自身の名前で、"English (en), español (es)"）。
language-current = ここでは{ $name }（{ $code }）でお話ししています。{ $source ->
        [member] あなたが選んだ言語です。
        [community] このコミュニティの既定の言語です。
        [platform] お使いのアプリの言語です。
       *[default] 既定の言語です。
    }
    選べる言語: { $available }
    /language <コード> で変更できます。既定に戻すには /language reset を送信してください。
language-set = これからは{ $name }（{ $code }）でお話しします。
language-reset = ご自身の言語設定を解除しました。現在は{ $name }（{ $code }）でお話ししています。
language-community-set = このコミュニティの既定の言語を{ $name }（{ $code }）に設定しました。自分で言語を選んだメンバーはその設定のままです。
language-community-reset = このコミュニティの既定の言語を解除しました。各メンバーにはお使いのアプリの言語で表示されます。
