# The same empty loop with a huge command budget: the loop-iteration
# budget (10000 in strict) must stop it.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-stdout-empty:
# expect-max-seconds: 2
while true; do :; done
