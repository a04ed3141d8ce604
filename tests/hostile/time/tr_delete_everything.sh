# tr deletes every byte of an endless stream: no output ever, so only the
# wall clock stops it (tr checks for cancellation before every read).
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
yes | tr -d 'y\n'
