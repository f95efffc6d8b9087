## Status lines and titles the chat surfaces show while a job runs and when a late result is posted.

# A request waiting for a free slot. $position: its place in the line.
status-queued = Waiting in line: number { $position }…
status-working = Working on it…
status-starting-video = Starting the video…
# A running video: "Video j_abc (model): in progress ▓▓░░ 40%". $state: a job-state text.
status-video = Video { $job } ({ $model }): { $state } { $bar }
status-working-bar = Working… { $bar }
title-video-ready = Video ready
title-answer = Answer
footer-job = Job { $job }
# A result Telegram did not take at once: the bot posts it shortly.
status-handed-over = Your result is ready and was charged, but Telegram did not take it just now: the bot will post it here shortly.
button-expired = This button no longer works.
