## Creating in chat: labels of /settings (Discord menus and buttons, Telegram inline keyboard) and the reasons of follow-ups.

# The name of a setting on menus and buttons. $key: image_model, video_model, text_model, aspect, seconds, quality, n, language, private.
settings-key-name = { $key ->
        [image_model] Image model
        [video_model] Video model
        [text_model] Text model
        [aspect] Aspect ratio
        [seconds] Video length
        [quality] Quality
        [n] Images per request
        [language] Language
        [private] Private results
       *[other] { $key }
    }
# A quick-choice button under /settings. $key as above; $value: what the button sets (1, 2, 4, 16:9, on, off).
settings-quick = { $key ->
        [n] { $value ->
            [1] 1 image
           *[other] { $value } images
        }
        [aspect] Aspect { $value }
        [private] { $value ->
            [on] Private results: turn on
           *[other] Private results: turn off
        }
       *[other] { $key } { $value }
    }
# /vary or /upscale on a job that made no image. $kind: video or ask; $id: the job; $imagine: the command to make an image.
failure-not-an-image = { $kind ->
        [video] Job { $id } is a video: variations and upscales are for images. Try the video's { action-remix } or { action-animate-last-frame } buttons instead.
       *[other] Job { $id } is an answer, not an image: variations and upscales are for images. Make one with { $imagine }.
    } Nothing was charged.
    .title = Not an image
