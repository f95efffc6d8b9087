# The admin's web pages (src/web/admin-pages.ts) and the web charts' tables (src/web/charts.ts).
web-admin-nav = Admin pages
web-admin-nav-budgets = Budgets
web-admin-nav-usage = Usage
web-admin-nav-prices = Prices
web-admin-nav-rules = Rules
web-admin-nav-queue = Queue
web-admin-nav-refs = Failure references
web-admin-nav-audit = Audit log
web-admin-usage-title = Usage in { $community }
web-admin-prices-title = Prices in { $community }
web-admin-rules-title = Rules in { $community }
web-admin-queue-title = Queue in { $community }
web-admin-refs-title = Failure references in { $community }
web-admin-audit-title = Audit log of { $community }
web-admin-period-word = { $period ->
    [day] Today
    [week] This week
    [month] This month
   *[total] All time
}
web-admin-period-every = { $period ->
    [day] Per day
    [week] Per week
    [month] Per month
   *[total] In total
}
web-admin-allowance = { $amount } per { $period ->
    [day] day
    [week] week
    [month] month
   *[total] all time
}
web-admin-unlimited = unlimited
web-admin-show-period = Period shown
web-admin-show = Show
web-admin-csv = Download as CSV
web-admin-by-member = By member
web-admin-by-model = By model
web-admin-by-day = By day
web-admin-col-day = Day
web-admin-col-when = When
web-admin-col-total = Total
web-admin-col-member = Member
web-admin-col-model = Model
web-admin-col-jobs = Jobs
web-admin-col-images = Images
web-admin-col-seconds = Video seconds
web-admin-col-tokens = Tokens
web-admin-col-spent = Spent
web-admin-no-model = (no job)
web-admin-no-usage = Nothing was spent in this period.
web-admin-community-limits = Community limits
web-admin-default = Default allowance per member: { $allowance }
web-admin-default-operator = (the operator's default)
web-admin-pool = Pool for all members together: { $allowance }
web-admin-no-pool = No pool for all members together.
web-admin-members = Members
web-admin-col-own = Own allowance
web-admin-col-blocked = Blocked
web-admin-col-spent-month = Spent this month
web-admin-col-actions = Changes
web-admin-uses-default = the default
web-admin-yes = yes
web-admin-no = no
web-admin-adjust-amount = Change (+/− US dollars)
web-admin-adjust-note = Note
web-admin-adjust = Adjust
web-admin-block-member = Block { $member }
web-admin-unblock-member = Unblock { $member }
web-admin-clear-member = Give { $member } the default again
web-admin-default-amount = Default allowance in US dollars (none = unlimited)
web-admin-default-period = Default period
web-admin-default-submit = Set default
web-admin-pool-amount = Pool in US dollars (none removes it)
web-admin-pool-period = Pool period
web-admin-pool-submit = Set pool
web-admin-no-members = No member has used the bot here yet.
web-admin-prices-now = Current prices
web-admin-price-model = Model to price
web-admin-price-usd = Price in US dollars
web-admin-price-per = Charged per
web-admin-per-default = what the model's kind says
web-admin-per-image = image
web-admin-per-second = second of video
web-admin-per-1k = 1,000 tokens
web-admin-price-set = Set price
web-admin-clear-model = Model whose price to clear
web-admin-price-clear = Clear price
web-admin-kind-model = Model whose kind to set
web-admin-kind = Kind
web-admin-kind-image = Image
web-admin-kind-video = Video
web-admin-kind-text = Text
web-admin-kind-auto = Automatic (forget the correction)
web-admin-kind-set = Set kind
web-admin-words = Word rules
web-admin-word-pattern = Word or pattern to refuse
web-admin-word-message = Message shown when a prompt is refused (optional)
web-admin-word-add = Add rule
web-admin-word-remove-pattern = Word or pattern to allow again
web-admin-word-remove = Remove rule
web-admin-word-clear = Remove every word rule
web-admin-channel = Channel rules (of the chat where you asked for the link)
web-admin-channel-rule = Rule
web-admin-rule-allow = Allow these commands too
web-admin-rule-only = Only these commands
web-admin-rule-silent = Silent (answer nothing here)
web-admin-rule-reset = No rules (reset)
web-admin-channel-commands = Commands (for "allow" and "only")
web-admin-channel-submit = Apply rule
web-admin-col-job = Job
web-admin-col-state = State
web-admin-cancel = Cancel { $id }
web-admin-cancel-id = Job id
web-admin-cancel-submit = Cancel job
web-admin-refs-help = A member who meets a failure sees a six-letter reference. Enter it to read what went wrong, with the details the bot logged.
web-admin-ref = Reference (e.g. K7Q2XM)
web-admin-ref-submit = Look up
web-admin-col-who = Who
web-admin-col-action = Action
web-admin-col-before = Before
web-admin-col-after = After
web-admin-audit-empty = No change has been recorded yet.
web-admin-pages = Audit log pages
web-admin-page = Page { $n }, newest first
web-admin-newer = Newer changes
web-admin-older = Older changes
web-admin-refs-recent = Latest references
web-admin-col-ref = Reference
web-admin-col-outcome = What the member read
web-admin-col-detail = Logged detail
web-admin-refs-none = No failure reference has been shown here yet.
