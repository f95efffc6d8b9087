## Status lines and titles the chat surfaces show while a job runs and when a late result is posted.

# A request waiting for a free slot. $position: its place in the line.
status-queued = Waiting in line: number { $position }…
status-working = Working on it…
# $ahead: how many of this bot's requests on the same gateway token wait before this one (0 = next).
status-gateway-queued = { $ahead ->
        [0] Queued — you are next (the gateway is busy)…
        [one] Queued — 1 ahead of you (the gateway is busy)…
       *[other] Queued — { $ahead } ahead of you (the gateway is busy)…
    }
# $elapsed: time since the gateway started on it, already formatted ("1 min 5 s").
status-working-elapsed = Working on it… { $elapsed }
status-starting-video = Starting the video…
# A running video: "Video j_abc (model): in progress ▓▓░░ 40%". $state: a job-state text.
status-video = Video { $job } ({ $model }): { $state } { $bar }
status-working-bar = Working… { $bar }
title-video-ready = Video ready
# A late result posted in the channel, after the member's mention (Discord). $kind: video | answer | image.
late-result-ready = { $kind ->
        [video] Your video is ready.
        [answer] Your answer is ready.
       *[image] Your image is ready.
    }
title-answer = Answer
footer-job = Job { $job }
# A result Telegram did not take at once: the bot posts it shortly.
status-handed-over = Your result is ready and was charged, but Telegram did not take it just now: the bot will post it here shortly.
button-expired = This button no longer works.
