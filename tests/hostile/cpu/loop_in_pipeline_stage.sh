# An infinite loop in a pipeline stage whose reader never reads.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
while :; do :; done | while :; do :; done
