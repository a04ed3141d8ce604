# `set -x` makes an empty loop print a trace line per command.
# limit: max_output=1M max_commands=1G max_loop_iterations=1G
# expect-stop: output
# expect-stderr-prefix: + :\n+ :\n
set -x
while :; do :; done
