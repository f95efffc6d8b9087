# Words of the w8 fixes.
# /job of a finished video: the seconds the gateway billed, shown when they differ from the length of the posted file.
field-duration-billed = 請求された秒数
