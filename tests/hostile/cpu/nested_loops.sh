# Loops nested three deep, each infinite: iterations of all loops count
# together.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
while :; do while :; do until false; do :; done; done; done
