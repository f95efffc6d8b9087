# The web's owner page, real sign-in (Telegram widget, Discord) and rate limits (src/web/owner-pages.ts).
web-nav-owner = Owner
web-owner-title = Owner overview
web-owner-communities = Communities
web-owner-none = The bot has not seen any community yet.
web-owner-kind = { $kind ->
    [guild] Discord server
    [group] group
    [private] private chat
   *[other] console
}
web-owner-col-community = Community
web-owner-col-day = Today
web-owner-col-week = This week
web-owner-col-month = This month
web-owner-col-access = Operator token
web-owner-col-action = Action
web-owner-open = open to all
web-owner-approved = approved
web-owner-pending = waiting for approval
web-owner-approve = Approve
web-owner-deny = Withdraw
web-owner-operator = The operator token today (UTC)
web-owner-cap = Daily cap
web-owner-cap-off = off
web-owner-spent = Spent today
web-owner-held = Held by running jobs
web-owner-left = Left today
web-owner-resets = Resets
web-owner-balance = Gateway balance
web-owner-drift = Reconciliation with the gateway
web-owner-drift-off = Not available: no gateway address is configured.
web-owner-drift-none = No billed jobs and no gateway entries since yesterday.
web-owner-drift-failed = The gateway's records of token { $token } could not be read.
web-owner-col-token = Token
web-owner-col-utc-day = Day (UTC)
web-owner-col-bot = Bot
web-owner-col-gateway = Gateway
web-owner-col-drift = Drift
web-owner-col-unmatched = Unmatched
web-owner-health = Process health
web-owner-ops-off = Process figures are not available in this process.
web-owner-ready = Readiness of this process: { $state ->
    [ok] ready
    [stopping] stopping
   *[other] not ready
}
web-owner-check-ok = ok
web-owner-check-failed = failing
web-owner-col-role = Role
web-owner-col-host = Host and process id
web-owner-col-started = Started
web-owner-col-seen = Last seen
web-sign-in-title = Sign in
web-sign-in-intro = Send /web in the chat for a one-time sign-in link, or sign in here with the account you use in the chat.
web-sign-in-telegram = With Telegram
web-sign-in-discord-title = With Discord
web-sign-in-discord = Sign in with Discord
web-sign-in-pick = Choose a community
web-sign-in-failed = The sign-in could not be verified. Try again, or send /web in the chat.
web-sign-in-no-community = I have not seen you in any community yet. Send a command in one, then sign in again.
web-too-many-title = Too many attempts
web-too-many = Too many attempts in a short time. Wait { $seconds } seconds, then try again.
