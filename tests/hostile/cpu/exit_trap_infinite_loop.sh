# An EXIT trap that loops forever after the body hit a limit: the first
# limit is the one reported, and the trap gets only a small budget.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2.5
trap 'while :; do :; done' EXIT
while :; do :; done
