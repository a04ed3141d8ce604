# `continue` must not skip the iteration count.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
while :; do continue; done
