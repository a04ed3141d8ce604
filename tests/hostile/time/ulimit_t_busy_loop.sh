# `ulimit -t 1` before a busy loop: the lowered limit, not the run's 3 s
# wall clock, ends it (wall time stands in for CPU time in the sandbox).
# limit: wall_clock=3 max_commands=1G max_loop_iterations=1G
# expect-stop: timeout
# expect-max-seconds: 2
# after: ulimit -t
# after-stdout: 1
ulimit -t 1; while :; do :; done
