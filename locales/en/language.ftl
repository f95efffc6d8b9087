## /language (members) and /setup language (admins). $name is the language's own name ("español"), $code its code.

# $source: member (their own choice), community (the community default), platform (their app's language), default.
# $available: the choices, each in its own language ("English (en), español (es)").
language-current = I speak { $name } ({ $code }) to you here, { $source ->
        [member] because you chose it.
        [community] the community's default.
        [platform] your app's language.
       *[default] the default.
    }
    Available: { $available }.
    Choose one with /language <code>, or go back to the default with /language reset.
language-set = From now on I speak { $name } ({ $code }) to you.
language-reset = Your own choice is cleared: I speak { $name } ({ $code }) to you now.
language-community-set = This community's default language is now { $name } ({ $code }). Members who chose their own keep it.
language-community-reset = This community has no default language any more: each member gets their app's language.
