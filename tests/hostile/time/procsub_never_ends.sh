# `cat` reads a process substitution whose list never writes nor ends:
# the wall clock stops the run, as it stops any silent pipe.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
cat <(sleep 1000)
