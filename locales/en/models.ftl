## /models and /prices. $model: a model id (verbatim). $kind: image, video or text. $variable: a configuration
## variable (DEFAULT_IMAGE_MODEL…), verbatim.

# Where a price comes from. $source: admin, operator, gateway or documented.
price-source = { $source ->
        [admin] set by an admin here
        [operator] operator's price file
        [gateway] gateway's published price
       *[documented] gateway's documented price
    }
price-none-yet = no price yet (an admin can set one)
price-not-on-sale = not on sale
# A text model's two prices. $input, $output: price-per-unit texts.
price-in-out = { $input } in, { $output } out
# A price and its source: "$0.04 / image (gateway's published price)".
price-with-source = { $price } ({ $source })
# A price the gateway publishes as an expression, one row per option: "1080p, with audio: $0.60 / second".
# $options: the option words; $price: a price-per-unit text.
price-option-row = { $options }: { $price }
# $quality: the image quality as the gateway names it (verbatim: low, medium, high…).
price-option-quality = quality { $quality }
price-option-default = default quality
price-option-other-resolution = other resolutions
# $audio: yes or no.
price-option-audio = { $audio ->
        [yes] with audio
       *[no] without audio
    }
# A price that depends on something known only after the job ran (the held amount is this maximum). $price: a price text.
price-at-most = at most { $price }

# The title of the /models answer.
models-title = Models
models-none = This token reaches no models.
models-default-mark = [default]
models-options = options: { $options }
# The same mark after a model in a list of "id · price" lines.
models-default-word = default
models-defaults = Defaults:
# $how: configured (set by the operator) or first (the first priced model of its kind in the gateway's list).
models-default-chosen = { $kind }: { $model } ({ $how ->
        [configured] set by { $variable }
       *[first] first priced { $kind } model in the gateway's list; set { $variable } to choose
    })
# $closest: the closest listed ids, or "none".
models-default-missing = { $kind }: { $variable }={ $model } is not listed here{ $closest ->
        [none] {""}
       *[other] {" "}(closest: { $closest })
    }
models-default-none = { $kind }: none (no priced { $kind } model is listed)
models-price-rule = Prices: an admin's own price wins, then the operator's price file, then the gateway's published price; a model with none is refused until an admin sets one (/prices set <model> <usd>).

prices-none = No admin prices here. Models use the operator's price file or the gateway's published prices; see /models.
# $lines: one model per line.
prices-list = Admin settings here (set by an admin here):
    { $lines }
prices-kind-of = kind { $kind }
prices-cleared = The admin price of { $model } was removed; it now costs { $price }.
prices-kind-set = { $model } is now treated as { $kind ->
        [image] an image
        [video] a video
       *[text] a text
    } model here.
# $listed: "no" when the token does not list that model.
# $unit: image, second or tokens (per 1,000 text tokens).
prices-set = { $model } now costs { $amount } per { $unit ->
        [image] image
        [second] second
       *[tokens] 1K tokens
    } here (set by an admin; it wins over other prices).{ $listed ->
        [no] {" "}Note: this token does not list that model.
       *[yes] {""}
    }
prices-error-model-id = Give the exact model id as /models lists it.
prices-error-kind = The kind is image, video, text or auto.
prices-error-zero = A price must be more than $0.
prices-error-unit = The unit is image, second or 1k (1,000 text tokens).
# $unit: image, second or tokens (per 1,000 text tokens). $amount: the lowest price allowed.
prices-error-below-cost = While the bot's own gateway token pays here, { $model } cannot cost less than the gateway charges for it: at least { $amount } per { $unit ->
        [image] image
        [second] second
       *[tokens] 1K tokens
    }. Link this community's own token with /setup to price it freely.
prices-error-no-cost = The bot does not know what the gateway charges for { $model }, so while the bot's own gateway token pays here only the bot's owner can price it. Link this community's own token with /setup to price it yourself.
