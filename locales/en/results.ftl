## Results and job views: titles, the name/value fields under a result, buttons, and job states.

# Buttons (short: Discord buttons and Telegram keyboards show about 20 characters comfortably).
action-reroll = Reroll
action-edit = Edit
action-animate = Animate
action-remix = Remix
action-vary = Vary
action-upscale = Upscale
# Numbered buttons under several images: V1 (a variation of image 1), U1 (an upscale of image 1). Keep them short.
action-vary-n = V{ $n }
action-upscale-n = U{ $n }
action-animate-last-frame = Animate with last frame
action-refresh = Refresh
# What the member is asked to type after pressing Edit / Remix.
action-edit-input = What should change?
action-remix-input = What should the new version show?

# Field names under a result or a job.
field-model = Model
field-size = Size
field-options = Options
field-cost = Cost
field-left = Left
field-job = Job
field-duration = Duration
# /job of a finished video: the length asked for (the delivered file's own length is in its caption).
field-duration-requested = Duration requested
field-status = Status
field-created = Created
field-tokens = Tokens
# $cost: money. Shown when the gateway's answer carried no token count.
field-cost-estimated = { $cost } (estimated: the gateway reported no token count, so the bot counted the text)
field-held = Held until delivered
field-ready-in = Ready
# Field values.
value-no-limit = no limit
value-seconds = { $n } s
# A delivered video whose file plays for another length than was asked. $n: seconds in the file; $requested: asked.
value-seconds-delivered = { $n } s ({ $requested } s requested)

result-image-title = Image ready
# Some images were larger than this chat accepts. $count: how many; $limit a size; $job the command to fetch them later.
result-images-too-large = { $count ->
        [one] 1 image exceeds this chat's { $limit } upload limit; use { $jobCmd } { $job } later.
       *[other] { $count } images exceed this chat's { $limit } upload limit; use { $jobCmd } { $job } later.
    }
# Fewer images were made than asked. $made, $requested: counts. Only the images delivered are charged.
result-images-partial = { $made } of { $requested } images were made; you are charged for { $made } only.
result-empty-answer = (empty answer)

# Announcing a video job. $seconds: the length, or 0 when the model decides.
estimate-video = { $seconds ->
        [0] Making a video with { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
       *[other] Making a video of { $seconds } s with { $model }{ $size ->
            [none] {""}
           *[other] {" "}({ $size })
        }.
    } Up to { $cost } is held and charged only if the video is delivered{ $left ->
        [none] .
       *[other] ; { $left } left after this.
    }{ $wait ->
        [none] {""}
       *[other] {" "}It usually takes about { $wait }.
    }
video-started-title = Video started
remix-started-title = Remix started
video-will-be-posted = Job { $job }: the video will be posted here when it is ready.

jobs-title = Your jobs
jobs-none = You have no jobs yet.
# One line of /jobs: "image · done · model · charged $0.04 · prompt". $money: what happened to its money (job-money).
jobs-line = { $kind } · { $state } · { $model } · { $money } · { $prompt }
job-title = { $kind } { $id }
job-files-too-large = { $count ->
        [one] 1 file of this job exceeds this chat's upload limit.
       *[other] { $count } files of this job exceed this chat's upload limit.
    }

# Kinds of jobs, as a member reads them.
job-kind = { $kind ->
        [imagine] image
        [edit] edit
        [video] video
       *[ask] answer
    }
# Job states in plain words (the money outcome is job-money's, never told here).
job-state = { $state ->
        [queued] waiting to start
        [working] in progress
        [delivering] being posted
        [done] done
        [failed] failed
        [timed_out] took too long
        [interrupted] stopped
       *[not_delivered] made, not posted
    }
# What happened to a job's money. $amount: the amount of that outcome. Never "held" for a job whose money was released or refunded.
job-money = { $outcome ->
        [held] held { $amount }
        [charged] charged { $amount }
        [charged_kept] charged { $amount }, result kept
        [refunded] refunded { $amount }
       *[none] nothing charged
    }

## Words the chat surfaces add themselves.
# Files of a reply over the chat's upload limit. $kind: image, video or file; $job: the command to fetch them, or "none".
surface-over-limit = { $count } { $kind ->
        [image] { $count ->
            [one] image exceeds
           *[other] images exceed
        }
        [video] { $count ->
            [one] video exceeds
           *[other] videos exceed
        }
       *[file] { $count ->
            [one] file exceeds
           *[other] files exceed
        }
    } this chat's { $limit } upload limit{ $job ->
        [none] .
       *[other] ; use { $job } later.
    }
# One file too large to post. $job: the command to fetch it later, or "none".
surface-file-too-large = { $name } ({ $size }) is too large to post here.{ $job ->
        [none] {""}
       *[other] {" "}It is kept for a while: { $job }.
    }

# The queue (/queue). Cancel takes a job out of the line before the gateway starts on it.
action-cancel = Cancel
action-cancel-job = Cancel { $id }
queue-title = Your queue
queue-title-all = Queue of this community
queue-none = You have no jobs waiting or running here.
queue-none-all = No jobs are waiting or running here.
queue-community = In this community: { $waiting } waiting, { $running } running.
queue-phase-queued = number { $position } in line
queue-phase-waiting = { $ahead ->
        [0] next for the gateway (it is busy)
        [one] 1 ahead of it for the gateway (it is busy)
       *[other] { $ahead } ahead of it for the gateway (it is busy)
    }
queue-phase-running = being made
queue-elapsed = { $elapsed } so far
queue-eta = about { $eta } left
queue-eta-overdue = taking longer than usual
queue-member = { $mine ->
        [yes] you
       *[other] member { $user }
    }
queue-cancel-which = Which job? Use { $cmd } cancel <job id>; { $cmd } lists your jobs.
queue-cancelled-title = Cancelled
queue-cancelled = Job { $id } ({ $kind }) was taken out of the line before the gateway started on it. { $held ->
        [yes] Its hold was released: nothing was charged.
       *[other] Nothing was charged.
    }
