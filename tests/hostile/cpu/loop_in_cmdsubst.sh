# An infinite loop inside `$( )`: the budget is the run's, not the
# substitution's.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
x=$(while :; do :; done)
echo "not reached"
