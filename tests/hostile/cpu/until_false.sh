# A busy `until false` loop.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
until false; do :; done
