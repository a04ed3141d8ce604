# `for ((;;))` with no condition at all: only the iteration budget ends it.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
for ((;;)); do :; done
