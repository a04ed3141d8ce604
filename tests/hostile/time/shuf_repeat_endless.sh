# `shuf -r` without `-n` is an endless stream; into /dev/null no output
# limit stops it, so the wall clock must, and shuf must see it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
shuf -r -e a b c > /dev/null
