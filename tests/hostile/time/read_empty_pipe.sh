# `read` on a pipe whose writer never writes.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
sleep 1000 | read -r x
