## Channel rules (/setup channel) and prompt rules (/setup words).

cmd-setup-channel = Choose which commands work in this channel or topic
cmd-setup-channel-opt-rule = show, allow, only, silent or reset (default: show)
cmd-setup-channel-opt-commands = Command names for allow and only, e.g. video imagine
choice-channel-show = show the rules
choice-channel-allow = allow: these commands work only where allowed
choice-channel-only = only: nothing else works here
choice-channel-silent = silent: the bot ignores members here
choice-channel-reset = reset: remove this channel's rule
cmd-setup-words = Refuse prompts with certain words (free, before any charge)
cmd-setup-words-opt-action = list, add, remove or clear
cmd-setup-words-opt-pattern = A word or pattern (* inside a word stands for any letters)
cmd-setup-words-opt-message = What a member reads when a prompt is refused (optional)
cmd-setup-words-opt-list = This community's list (default) or the global one (bot owners only)
choice-words-list = list
choice-words-add = add
choice-words-remove = remove
choice-words-clear = clear
choice-words-list-community = this community
choice-words-list-global = global (every community)

# $setup: how to run /setup channel here.
channel-rules-none = No channel rules: every command works in every channel. Set one with { $setup }.
channel-rules-title = Channel rules:
# $channel: the channel's name or mention; $rule: its rule; $here: yes for the channel the command was typed in.
channel-rule-line = { $here ->
        [yes] • { $channel } (here): { $rule }
       *[no] • { $channel }: { $rule }
    }
channel-rule-silent = silent
channel-rule-only = only { $commands }
channel-rule-allow = { $commands } work only in channels that allow them
channel-rule-done-allow = Done: these commands now work only in the channels that allow them.
channel-rule-done-only = Done: only these commands work here now.
channel-rule-done-silent = Done: the bot now ignores member commands here (admin commands still work).
channel-rule-done-reset = Done: this channel has no rule any more.
channel-rule-bad-commands = Unknown command names: { $given }. Give command names such as video or imagine.

# $list: community or global.
words-list-empty = { $list ->
        [global] The global word list is empty.
       *[community] This community's word list is empty.
    }
words-list-title = { $list ->
        [global] Global word list ({ $count }):
       *[community] This community's word list ({ $count }):
    }
words-list-line = • { $pattern }
words-list-line-message = • { $pattern }: “{ $message }”
words-added = { $list ->
        [global] Added { $pattern } to the global word list: prompts with it are refused in every community, before any charge.
       *[community] Added { $pattern } to this community's word list: prompts with it are refused, before any charge.
    }
words-removed = Removed { $pattern } from the word list.
words-not-found = { $pattern } is not in the word list.
words-cleared = Rules removed from the word list: { $count }.
words-global-owners = Only the bot's owners can change the global word list.
words-bad-pattern = Give a word or pattern: letters or digits, with * inside a word for any letters.

# $command: the command as typed here; $where: the channels where it works, or none.
failure-not-in-channel = { $where ->
        [none] { $command } does not work in this channel.
       *[other] { $command } works only in: { $where }.
    }
    .title = Not in this channel
# $message: the rule's own words, or none.
failure-prompt-blocked = { $message ->
        [none] This prompt contains words this community does not allow. Change the prompt and try again.
       *[other] { $message }
    }
    .title = Prompt not allowed
